"""What the league knows about each registered game, for the rulesets API.

The rules core's description (`games.rules.games()`: options, record JSON Schema) plus
what the league reads from the game class: table sizes, sides, ranking and the
scoresheet's columns (`tournaments.sheet_fields`).
"""

from __future__ import annotations

from games import rules
from league.table_sizes import table_sizes_for
from tournaments.sheet_fields import describe


def ranking_name(cls) -> str:
    ranking = getattr(cls, "ranking", None)
    return "lower-wins" if ranking is not None and not ranking.higher_wins else "higher-wins"


def ruleset(info: dict) -> dict:
    """`info` (one entry of `rules.games()`) with seats, teams, ranking and sheet."""
    cls = rules.GAMES[info["name"]]
    sizes = table_sizes_for(info["name"])
    sides = [list(team) for team in rules.load(info["name"], players=cls.min_players).teams]
    return {
        **info,
        "seats": {"min": cls.min_players, "max": cls.max_players,
                  "table_sizes": list(sizes.allowed), "preferred": sizes.preferred},
        "teams": {"partnership": bool(cls.partnership), "sides": sides},
        "ranking": ranking_name(cls),
        "sheet": describe(cls) if rules.writes_summaries(cls) else [],
    }
