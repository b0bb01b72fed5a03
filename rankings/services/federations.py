"""Federation pools: which closed nights count, and keeping the pools equal to a recompute.

A member club's closed night of the game it joined for counts once its correction
window (`Club.correction_days`) has passed since it closed: `federation_sync` moves such
nights in (`FederationNight`) and rates them through the same services as a club's pools.
A correction of a counted night recomputes the federation's pool from scratch
(`ratings_update_for_game`); so does a club leaving, or a person linking or unlinking
player rows (`federation_recompute`, owed through the outbox). Counted nights stay counted when a club lengthens its window later.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from league.models import Federation, FederationClub, FederationState
from rankings.models import FederationNight
from rankings.selectors_closing import closed_at
from rankings.services.ratings import ratings_update
from rankings.services.ratings.pools import ensure_federation_pools
from tournaments.models import Event, EventStatus


@dataclass(frozen=True)
class SyncReport:
    federation: str
    added: int  # nights that started to count
    removed: int  # nights of clubs that left
    waiting: int  # closed nights still inside their club's correction window
    rated: int  # games (re)rated in the federation's pools


def member_nights(federation: Federation) -> tuple[list[Event], dict[int, int]]:
    """The closed nights of the member clubs for their games, and each club's window."""
    members = FederationClub.objects.filter(
        federation=federation, state=FederationState.MEMBER).select_related("club")
    events, windows = [], {}
    for member in members:
        windows[member.club_id] = member.club.correction_days
        events += Event.objects.filter(club_id=member.club_id, game=member.game,
                                       status=EventStatus.CLOSED).only("pk", "name", "date", "club_id")
    return events, windows


def waiting_nights(federation: Federation, now=None) -> list[tuple[Event, datetime.datetime]]:
    """Closed nights not counted yet, with the time each will count (for the staff page)."""
    now = now or timezone.now()
    events, windows = member_nights(federation)
    counted = set(FederationNight.objects.filter(federation=federation).values_list(
        "event_id", flat=True))
    closed = closed_at([e for e in events if e.pk not in counted])
    return sorted(((e, closed[e.pk] + datetime.timedelta(days=windows[e.club_id]))
                   for e in events if e.pk not in counted), key=lambda pair: pair[1])


def federation_sync(*, federation_id: int, full: bool = False, now=None,
                    progress: Callable[[int], None] | None = None) -> SyncReport:
    """Count the nights whose window passed, drop those of clubs that left, rate the pools.

    One transaction, with the federation's row locked: a second sync waits, then finds
    nothing to do. ``full`` rebuilds every pool (after links changed who is who).
    """
    now = now or timezone.now()
    with transaction.atomic():
        federation = Federation.objects.select_for_update().get(pk=federation_id)
        events, windows = member_nights(federation)
        counted = set(FederationNight.objects.filter(federation=federation).values_list(
            "event_id", flat=True))
        closed = closed_at([e for e in events if e.pk not in counted])
        due = {e.pk for e in events if e.pk in closed
               and closed[e.pk] + datetime.timedelta(days=windows[e.club_id]) <= now}
        removed = counted - {e.pk for e in events}
        FederationNight.objects.filter(federation=federation, event_id__in=removed).delete()
        FederationNight.objects.bulk_create(
            [FederationNight(federation=federation, event_id=pk) for pk in sorted(due)],
            ignore_conflicts=True)
        rated = sum(ratings_update(pool_id=pool.pk, full=full or bool(removed), progress=progress)
                    for pool in ensure_federation_pools(federation_id=federation.pk))
    return SyncReport(federation.slug, len(due), len(removed),
                      len(closed) - len(due), rated)


def federation_recompute(*, federation_id: int, progress=None) -> SyncReport:
    """From scratch: the nights that count now, every pool rebuilt (the outbox's target)."""
    return federation_sync(federation_id=federation_id, full=True, progress=progress)


def federations_sync(*, now=None) -> list[SyncReport]:
    """Every federation (the periodic job: nights whose window passed move in)."""
    return [federation_sync(federation_id=pk, now=now)
            for pk in Federation.objects.order_by("pk").values_list("pk", flat=True)]
