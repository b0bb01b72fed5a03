from django.db import models
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """One browser's Web Push subscription (RFC 8030, keys of RFC 8291) for a player.

    Made by the player's own browser (`static/js/push.js`); the endpoint is the push
    service's URL for that browser, unique: subscribing again updates the keys."""

    player = models.ForeignKey("league.Player", on_delete=models.CASCADE,
                               related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text=_("The browser's public key."))
    auth = models.CharField(max_length=100, help_text=_("The browser's auth secret."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.player}: push to {self.endpoint[:40]}"
