"""Players' notice mails: unsubscribe links and the player's switches (namespace `notices`)."""

from django.urls import path

from league import views_notices, views_push

app_name = "notices"

urlpatterns = [
    path("unsubscribe/<str:token>/", views_notices.unsubscribe, name="unsubscribe"),
    path("me/mail/", views_notices.my_notices, name="mine"),
    path("me/push/key/", views_push.push_key, name="push-key"),
    path("me/push/subscription/", views_push.push_subscription, name="push-subscribe"),
    path("me/push/subscription/remove/", views_push.push_subscription_remove,
         name="push-unsubscribe"),
]
