"""The All Fours count shared by Pitch and California Jack.

After a hand four points may be taken, in this order:

* High: the highest trump played. Nothing beats it, so the unit that played it
  also captured it; we credit the unit whose won pile holds it.
* Low: the lowest trump played, to the unit that captured it.
* Jack: the jack of trumps, to the unit that captured it, when it was played.
* Game: the unit with the most card points in its won pile (ten 10, ace 4,
  king 3, queen 2, jack 1; nines and below nothing). Equal best: nobody.

A "unit" is a seat, or a side of partners. Only the won piles are read, so the
count works the same for a hand played card by card and for a stand-in state a
bot builds. Both games also share their trick play: follow suit or trump at any
time (`TrumpAnyTime`).
"""

from __future__ import annotations

from games.engine import FOLLOW_OR_TRUMP_ANY_TIME, TrickPlay

POINTS = ("high", "low", "jack", "game")
CARD_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


def card_points(codes) -> int:
    """Game points of a list of card codes ("TS" counts 10)."""
    return sum(CARD_POINTS.get(code[0], 0) for code in codes)


def captured(state) -> list[list[str]]:
    """Codes of the cards in each unit's won piles."""
    game = state.game
    piles = [[] for _ in game.teams]
    for seat in range(state.n):
        piles[game.team_of[seat]] += game.pack.codes(state.table.of("won", seat))
    return piles


def count(piles: list[list[str]], trump: str, ranks: str = "23456789TJQKA") -> dict:
    """Who takes each point: {"high": unit or None, "low": …, "jack": …, "game": …}
    and "card_points" per unit, from the won piles (card codes) of each unit."""
    owner = {code: unit for unit, pile in enumerate(piles) for code in pile}
    trumps = sorted((code for code in owner if code[1] == trump),
                    key=lambda code: ranks.index(code[0]))
    totals = [card_points(pile) for pile in piles]
    best = max(totals)
    return {
        "high": owner[trumps[-1]] if trumps else None,
        "low": owner[trumps[0]] if trumps else None,
        "jack": owner.get("J" + trump),
        "game": totals.index(best) if totals.count(best) == 1 else None,
        "card_points": totals,
    }


def points_taken(taken: dict, units: int) -> list[int]:
    """How many of the four points each unit took."""
    out = [0] * units
    for point in POINTS:
        if taken.get(point) is not None:
            out[taken[point]] += 1
    return out


class TrumpAnyTime(TrickPlay):
    """Follow suit or play a trump (void in the led suit: any card). A trump played
    to another suit shows no void: it may be played while holding the led suit."""

    def __init__(self):
        super().__init__(follow=FOLLOW_OR_TRUMP_ANY_TIME)

    def apply(self, state, action):
        seat, led = state.to_move, state.led
        known = led in state.voids[seat]
        super().apply(state, action)
        card = state.played[seat][-1]
        if led is not None and not known \
                and state.game.card_suit(state, card, seat) == state.trump:
            state.voids[seat].discard(led)
