"""A season's final: the top of its standings, seeded in standings order, in a knockout.

The standings are rebuilt first (a result entered a moment ago counts), then the first N
qualified lines are the entrants: their order is the standings' rank, which already applies
the season's tie-break chain; players the whole chain leaves equal keep the standings page's
order (by name). A division's final takes the top of that division only. The final is a one-off night of the season's game outside the season, so
its matches count for the ratings but do not change the standings that seeded it.
"""

from __future__ import annotations

from datetime import date, time

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Division, Season
from rankings.models import StandingRow
from rankings.selectors_stats import season_standings
from rankings.services.standings import standings_recompute
from tournaments.models import Bracket, BracketFormat, EventKind
from tournaments.services.brackets import bracket_create, check_two_player_game
from tournaments.services.events import _require_manage, event_create


def final_seeds(season: Season, entrants: int,
                division: Division | None = None) -> list[StandingRow]:
    """The first `entrants` qualified lines of the stored standings, best first (of one
    division's players when `division` is given)."""
    rows = season_standings(season).filter(qualified=True)
    if division is not None:
        if division.season_id != season.pk:
            raise ValidationError({"division": _("The division belongs to another season.")})
        rows = rows.filter(player__in=division.places.values("player"))
    rows = list(rows[:max(entrants, 0)])
    if entrants < 2:
        raise ValidationError({"entrants": _("A final needs at least two entrants.")})
    if len(rows) < entrants:
        raise ValidationError({"entrants": _(
            "The standings have %(count)d qualified players, fewer than the %(wanted)d "
            "entrants asked for.") % {"count": len(rows), "wanted": entrants}})
    return rows


def final_create(*, season: Season, user, name: str, date: date, entrants: int, format: str,
                 consolation: bool = False, start_time: time | None = None,
                 table_size: int | None = None, drop: int | None = None,
                 division: Division | None = None) -> Bracket:
    """A new night playing the top `entrants` of `season` in a knockout (organisers only):
    single or double elimination for two-player games, a group knockout otherwise."""
    _require_manage(user, season)
    if format != BracketFormat.GROUPS:
        check_two_player_game(season.game, season.options)
    standings_recompute(season_id=season.pk)
    with transaction.atomic():
        rows = final_seeds(season, entrants, division)
        event = event_create(club=season.club, name=name, date=date, user=user,
                             game=season.game, options=season.options,
                             kind=EventKind.TOURNAMENT, start_time=start_time)
        return bracket_create(event=event, user=user, players=[row.player for row in rows],
                              format=format, consolation=consolation, season=season,
                              standing_ranks=[row.rank for row in rows],
                              table_size=table_size or season.table_size, drop=drop)
