"""What happens after a result is stored, corrected or removed.

`result_submit` and `result_remove` call `after_result_saved` / `after_result_removed`
INSIDE the transaction that changes the result: the recomputes it owes are written there
as `PendingRecompute` rows, so they commit with the result or not at all. After commit a
worker is asked to drain them (`league.services.followups_drain`); when the broker cannot
be reached the rows simply wait for the beat entry or the `drain_followups` command.
A committed result is never turned into an error by the broker.
"""

import logging
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.models import PendingRecompute, RecomputeKind
from tournaments.models import TableResult

log = logging.getLogger(__name__)

# Inside `followups_batched()` the rows are still written per result, but the worker is
# asked once, at the end.
_batched: ContextVar[bool] = ContextVar("followups_batched", default=False)

# Seconds without kicks after a broker error (beat drains every 60 s anyway).
BROKER_PAUSE = 10.0
_broker_failed_at: float | None = None


def after_result_saved(game_id: int) -> None:
    """Owe the game's season standings and its rating pool(s) a recompute.

    Call inside the transaction that stores the result. Both recomputes are idempotent,
    so a duplicate request costs time but never corrupts anything.
    """
    season_id = _season_of(game_id)
    followups_request(season_ids=[season_id] if season_id else [], game_ids=[game_id])


def after_result_removed(*, game_id: int, season_id: int | None) -> None:
    """Owe the recomputes after a result was deleted (call inside the deleting transaction).

    `season_id` is captured by the caller before the delete: afterwards nothing leads from
    the game id back to its season. The ratings drain sees the game is gone and replays the
    pools holding its orphaned history rows.
    """
    followups_request(season_ids=[season_id] if season_id else [], game_ids=[game_id])


def followups_request(*, season_ids: Iterable[int] = (), game_ids: Iterable[int] = ()) -> None:
    """Write the owed recomputes in the current transaction; ask a worker after commit."""
    now = timezone.now()
    rows = [PendingRecompute(kind=RecomputeKind.STANDINGS, target_id=season_id,
                             requested_at=now, due_at=now) for season_id in sorted(season_ids)]
    rows += [PendingRecompute(kind=RecomputeKind.RATINGS, target_id=game_id,
                              requested_at=now, due_at=now) for game_id in sorted(game_ids)]
    PendingRecompute.objects.bulk_create(rows)
    if not _batched.get():
        transaction.on_commit(followups_kick)


def followups_kick() -> None:
    """Ask a worker to drain the owed recomputes now, if the broker answers.

    Never raises: the rows are committed already, and the beat entry (or the
    `drain_followups` command) drains whatever a failed kick leaves behind. One publish
    attempt, bounded by the broker socket timeouts (about 2 s, not 30 s); after a broker
    error this process skips kicks for BROKER_PAUSE, so an outage costs one slow answer,
    not one per request.
    """
    from league import tasks

    global _broker_failed_at
    if _broker_failed_at is not None and time.monotonic() - _broker_failed_at < BROKER_PAUSE:
        return
    try:
        tasks.drain_followups.apply_async(ignore_result=True, retry=False)
    except BrokerError:
        _broker_failed_at = time.monotonic()
        log.warning("broker unreachable: follow-up drain not queued; the periodic drain "
                    "will pick it up", exc_info=True)
    except Exception:  # (eager mode) the drain itself failed; its rows stay owed
        log.exception("follow-up drain failed; the periodic drain will pick it up")


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


def _season_of(game_id: int) -> int | None:
    return (
        TableResult.objects.filter(pk=game_id)
        .values_list("table__round__event__season_id", flat=True)
        .first()
    )
