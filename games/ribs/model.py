"""What the Ribs bots know, on ranks only (suits never matter in Ribs).

`Situation.read(game, observation)` turns a seat's observation into ranks: its hand,
the points each seat has captured, the auction and the pairs of the trick so far,
who has folded, and the unseen ranks (in other hands, face-down ribs and folds).
A rank is its power, 0 (seven) to 7 (ace); `judge`, `beats` and `cracks` of the
rules module work on these directly.

`Sim` is a light copy of one hand on ranks that the search plays out quickly, and
`lite_*` are the quick rules every player follows in those playouts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.ribs.rules import POINTS_BY_POWER, judge, max_bid, pair_points

ACE = 7


def powers_of(game, codes) -> list[int]:
    pack = game.pack
    return [pack.power[pack.parse(code)] for code in codes]


def pairs_of(hand) -> list[tuple[int, int]]:
    """Every distinct pair of ranks in a hand, high first."""
    out = set()
    for i, a in enumerate(hand):
        for b in hand[i + 1:]:
            out.add((max(a, b), min(a, b)))
    return sorted(out, reverse=True)


def remove(hand, pair) -> list[int]:
    rest = list(hand)
    for p in pair:
        rest.remove(p)
    return rest


@dataclass
class TrickSoFar:
    opener: int
    passed: list[int] = field(default_factory=list)
    high: int | None = None
    bidder: int | None = None
    lays: list[tuple[int, str]] = field(default_factory=list)  # (seat, event text)


def read_tricks(events, dealer: int, n: int) -> list[TrickSoFar]:
    """The hand's tricks from its public events (who bid, passed, laid what)."""
    tricks, pos, opener = [], 0, dealer
    while pos < len(events):
        trick = TrickSoFar(opener)
        tricks.append(trick)
        seat = opener
        while pos < len(events) and (events[pos] == "pass" or events[pos].startswith("bid:")):
            if events[pos] == "pass":
                trick.passed.append(seat)
            else:
                trick.high, trick.bidder = int(events[pos][4:]), seat
            pos += 1
            if len(trick.passed) == n - 1:
                break
            seat = (seat + 1) % n
            while seat in trick.passed:
                seat = (seat + 1) % n
        seat = trick.bidder
        while pos < len(events) and len(trick.lays) < n:
            trick.lays.append((seat, events[pos]))
            seat, pos = (seat + 1) % n, pos + 1
        opener = trick.bidder
    return tricks


@dataclass
class Situation:
    n: int
    seat: int
    phase: str
    hand: list[int]
    points: list[int]
    folded: list[bool]
    trick: TrickSoFar
    laid: list[tuple[int, tuple[int, ...]]]  # face-up pairs of this trick, in order
    unseen: list[int]  # ranks this seat has not seen (other hands, ribs, folds)
    hand_counts: list[int]
    tricks_left: int  # counting the one in progress

    @classmethod
    def read(cls, game, obs) -> Situation:
        n, seat, table = obs["players"], obs["seat"], obs["table"]
        hand = powers_of(game, table["hand"][seat])
        tricks = read_tricks(obs["events"], obs["dealer"], n)
        if not tricks or len(tricks[-1].lays) == n:
            tricks.append(TrickSoFar(obs["dealer"] if not tricks else tricks[-1].bidder))
        trick = tricks[-1]
        folded = [any(s == f and (t == "?" and s != tr.bidder or t.startswith("fold:"))
                      for tr in tricks for s, t in tr.lays) for f in range(n)]
        laid = [(s, tuple(powers_of(game, t[4:].split("+")))) for s, t in trick.lays
                if t.startswith("lay:")]
        seen = Counter(table["hand"][seat])
        for name in ("ribs", "folded", "won"):
            for cards in table[name]:
                seen += Counter(cards if isinstance(cards, list) else [])
        seen += Counter(table["discards"]) + Counter(table["trick"])
        pool = Counter(game.pack.code(card) for card in game.pack.ids()) - seen
        points = [sum(POINTS_BY_POWER[p] for p in powers_of(game, cards))
                  for cards in table["won"]]
        counts = [len(h) if isinstance(h, list) else h["count"] for h in table["hand"]]
        return cls(n, seat, obs["phase"], hand, points, folded, trick, laid,
                   powers_of(game, pool.elements()), counts, 5 - len(tricks))


# --- quick rules (playouts) ------------------------------------------------------------
def lite_ribs(hand) -> tuple[int, int]:
    """The two highest ranks: an ace among them can only be cracked."""
    high = sorted(hand, reverse=True)
    return high[0], high[1]


def lite_bid_limit(hand, n: int) -> int:
    aces = hand.count(ACE)
    strength = 1.0 if aces else 0.55 if max(hand) >= 6 else 0.3
    return int(1.4 * (n - 1) * strength)


def lite_lay(hand, bid: int, laid_points: int, later: int, can_fold: bool):
    """(pair, fold?) for a player who is not the bidder."""
    pairs = pairs_of(hand)
    cheap = min(pairs, key=lambda p: (pair_points(p), -p[0]))
    rich = max(pairs, key=lambda p: (pair_points(p), p[0]))
    if laid_points + pair_points(rich) + 1.2 * later < bid:
        return rich, False  # the bid looks lost: lay points to take back
    if can_fold and pair_points(cheap) >= 3:
        return cheap, True
    return cheap, False


class Sim:
    """One hand on ranks, from a trick's start or mid-trick, played by the quick rules
    (or by a chosen first action)."""

    __slots__ = ("n", "hands", "points", "folded", "opener", "stage", "passed", "high",
                 "bidder", "to_move", "ribs", "laid", "tricks_left")

    def __init__(self, n, hands, points, folded, tricks_left):
        self.n, self.hands, self.points = n, hands, points
        self.folded, self.tricks_left = folded, tricks_left
        self.stage, self.passed, self.high, self.bidder = "auction", [], None, None
        self.ribs, self.laid, self.opener, self.to_move = None, [], 0, 0

    def bid(self, seat, raise_: bool):
        if raise_:
            self.high = 2 if self.high is None else self.high + 1
            self.bidder = seat
        else:
            self.passed.append(seat)
        if len(self.passed) == self.n - 1:
            self.stage, self.to_move = "lay", self.bidder
            return
        nxt = (seat + 1) % self.n
        while nxt in self.passed:
            nxt = (nxt + 1) % self.n
        self.to_move = nxt

    def lay(self, seat, pair, fold: bool = False):
        self.hands[seat] = remove(self.hands[seat], pair)
        if seat == self.bidder:
            self.ribs = pair
        elif fold:
            self.folded[seat] = True
        else:
            self.laid.append((seat, pair))
        nxt = (seat + 1) % self.n
        if nxt == self.bidder:
            self.judge()
        else:
            self.to_move = nxt

    def judge(self):
        verdict = judge(self.ribs, self.laid, self.high)
        own = dict(self.laid)
        if verdict.cracker is not None:
            self.points[verdict.cracker] += pair_points(self.ribs) + sum(
                pair_points(p) for p in own.values())
        else:
            for seat in verdict.winners:
                self.points[seat] += pair_points(own[seat])
            if verdict.made:
                self.points[self.bidder] += verdict.points + pair_points(self.ribs)
            else:
                for seat in verdict.losers:
                    self.points[seat] += pair_points(own[seat])
        self.tricks_left -= 1
        self.opener = self.bidder
        self.stage, self.passed, self.high, self.ribs, self.laid = "auction", [], None, None, []
        self.to_move = self.bidder

    def step_lite(self):
        seat = self.to_move
        hand = self.hands[seat]
        if self.stage == "auction":
            limit = lite_bid_limit(hand, self.n)
            top = max_bid(self.n)
            self.bid(seat, self.high is None or (self.high < min(limit, top)))
        elif seat == self.bidder:
            self.lay(seat, lite_ribs(hand))
        else:
            later = self.n - 1 - (seat - self.bidder) % self.n  # players still to lay
            laid_points = sum(pair_points(p) for _, p in self.laid)
            pair, fold = lite_lay(hand, self.high, laid_points, later, not self.folded[seat])
            self.lay(seat, pair, fold)

    def play_out(self):
        while self.tricks_left > 0:
            self.step_lite()
        return self.points
