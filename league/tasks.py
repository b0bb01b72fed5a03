"""Celery tasks of the league app: thin, idempotent, each calls one service."""

import logging

from celery import shared_task

from league.services.ratings import ratings_update, ratings_update_for_game
from league.services.standings import standings_recompute
from league.standings import StandingsConfigError

log = logging.getLogger(__name__)


@shared_task(name="league.recompute_standings")
def recompute_standings(season_id: int) -> int:
    """Rebuild one season's stored standings (full recompute, safe to repeat)."""
    try:
        return standings_recompute(season_id=season_id)
    except StandingsConfigError as exc:
        # A broken config cannot be fixed by retrying; keep the last good table.
        log.error("standings not recomputed: %s", exc)
        return 0


@shared_task(name="league.update_ratings")
def update_ratings(game_id: int) -> int:
    """Rate a new result, or replay its pool after a correction or removal."""
    return ratings_update_for_game(game_id=game_id)


@shared_task(name="league.recompute_ratings")
def recompute_ratings(pool_id: int) -> int:
    """Rebuild one rating pool from its first game."""
    return ratings_update(pool_id=pool_id, full=True)
