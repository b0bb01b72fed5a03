"""How a match ends, and how its seats or sides are ranked.

End conditions look at the state after each scored hand: ``state.hand_index``
(hands finished), ``state.totals`` (per unit: a seat, or a side in partnership
games) and ``state.hands_won``. They also say how many hands a schedule has, when
it is fixed, so a checker can name a hand beyond it.

A match to a target may in principle never end (both sides can fall back hand after
hand). Such an ending has a `limit`, a hand count no real match comes near: a match
still running after it is cut short (`cut_short`), with no winner, and a record
longer than it is refused. Each game's page in docs/rules/ gives its limit.

Ranking turns totals into places: 1 for the best, equal totals share a place.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FixedSchedule:
    """A fixed list of hands (cards dealt per player in each): Bluke's 13 down and up."""

    cards: tuple[int, ...]

    def over(self, state) -> bool:
        return state.hand_index >= len(self.cards)

    def hands(self) -> int | None:
        return len(self.cards)

    def cards_for(self, hand_index: int) -> int:
        return self.cards[hand_index]


@dataclass(frozen=True)
class SetNumberOfHands:
    """A set number of hands (Mighty's option)."""

    count: int
    cards: int | None = None

    def over(self, state) -> bool:
        return state.hand_index >= self.count

    def hands(self) -> int | None:
        return self.count

    def cards_for(self, hand_index: int) -> int | None:
        return self.cards


@dataclass(frozen=True)
class TargetScore:
    """Ends after the hand in which some unit reaches `target` (direction "up") or
    falls to it or below (direction "down": Buck Euchre counts down from 25)."""

    target: int
    direction: str = "up"
    cards: int | None = None
    limit: int = 1000  # hands; see `cut_short`

    def reached(self, total: int) -> bool:
        return total >= self.target if self.direction == "up" else total <= self.target

    def over(self, state) -> bool:
        return any(map(self.reached, state.totals))

    def hands(self) -> int | None:
        return None

    def cards_for(self, hand_index: int) -> int | None:
        return self.cards


@dataclass(frozen=True)
class HandsWon:
    """Ends when a unit has won `count` hands (Ribs); `state.hands_won` is kept by
    the state from the game's `hand_winners`."""

    count: int
    cards: int | None = None
    limit: int = 1000

    def over(self, state) -> bool:
        return max(state.hands_won) >= self.count

    def hands(self) -> int | None:
        return None

    def cards_for(self, hand_index: int) -> int | None:
        return self.cards


def cut_short(ending, state) -> bool:
    """Whether a match its rules have not ended has reached its ending's `limit` of
    hands: it stops there, unfinished (no places, no winner)."""
    limit = getattr(ending, "limit", None)
    return limit is not None and state.hand_index >= limit


VictoryPoints = TargetScore  # victory points are a target on a separate total: same rule


@dataclass(frozen=True)
class Ranking:
    """`higher_wins`: the highest total is first (most games); False: the lowest."""

    higher_wins: bool = True

    def places(self, totals: list[int]) -> list[int]:
        """Place of each unit, 1 = best; equal totals share the better place."""
        sign = -1 if self.higher_wins else 1
        ordered = sorted(sign * t for t in totals)
        return [ordered.index(sign * t) + 1 for t in totals]

    def winners(self, totals: list[int]) -> list[int]:
        places = self.places(totals)
        return [unit for unit, place in enumerate(places) if place == 1]


HIGHER_WINS, LOWER_WINS = Ranking(True), Ranking(False)
