"""The outbox of recomputes a change owes, and the after-commit call that drains it.

A change that moves standings or ratings (a result stored, corrected or removed; a season's
standings rules changed) writes the recomputes it owes as `PendingRecompute` rows INSIDE its
own transaction, so they commit with the change or not at all (`followups_request`; the
result side is `tournaments.services.followups`). After commit `recomputes_owed` is sent;
the rankings app listens and asks a worker to drain the rows
(`rankings.services.followups_drain`). When nothing drains at once the rows wait for the
beat entry or the `drain_followups` command. A committed change is never turned into an
error by the broker.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction
from django.utils import timezone

from league.models import PendingRecompute, RecomputeKind
from league.signals import recomputes_owed

# Inside `followups_batched()` the rows are still written per result, but the worker is
# asked once, at the end.
_batched: ContextVar[bool] = ContextVar("followups_batched", default=False)


def followups_request(*, season_ids: Iterable[int] = (), game_ids: Iterable[int] = (),
                      federation_ids: Iterable[int] = ()) -> None:
    """Write the owed recomputes in the current transaction; ask a worker after commit."""
    now = timezone.now()
    rows = [PendingRecompute(kind=RecomputeKind.STANDINGS, target_id=season_id,
                             requested_at=now, due_at=now) for season_id in sorted(season_ids)]
    rows += [PendingRecompute(kind=RecomputeKind.RATINGS, target_id=game_id,
                              requested_at=now, due_at=now) for game_id in sorted(game_ids)]
    rows += [PendingRecompute(kind=RecomputeKind.FEDERATION, target_id=federation_id,
                              requested_at=now, due_at=now)
             for federation_id in sorted(federation_ids)]
    PendingRecompute.objects.bulk_create(rows)
    if not _batched.get():
        transaction.on_commit(followups_kick)


def followups_kick() -> None:
    """Tell whoever drains the outbox (the rankings app) that rows are waiting.

    Runs after commit; the listener never raises (see `rankings.services.followups_drain`).
    """
    recomputes_owed.send(sender=PendingRecompute)


@contextmanager
def followups_batched() -> Iterator[None]:
    """Ask for one drain after many results instead of one per result.

    For bulk work (the demo season, imports): every result still writes its rows, so
    nothing is lost if the batch stops half-way, and the drain coalesces them into one
    recompute per season and per game.
    """
    token = _batched.set(True)
    try:
        yield
    finally:
        _batched.reset(token)
    transaction.on_commit(followups_kick)

