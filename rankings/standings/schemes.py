"""What one game is worth to each side under each points scheme.

Both table-size-neutral schemes give the same average per player at every
table size (placement: (first + last) / 2; beaten: 1/2), so sitting at a
three-player table is neither a penalty nor a gift.
"""

from __future__ import annotations

from collections.abc import Sequence

from league.standings_config import StandingsConfig
from rankings.standings.results import GameResult


def place_groups(ranks: Sequence[float]) -> list[tuple[int, int]]:
    """For each side, the (first, last) 0-based positions its rank shares with ties."""
    ordered = sorted(ranks)
    spans = []
    for rank in ranks:
        first = ordered.index(rank)
        spans.append((first, first + ordered.count(rank) - 1))
    return spans


def linear_places(n: int, first: float, last: float) -> list[float]:
    """Points for places 1..n falling evenly from ``first`` to ``last``."""
    if n == 1:
        return [(first + last) / 2]
    step = (first - last) / (n - 1)
    return [first - step * i for i in range(n)]


def placement_points(
    ranks: Sequence[float], first: float = 7.0, last: float = 1.0,
    tables: dict[int, Sequence[float]] | None = None,
) -> list[float]:
    """Placement points per side; tied sides split the points of the places they share."""
    n = len(ranks)
    table = (tables or {}).get(n) or linear_places(n, first, last)
    out = []
    for lo, hi in place_groups(ranks):
        out.append(sum(table[lo:hi + 1]) / (hi - lo + 1))
    return out


def beaten_points(ranks: Sequence[float]) -> list[float]:
    """Share of the other sides finished ahead of: ties count half, 1 is beating everyone."""
    n = len(ranks)
    if n < 2:
        return [0.5] * n
    out = []
    for rank in ranks:
        beaten = sum(1 for other in ranks if other > rank)
        tied = sum(1 for other in ranks if other == rank) - 1
        out.append((beaten + 0.5 * tied) / (n - 1))
    return out


def game_points(game: GameResult, config: StandingsConfig) -> list[float]:
    """Points per side of ``game`` under ``config``."""
    if config.points == "score":
        sign = -1.0 if config.lower_wins else 1.0  # more points is better in the table
        return [sign * float(side.score) for side in game.sides]
    if config.points == "beaten":
        return beaten_points(game.ranks)
    return placement_points(game.ranks, config.first, config.last, config.tables)
