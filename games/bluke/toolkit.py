"""Shared trick-taking helpers: deal schedules and the `Trick` value object."""

from __future__ import annotations

from dataclasses import dataclass

from games.bluke.cards import CODES
from games.engine.errors import RulesError
from games.engine.text import N_, Text

DECK_WITH_JOKERS = 54


def down_and_up(top: int) -> list[int]:
    """top, top-1, ..., 1, 2, ..., top (one one-card hand): 25 hands for 13."""
    return list(range(top, 0, -1)) + list(range(2, top + 1))


def up_and_down(top: int) -> list[int]:
    """1, 2, ..., top, ..., 1 (the New Jersey order)."""
    return list(range(1, top + 1)) + list(range(top - 1, 0, -1))


def down_twice_up(top: int) -> list[int]:
    """top down to 1, a second one-card hand, then back up: 26 hands for 13."""
    return list(range(top, 0, -1)) + list(range(1, top + 1))


def largest_hand_with_turn_up(players: int, deck_size: int = DECK_WITH_JOKERS) -> int:
    """Most cards each player can get while one card is left to turn up for trump."""
    return (deck_size - 1) // players


def check_dealable(schedule: list[int], players: int, deck_size: int,
                   turned: bool = True) -> None:
    """Raise RulesError when some hand of the schedule cannot be dealt."""
    for number, cards in enumerate(schedule, start=1):
        if cards < 1:
            raise RulesError(Text(N_("hand %(hand)s: a hand needs at least one card, not "
                                     "%(cards)s"), hand=number, cards=cards))
        need = players * cards + (1 if turned else 0)
        if need > deck_size:
            template = (N_("hand %(hand)s: %(cards)s cards for %(players)s players needs "
                           "%(need)s cards plus a card turned up for trump, but the deck has "
                           "%(deck)s") if turned else
                        N_("hand %(hand)s: %(cards)s cards for %(players)s players needs "
                           "%(need)s cards, but the deck has %(deck)s"))
            raise RulesError(Text(template, hand=number, cards=cards, players=players,
                                  need=players * cards, deck=deck_size))



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
