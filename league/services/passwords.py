"""What follows a password change, whichever door it came through (the reset link, the
admin, `manage.py changepassword`): a mail to the account's address, so an owner who did
not make the change hears of it (ASVS 2.2.3), and the account's failed logins forgotten.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.hashers import is_password_usable
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import MailKind
from league.services.logins import login_counts_forget
from league.services.mail import queue_mail

log = logging.getLogger(__name__)


def password_changed(*, user) -> None:
    """Queue the notice in the change's transaction; forget the failures after commit."""
    username = user.get_username()
    transaction.on_commit(lambda: login_counts_forget(username=username))
    if not user.email:
        return
    body = _(
        "Hello %(username)s,\n\n"
        "the password of your bluke-league login was changed on %(when)s (UTC).\n\n"
        "If you did this, there is nothing to do. If you did not, reset your password now "
        "at %(reset)s and tell your club's organiser.\n"
    ) % {"username": username,
         "when": timezone.now().strftime("%Y-%m-%d %H:%M"),
         "reset": settings.SITE_URL.rstrip("/") + reverse("password_reset")}
    try:
        queue_mail(to=user.email, subject=_("Your bluke-league password was changed"),
                   body=body, kind=MailKind.PASSWORD_CHANGED, account=user)
    except ValidationError:  # an address the admin typed wrongly must not undo the change
        log.warning("No password-change mail for %s: %r is not an address", username,
                    user.email)


# `set_password` keeps the new password in `_password` until the save that stores it: the
# one mark every door leaves. A password set where there was none usable (a new login, a
# profile given its first password) replaces nothing, so it sends no notice.

def before_user_saved(sender, instance, raw=False, **kwargs) -> None:
    """pre_save of the user model: note whether a usable password is being replaced."""
    if raw or instance.pk is None or getattr(instance, "_password", None) is None:
        return
    old = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._replaces_a_password = bool(old) and is_password_usable(old)


def after_user_saved(sender, instance, created, raw=False, **kwargs) -> None:
    """post_save of the user model: the change is stored, follow it up."""
    if getattr(instance, "_replaces_a_password", False):
        instance._replaces_a_password = False
        password_changed(user=instance)
