"""Players' notice mails: unsubscribe links and the player's switches (namespace `notices`)."""

from django.urls import path

from league import views_notices

app_name = "notices"

urlpatterns = [
    path("unsubscribe/<str:token>/", views_notices.unsubscribe, name="unsubscribe"),
    path("me/mail/", views_notices.my_notices, name="mine"),
]
