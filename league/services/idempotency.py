"""Writes for Idempotency-Key records: pruning old keys and their stored responses."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from league.models import IdempotencyRecord

# Clients retry within minutes; a day is generous and keeps the table small.
KEEP_FOR = timedelta(hours=24)


def idempotency_prune(*, older_than: timedelta = KEEP_FOR) -> int:
    """Delete keys first used more than `older_than` ago; returns how many went.

    A key still in flight that old belongs to a request that died long ago (its lease
    ran out within a minute), so it goes too.
    """
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - older_than).delete()
    return deleted
