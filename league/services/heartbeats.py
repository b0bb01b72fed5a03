"""Heartbeats of the background processes, and how old they are (for /healthz)."""

from __future__ import annotations

from django.utils import timezone

from league.models import Heartbeat, PendingRecompute


def heartbeat_record(*, name: str) -> None:
    """`name` is alive now (one upsert)."""
    Heartbeat.objects.update_or_create(name=name, defaults={"at": timezone.now()})


def heartbeat_age(name: str) -> float | None:
    """Seconds since `name` last beat; None when it never did."""
    at = Heartbeat.objects.filter(name=name).values_list("at", flat=True).first()
    return None if at is None else (timezone.now() - at).total_seconds()


def outbox_age() -> float:
    """Seconds the oldest owed recompute that is due now has waited (0: none waits)."""
    now = timezone.now()
    oldest = (PendingRecompute.objects.filter(due_at__lte=now).order_by("requested_at")
              .values_list("requested_at", flat=True).first())
    return 0.0 if oldest is None else max((now - oldest).total_seconds(), 0.0)
