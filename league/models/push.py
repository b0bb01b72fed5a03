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


class PushState(models.TextChoices):
    QUEUED = "queued", _("queued")
    SENT = "sent", _("sent")
    FAILED = "failed", _("failed")
    GONE = "gone", _("browser gone")


class PushMessage(models.Model):
    """One notice to one browser by Web Push: the push channel's outbox row.

    Written in the transaction of the change that sends it, sent by a worker
    (`league.services.push_delivery`). At most once: `dedupe_key`
    (`<notice>:<what>:player-<id>:push:<subscription id>`) is unique, so queueing a notice
    again adds no row, and `send_started_at` is set just before the push service is called,
    so a worker killed during the call leaves a row that is given up, not sent again.
    The text is blanked once the message is sent or given up."""

    player = models.ForeignKey("league.Player", on_delete=models.CASCADE,
                               related_name="push_messages")
    # Null once the browser is forgotten (by the player, or after a 404/410): the row stays
    # in the organisers' log as `gone`.
    subscription = models.ForeignKey(PushSubscription, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="messages")
    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="+")
    notice = models.CharField(max_length=32)
    dedupe_key = models.CharField(max_length=150, unique=True)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    url = models.URLField(max_length=500, blank=True)
    state = models.CharField(max_length=8, choices=PushState.choices, default=PushState.QUEUED)
    created_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text=_("Not sent before this (back-off after a failure)."))
    claimed_by = models.UUIDField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    send_started_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("push message")
        verbose_name_plural = _("push messages")
        indexes = [models.Index(fields=["state", "due_at"], name="push_message_due"),
                   models.Index(fields=["club", "created_at"], name="push_message_club")]

    def __str__(self) -> str:
        return f"{self.notice} to {self.player} by push ({self.get_state_display()})"
