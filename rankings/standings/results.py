"""The plain data the standings work on: one game as sides with a rank and a score."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a game: a player, or the partners of a partnership game.

    Partners share the side's rank and score ("each partner gets the team's placement").
    """

    players: tuple[int, ...]
    rank: float
    score: float


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
