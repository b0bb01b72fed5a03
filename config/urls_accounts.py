"""A person's own login: claiming a player profile, and resetting a forgotten password.

The reset pages are Django's; their e-mail is queued in the outbox and sent by a worker
(`league.forms_password_reset`), through the configured backend (the console when no SMTP
host is set, see README).
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from league import views_claim
from league.forms_password_reset import QueuedPasswordResetForm

urlpatterns = [
    path("claim/<str:token>/", views_claim.claim, name="claim"),
    path("players/<int:pk>/claim-link/", views_claim.player_claim_link, name="claim-link"),
    path("accounts/password-reset/",
         auth_views.PasswordResetView.as_view(form_class=QueuedPasswordResetForm),
         name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
]
