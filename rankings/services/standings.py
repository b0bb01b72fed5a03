"""Writes for standings: rebuild a season's stored table from its games."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.models import Season
from league.page_cache import bump_club_versions
from league.services.seasons import standings_config_validate
from league.standings_config import game_config
from rankings.models import StandingRow
from rankings.selectors_season import season_results
from rankings.standings import Line, StandingsConfigError, compute_standings


def standings_config_update(*, season_id: int, data: dict) -> Season:
    """Validate and store a season's standings rules, then rebuild its table after commit.

    The one way to change the rules (admin, API): a rules change without a
    recompute would leave the stored table describing the old rules.
    """
    from league.services.followups import followups_request

    standings_config_validate(data=data)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season_id)
        season.standings_config = data or {}
        season.save(update_fields=["standings_config"])
        followups_request(season_ids=[season.pk])  # owed in this transaction, drained after
    return season


def standings_recompute(*, season_id: int) -> int:
    """Recompute and store the season's standings from scratch; returns the row count.

    Idempotent: the season row is locked (PostgreSQL) and its rows are replaced
    in one transaction, so concurrent runs serialise and the last one wins with
    the latest results.
    """
    with transaction.atomic():
        season = Season.objects.select_for_update().filter(pk=season_id).first()
        if season is None:  # deleted since the task was queued: nothing to do
            return 0
        try:
            config = game_config(season.standings_config, season.game)
        except StandingsConfigError as exc:
            raise StandingsConfigError(f"season {season.pk} ({season}): {exc}") from exc
        lines = compute_standings(season_results(season), config)
        now = timezone.now()
        StandingRow.objects.filter(season=season).delete()
        StandingRow.objects.bulk_create([_row(season, line, now) for line in lines])
        bump_club_versions([season.club_id])  # cached standings pages are rebuilt on commit
    return len(lines)


def _row(season: Season, line: Line, now) -> StandingRow:
    return StandingRow(
        season=season,
        player_id=line.player_id,
        rank=line.rank,
        qualified=line.qualified,
        points=line.points,
        games=line.games,
        nights=line.nights,
        counted_nights=line.counted_nights,
        total_score=line.total_score,
        average_score=line.average_score,
        average_points=line.average_points,
        firsts=line.firsts,
        seconds=line.seconds,
        places={str(k): v for k, v in sorted(line.places.items())},
        tiebreak=line.tiebreak,
        computed_at=now,
    )
