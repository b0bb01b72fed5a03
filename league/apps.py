from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self):
        from django.conf import settings
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save, pre_save

        from league import session_limits
        from league.services import passwords

        user_logged_in.connect(session_limits.stamp_login, dispatch_uid="league.login_stamp")

        # The one place every password change passes (reset, admin, command).
        user_model = settings.AUTH_USER_MODEL
        pre_save.connect(passwords.before_user_saved, sender=user_model,
                         dispatch_uid="league.password_before")
        post_save.connect(passwords.after_user_saved, sender=user_model,
                          dispatch_uid="league.password_after")
