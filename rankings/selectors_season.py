"""The games a season's standings count, as `GameResult`s.

An ordinary night counts table by table; a duplicate night counts as the night's own
standings rank it, by matchpoint percentage: one result per player or fixed partnership
(`rankings.selectors_duplicate.night_result`), so the luck of the deal that duplicate
takes out of the night does not come back through its tables.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from league.models import Season
from rankings.selectors_duplicate import night_result
from rankings.selectors_stats import results, season_games
from rankings.standings import GameResult
from tournaments.models import Event, EventFormat


def season_results(season: Season) -> Iterator[GameResult]:
    """Every complete game of the season, a duplicate night's tables as one result."""
    duplicate_nights = set(
        Event.objects.filter(season=season, format=EventFormat.DUPLICATE).values_list(
            "pk", flat=True
        )
    )
    held: dict[int, list[GameResult]] = defaultdict(list)
    for result in results(season_games(season)):
        if result.night in duplicate_nights:
            held[result.night].append(result)
        else:
            yield result
    for event in Event.objects.filter(pk__in=held).order_by("date", "pk"):
        night = night_result(event, held[event.pk])
        if night is not None:
            yield night
