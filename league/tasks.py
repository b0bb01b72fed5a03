"""Celery tasks of the league app: thin, idempotent, each calls one service.

Every task here is safe to run twice, so they are acknowledged late and retried with
exponential backoff when the database or the broker fails under them.
"""

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from league.services.followups_drain import followups_drain
from league.services.idempotency import idempotency_prune
from league.services.ratings import ratings_update, ratings_update_for_game
from league.services.standings import standings_recompute
from league.standings import StandingsConfigError

log = logging.getLogger(__name__)

RETRYING = {
    "autoretry_for": (OperationalError, InterfaceError, BrokerError),
    "retry_backoff": True,  # 1 s, 2 s, 4 s, ... with jitter
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
    "acks_late": True,
    "reject_on_worker_lost": True,
}


@shared_task(name="league.drain_followups", ignore_result=True, **RETRYING)
def drain_followups() -> int:
    """Run the owed standings and ratings recomputes (queued after commit, and by beat)."""
    report = followups_drain()
    if report.failed:
        log.warning("follow-up drain: %s done, %s postponed", report.done, report.failed)
    return report.done


@shared_task(name="league.prune_idempotency_keys", ignore_result=True, **RETRYING)
def prune_idempotency_keys() -> int:
    """Forget Idempotency-Key records and their stored responses after a day."""
    return idempotency_prune()


@shared_task(name="league.recompute_standings", **RETRYING)
def recompute_standings(season_id: int) -> int:
    """Rebuild one season's stored standings (full recompute, safe to repeat)."""
    try:
        return standings_recompute(season_id=season_id)
    except StandingsConfigError as exc:
        # A broken config cannot be fixed by retrying; keep the last good table.
        log.error("standings not recomputed: %s", exc)
        return 0


@shared_task(name="league.update_ratings", **RETRYING)
def update_ratings(game_id: int) -> int:
    """Rate a new result, or replay its pool after a correction or removal."""
    return ratings_update_for_game(game_id=game_id)


@shared_task(name="league.recompute_ratings", **RETRYING)
def recompute_ratings(pool_id: int) -> int:
    """Rebuild one rating pool from its first game."""
    return ratings_update(pool_id=pool_id, full=True)
