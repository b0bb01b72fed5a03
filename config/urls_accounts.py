"""A person's own login: claiming a player profile, and resetting a forgotten password.

The reset pages are Django's, except that the reset request only notes the address: a
worker composes the mail and sends it from the outbox (`league.services.password_resets`),
through the configured backend (the console when no SMTP host is set, see README).
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from league import views_claim, views_password_reset

urlpatterns = [
    path("claim/<str:token>/", views_claim.claim, name="claim"),
    path("players/<int:pk>/claim-link/", views_claim.player_claim_link, name="claim-link"),
    path("accounts/password-reset/",
         views_password_reset.PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
]
