"""The plain data the standings work on: one game as sides with a rank and a score."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a game: a player, or the partners of a partnership game.

    Partners share the side's rank and score ("each partner gets the team's placement").
    ``games``: how many games the result stands for. A duplicate night enters a season as
    one result per side (its place by matchpoint percentage) that counts for each table
    the side played there, so the night weighs what an ordinary night of as many rounds
    does; ``score`` is then the side's mean score per table.
    """

    players: tuple[int, ...]
    rank: float
    score: float
    games: int = 1


@dataclass(frozen=True, slots=True)
class GameResult:
    game_id: int
    sides: tuple[Side, ...]
    night: int | None = None  # the event; best-N-of-M counts nights
    played_at: datetime | None = None
    table: str = ""

    def side_of(self, player_id: int) -> Side | None:
        for side in self.sides:
            if player_id in side.players:
                return side
        return None

    @property
    def ranks(self) -> list[float]:
        return [side.rank for side in self.sides]

    @property
    def player_ids(self) -> list[int]:
        return [p for side in self.sides for p in side.players]
