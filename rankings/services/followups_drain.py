"""Run the owed recomputes (`PendingRecompute` rows) and delete what was done.

The drain computes what is still to do from the database, so a redelivered task, a
second worker or the periodic reconciler running at the same time is harmless: rows are
claimed with a conditional update (no lock held while recomputing), a claim runs out
after LEASE so a killed worker's rows come back (a live drain renews its claim while it
recomputes), and the recomputes themselves lock their season or pool row and are
idempotent.

Database errors (connection cut, deadlock; Django's or the driver's own) propagate so
the task retries with backoff;
any other failure postpones just that target with its own backoff and the drain goes on.

`followups_kick` listens to `league.signals.recomputes_owed` (connected in
`RankingsConfig.ready`): after a change commits, it asks a worker for a drain.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.database_errors import DATABASE_ERRORS
from league.models import Federation, PendingRecompute, RecomputeKind
from rankings.services.federations import federation_recompute
from rankings.services.ratings import ratings_update_for_game, ratings_update_for_games
from rankings.services.standings import standings_recompute
from rankings.standings import StandingsConfigError

log = logging.getLogger(__name__)

# A killed worker's target comes back within LEASE; a live drain renews its claim every
# RENEW_EVERY while it recomputes (a 1M-game pool's full rebuild takes ~40 s), so a long
# recompute is never taken up twice. With the worker's own drain every 15 s
# (config/celery.py), a killed worker's work is done again within about 45 s.
LEASE = timedelta(seconds=30)
RENEW_EVERY = 10.0
FIRST_BACKOFF = timedelta(seconds=10)
MAX_BACKOFF = timedelta(hours=1)

# Seconds without kicks after a broker error (beat drains every 60 s anyway).
BROKER_PAUSE = 10.0
_broker_failed_at: float | None = None


@dataclass(frozen=True)
class DrainReport:
    done: int  # targets recomputed
    failed: int  # targets postponed after an error
    due: int  # rows still due when the drain stopped (claimed by others included)


@dataclass(frozen=True)
class _Claim:
    kind: str
    target_id: int
    claimed_by: uuid.UUID


def followups_drain(*, limit: int = 200) -> DrainReport:
    """Recompute up to `limit` owed targets, oldest first; returns what was done.

    Due ratings targets are taken together and each pool they touch is brought up to
    date once (a batch of results otherwise checks its pools once per result). If such
    a batch fails, the rest of this drain takes them one by one, so only the failing
    result is postponed.
    """
    done = failed = 0
    batching = True
    while done + failed < limit:
        claim = _claim_next()
        if claim is None:
            break
        targets = _claim_ratings_batch(claim, limit - done - failed) \
            if batching and claim.kind == RecomputeKind.RATINGS else [claim.target_id]
        if len(targets) > 1:
            if _run_ratings_batch(claim, targets):
                done += len(targets)
            else:
                batching = False
        elif _run(claim):
            done += 1
        else:
            failed += 1
    return DrainReport(done=done, failed=failed, due=_due(timezone.now()).count())


def followups_kick(**_signal) -> None:
    """Ask a worker to drain the owed recomputes now, if the broker answers.

    Never raises: the rows are committed already, and the beat entry (or the
    `drain_followups` command) drains whatever a failed kick leaves behind. One publish
    attempt, bounded by the broker socket timeouts (about 2 s, not 30 s); after a broker
    error this process skips kicks for BROKER_PAUSE, so an outage costs one slow answer,
    not one per request.
    """
    from rankings import tasks

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


def followups_pending() -> int:
    """How many owed recomputes are stored (due or waiting for a backoff or a claim)."""
    return PendingRecompute.objects.count()


def _due(now):
    return PendingRecompute.objects.filter(due_at__lte=now).filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))


def _claim_next() -> _Claim | None:
    """Claim every due row of the oldest due target; None when nothing is due."""
    while True:
        now = timezone.now()
        head = _due(now).order_by("due_at", "pk").values_list("kind", "target_id").first()
        if head is None:
            return None
        claim = _Claim(*head, claimed_by=uuid.uuid4())
        won = _due(now).filter(kind=claim.kind, target_id=claim.target_id).update(
            claimed_by=claim.claimed_by, claimed_until=now + LEASE)
        if won:
            return claim
        # Another drain claimed it between our read and our update: look again.


def _claim_ratings_batch(claim: _Claim, room: int) -> list[int]:
    """Add other due ratings targets (up to `room` in all) to `claim`; its targets, sorted."""
    now = timezone.now()
    others = list(_due(now).filter(kind=RecomputeKind.RATINGS).exclude(
        target_id=claim.target_id).order_by("due_at", "pk").values_list(
        "target_id", flat=True).distinct()[:max(room - 1, 0)])
    if others:  # rows another drain claims meanwhile are simply not ours
        _due(now).filter(kind=RecomputeKind.RATINGS, target_id__in=others).update(
            claimed_by=claim.claimed_by, claimed_until=now + LEASE)
    return sorted(set(_mine(claim).values_list("target_id", flat=True)))


def _run_ratings_batch(claim: _Claim, targets: list[int]) -> bool:
    """Rate the batch's results; on failure give its rows back (True when done)."""
    try:
        with _renewed(claim):
            ratings_update_for_games(game_ids=targets)
    except DATABASE_ERRORS:
        _release_after_database_error(claim)
        raise
    except Exception:
        log.exception("recompute of %s ratings targets failed; taking them one by one",
                      len(targets))
        _mine(claim).update(claimed_by=None, claimed_until=None)
        return False
    _mine(claim).delete()
    return True


def _mine(claim: _Claim):
    return PendingRecompute.objects.filter(claimed_by=claim.claimed_by)


def _run(claim: _Claim) -> bool:
    try:
        with _renewed(claim):
            _recompute(claim)
    except DATABASE_ERRORS:
        _release_after_database_error(claim)
        raise
    except StandingsConfigError as exc:
        # Retrying cannot fix the season's rules; changing them requests a new recompute.
        log.error("standings not recomputed: %s", exc)
    except Exception as exc:
        log.exception("recompute of %s %s failed; postponed", claim.kind, claim.target_id)
        _postpone(claim, exc)
        return False
    # Only the rows we claimed: a request made during the recompute stays owed.
    _mine(claim).delete()
    return True


@contextmanager
def _renewed(claim: _Claim):
    """Keep the claim alive from another thread (and its own connection) meanwhile."""
    done = threading.Event()

    def renew():
        try:
            while not done.wait(RENEW_EVERY):
                _mine(claim).update(claimed_until=timezone.now() + LEASE)
        except DATABASE_ERRORS:
            log.warning("could not renew the claim on %s %s", claim.kind, claim.target_id)
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=renew, name="drain-claim", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def _recompute(claim: _Claim) -> None:
    if claim.kind == RecomputeKind.STANDINGS:
        standings_recompute(season_id=claim.target_id)
    elif claim.kind == RecomputeKind.FEDERATION:
        if Federation.objects.filter(pk=claim.target_id).exists():  # not deleted meanwhile
            federation_recompute(federation_id=claim.target_id)
    else:
        ratings_update_for_game(game_id=claim.target_id)


def _postpone(claim: _Claim, exc: Exception) -> None:
    row = _mine(claim).order_by("-attempts").values_list("attempts", flat=True).first() or 0
    delay = min(FIRST_BACKOFF * 2 ** row, MAX_BACKOFF)
    _mine(claim).update(attempts=F("attempts") + 1, last_error=repr(exc)[:2000],
                        due_at=timezone.now() + delay, claimed_by=None, claimed_until=None)


def _release_after_database_error(claim: _Claim) -> None:
    """Give the rows back at once so the task's retry finds them (if the database lets us)."""
    if not connection.in_atomic_block:
        connection.close()  # a cut connection is unusable; the next query reconnects
    try:
        _mine(claim).update(claimed_by=None, claimed_until=None)
    except DATABASE_ERRORS:
        log.warning("could not release %s %s; its claim runs out in %s",
                    claim.kind, claim.target_id, LEASE)
