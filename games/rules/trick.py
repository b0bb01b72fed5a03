"""The `Trick` value object: who played what, in order, and who won."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CODES


@dataclass(frozen=True)
class Trick:
    """A finished trick. `seats[i]` played `cards[i]`; `seats[0]` led."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int

    @property
    def leader(self) -> int:
        return self.seats[0]

    def card_of(self, seat: int) -> int:
        return self.cards[self.seats.index(seat)]

    def to_dict(self) -> dict:
        return {
            "leader": self.leader,
            "cards": [[seat, CODES[card]] for seat, card in zip(self.seats, self.cards, strict=True)],
            "winner": self.winner,
        }
