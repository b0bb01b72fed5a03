import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Club


class WebhookEventType(models.TextChoices):
    """What a club's webhooks can be told (the `type` of a delivery's body)."""

    RESULT_STORED = "result.stored", _("a result stored")
    RESULT_CORRECTED = "result.corrected", _("a result corrected")
    RESULT_REMOVED = "result.removed", _("a result removed")
    SEATING_PUBLISHED = "seating.published", _("seating published")
    NIGHT_CLOSED = "night.closed", _("a night closed")
    NIGHT_CREATED = "night.created", _("a night created")
    SEASON_CREATED = "season.created", _("a season created")


ALL_EVENTS = "*"


class DeliveryState(models.TextChoices):
    QUEUED = "queued", _("queued")
    SENT = "sent", _("sent")
    FAILED = "failed", _("failed")


class Webhook(models.Model):
    """A URL of the club's that is told, signed with `secret`, about the `events` it asked for
    (`["*"]` for all). Removed hooks are deleted with their pending deliveries."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    # Kept in clear: each delivery is signed with it (HMAC), so it cannot be a hash.
    secret = models.CharField(max_length=200)
    events = models.JSONField(default=list)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url

    def wants(self, event_type: str) -> bool:
        return ALL_EVENTS in self.events or event_type in self.events


class WebhookEvent(models.Model):
    """Something that happened in a club, once: its id is the one every delivery and every
    retry of it carries, so a receiver can drop a repeat."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    type = models.CharField(max_length=32, choices=WebhookEventType.choices)
    created_at = models.DateTimeField()
    data = models.JSONField(default=dict)
    text = models.CharField(max_length=500, help_text=_("One line for a chat channel."))

    class Meta:
        verbose_name = _("webhook event")
        verbose_name_plural = _("webhook events")

    def __str__(self) -> str:
        return f"{self.type} {self.id}"


class WebhookDelivery(models.Model):
    """One event to one webhook: written with the change, sent by a worker after commit,
    leased and retried like `QueuedMail`. One row per (event, webhook): a retried task
    resends the same row, never a second event."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(WebhookEvent, on_delete=models.CASCADE, related_name="deliveries")
    state = models.CharField(max_length=8, choices=DeliveryState.choices,
                             default=DeliveryState.QUEUED)
    created_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text=_("Not sent before this (back-off after a failure)."))
    claimed_by = models.UUIDField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True,
                                                   help_text=_("The receiver's HTTP status."))
    last_error = models.CharField(max_length=500, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        constraints = [models.UniqueConstraint(fields=["event", "webhook"],
                                               name="webhook_delivery_once")]
        indexes = [models.Index(fields=["state", "due_at"], name="webhook_delivery_due")]

    def __str__(self) -> str:
        return f"{self.event} to {self.webhook} ({self.get_state_display()})"
