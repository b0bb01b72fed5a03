"""Tonight's standings split by division, for the night's page and its big screen."""

from __future__ import annotations

from dataclasses import dataclass

from league.models import Player
from rankings.selectors_stats import event_provisional_standings
from rankings.standings import Line
from tournaments.models import Event, EventFormat


@dataclass(frozen=True)
class NightItem:
    rank: int  # within its division (within the night when the season has none)
    line: Line
    player: Player


def night_standings_by_division(event: Event) -> list[tuple[str, list[NightItem]]]:
    """(division name, lines) top division first; one group named "" without divisions,
    and a last group named "" for players in no division. A duplicate night's lines are
    its matchpoint percentages, in one group (`rankings.selectors_duplicate`)."""
    if event.format == EventFormat.DUPLICATE:
        from rankings.selectors_duplicate import night_standings

        return night_standings(event)
    items = event_provisional_standings(event)
    divisions = list(event.season.divisions.prefetch_related("places")) \
        if event.season_id else []
    if not divisions:
        return [("", _ranked(items))] if items else []
    where = {place.player_id: division.pk for division in divisions
             for place in division.places.all()}
    groups = [(division.name, _ranked([i for i in items if where.get(i.player.pk) ==
                                       division.pk])) for division in divisions]
    rest = [i for i in items if i.player.pk not in where]
    groups += [("", _ranked(rest))] if rest else []
    return [(name, lines) for name, lines in groups if lines]


def _ranked(items) -> list[NightItem]:
    ranked, rank, last = [], 0, None
    for position, item in enumerate(items, start=1):
        rank = rank if item.line.rank == last else position
        last = item.line.rank
        ranked.append(NightItem(rank=rank, line=item.line, player=item.player))
    return ranked
