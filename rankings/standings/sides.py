"""From a stored table result (seats, ranks, totals) to sides with a rank and a score.

Which seats play together comes from the rules core (`games.rules`: ``game.teams``);
partnership Back Alley pairs seats 0 & 2 against 1 & 3, every other game is
one player per side. ``ranks`` and ``totals`` may be stored per seat or per side.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from rankings.standings.results import Side

# Used only if the rules core cannot describe the game (unknown name, bad options).
PARTNERSHIP_FALLBACK = {"back-alley": [[0, 2], [1, 3]]}


@lru_cache(maxsize=256)
def _teams(game: str, players: int, options_json: str) -> tuple[tuple[int, ...], ...]:
    try:
        from games import rules

        try:
            loaded = rules.load(game, players=players, **json.loads(options_json))
        except rules.RulesError:
            loaded = rules.load(game, players=players)
        return tuple(tuple(team) for team in loaded.teams)
    except Exception:  # an unknown game or broken rules module still gets a sensible split
        fallback = PARTNERSHIP_FALLBACK.get(game)
        if fallback and players == 4:
            return tuple(tuple(team) for team in fallback)
        return tuple((seat,) for seat in range(players))


def seat_teams(game: str, players: int, options: dict | None = None) -> list[list[int]]:
    """Seat numbers per side, e.g. [[0, 2], [1, 3]] for Back Alley."""
    clean = {k: v for k, v in (options or {}).items() if k != "players"}
    return [list(team) for team in _teams(game, players, json.dumps(clean, sort_keys=True))]


def _per_side(values: Sequence, teams: list[list[int]], seats: int) -> list | None:
    if len(values) == len(teams):
        return list(values)
    if len(values) == seats:
        return [values[team[0]] for team in teams]
    return None


def build_sides(
    players: Sequence[int | None], teams: list[list[int]], ranks: Sequence, totals: Sequence
) -> tuple[Side, ...] | None:
    """Sides of one game, or None when it cannot be attributed (an empty seat, odd data)."""
    if not players or any(p is None for p in players):
        return None
    if any(seat >= len(players) for team in teams for seat in team):
        return None
    side_ranks = _per_side(ranks or [], teams, len(players))
    side_scores = _per_side(totals or [], teams, len(players)) or [0] * len(teams)
    if side_ranks is None or len(teams) < 2:
        return None
    return tuple(
        Side(tuple(players[s] for s in team), float(rank), float(score or 0))
        for team, rank, score in zip(teams, side_ranks, side_scores, strict=True)
    )
