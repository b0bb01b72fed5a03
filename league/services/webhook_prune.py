"""Forget old webhook events and their deliveries (`WEBHOOK_RETENTION_DAYS`, default 30).

An event goes once it is older than the retention and none of its deliveries is still
queued; its delivery rows go with it (cascade). Retries stop a day after the event, so a
retention of at least two days never deletes what a worker may still send. Deleted in
batches, so an hourly run after a long pause never holds one long transaction.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Exists, OuterRef
from django.utils import timezone

from league.models import DeliveryState, WebhookDelivery, WebhookEvent

MIN_RETENTION = timedelta(days=2)  # longer than the day of retries
BATCH = 1000


def webhooks_retention() -> timedelta:
    keep = timedelta(days=settings.WEBHOOK_RETENTION_DAYS)
    if keep < MIN_RETENTION:
        raise ImproperlyConfigured("WEBHOOK_RETENTION_DAYS must be at least 2: retries last "
                                   "a day after the event.")
    return keep


def webhooks_prune(*, older_than: timedelta | None = None) -> int:
    """Delete the events older than `older_than` (the retention) with nothing queued;
    returns how many events went."""
    keep = max(older_than if older_than is not None else webhooks_retention(), MIN_RETENTION)
    queued = WebhookDelivery.objects.filter(event=OuterRef("pk"), state=DeliveryState.QUEUED)
    old = (WebhookEvent.objects.filter(created_at__lt=timezone.now() - keep)
           .exclude(Exists(queued)))
    deleted = 0
    while pks := list(old.values_list("pk", flat=True)[:BATCH]):
        WebhookDelivery.objects.filter(event_id__in=pks).delete()
        deleted += WebhookEvent.objects.filter(pk__in=pks).delete()[1].get(
            WebhookEvent._meta.label, 0)
    return deleted
