"""The table sizes a club seats for each game (a season's table size is checked against
them; the seating plans with them).

Below tournaments so that seasons (league) and the seating (tournaments) share one answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from games import rules


@dataclass(frozen=True)
class TableSizes:
    preferred: int
    allowed: tuple[int, ...]


# Table sizes per game: what a club actually seats for each game.
TABLE_SIZES = {
    "bluke": TableSizes(preferred=4, allowed=(3, 4, 5)),
    "back-alley": TableSizes(preferred=4, allowed=(4,)),
    "back-alley-individual": TableSizes(preferred=4, allowed=(2, 3, 4)),
}
CLUB_SIZES = (3, 4, 5)  # what clubs seat when a game allows a range of table sizes


def table_sizes_for(game: str, preferred: int | None = None) -> TableSizes:
    """The club's choice for the Bluke family; for any other game, what its rules allow:
    exactly its size when it has one (2, 4, 5), else its range with the organiser's
    `preferred` size (Ribs: 4 to 10; by default 4, or the nearest size in the range)."""
    if game in TABLE_SIZES:
        return TABLE_SIZES[game]
    cls = rules.GAMES.get(game)
    if cls is None:
        return TableSizes(preferred=4, allowed=CLUB_SIZES)
    low, high = cls.min_players, cls.max_players
    allowed = tuple(range(low, high + 1))
    choice = preferred if preferred is not None else 4
    return TableSizes(preferred=min(max(choice, low), high), allowed=allowed)


def preferred_size_choices(game: str) -> list[int]:
    """The table sizes an organiser may prefer for `game` (none when it has one size)."""
    sizes = table_sizes_for(game)
    return list(sizes.allowed) if len(sizes.allowed) > 1 and game not in TABLE_SIZES else []
