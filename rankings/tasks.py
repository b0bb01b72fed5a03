"""Celery tasks of the rankings app: thin, idempotent, each calls one service.

Every task here is safe to run twice, so they are acknowledged late and retried with
exponential backoff when the database or the broker fails under them (`RETRYING`, shared
with the league's tasks). The task names keep their "league." prefix from before the
rankings app existed: messages already queued and the beat schedule name them.
"""

import logging

from celery import shared_task

from league.services.heartbeats import heartbeat_record
from league.tasks import RETRYING
from rankings.archive.jobs import club_import_run, club_imports_resume
from rankings.services.federations import federation_recompute, federations_sync
from rankings.services.followups_drain import followups_drain
from rankings.services.ratings import ratings_update, ratings_update_for_game
from rankings.services.standings import standings_recompute
from rankings.standings import StandingsConfigError

log = logging.getLogger(__name__)



@shared_task(name="league.drain_followups", ignore_result=True, **RETRYING)
def drain_followups() -> int:
    """Run the owed standings and ratings recomputes (queued after commit, and by beat)."""
    report = followups_drain()
    heartbeat_record(name="followups")  # /healthz: the followups pool drains
    if report.failed:
        log.warning("follow-up drain: %s done, %s postponed", report.done, report.failed)
    return report.done


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


@shared_task(name="league.recompute_federation_nights", **RETRYING)
def recompute_federation_nights() -> int:
    """Beat: count the closed nights whose correction window passed, in every federation."""
    reports = federations_sync()
    return sum(report.added for report in reports)


@shared_task(name="league.recompute_federation", **RETRYING)
def recompute_federation(federation_id: int) -> int:
    """Rebuild one federation's pools from the nights that count now."""
    return federation_recompute(federation_id=federation_id).rated


@shared_task(name="rankings.import_club", **RETRYING)
def import_club(import_id: str) -> str:
    """Import a club archive the API queued (all or nothing); safe to run twice."""
    return club_import_run(import_id=import_id).state


@shared_task(name="rankings.resume_club_imports", ignore_result=True, **RETRYING)
def resume_club_imports() -> int:
    """Beat: queue again the imports whose message was lost or whose worker died."""
    return club_imports_resume()
