"""Seat a few players more than a construction has, keeping it repeat-free.

With N design points and n = N + e players, each round e players sit out.  An
extra either sits out itself (its fair turn) or plays in the seat of a design
player who sits out ("stands in" for them).  An extra then meets the stood-in
player's table-mates, so we look, round by round, for a choice such that no extra
meets anyone twice, two extras never share a table, and nobody (extras included)
sits out twice before everyone has sat out once.  Letting each extra sit out once
leaves room: RBIBD(28, 4, 1) + 2 and the 32-player schedule + 2 are found at once,
where extras that must play every round were not found in the budget.  AG(2, 4) + 1
has no schedule either way (lines of different parallel classes always cross, so
the extra's triples cannot be disjoint); the search proves that by exhausting the
tree.  Depth-first search with restarts and a node budget; None when it gives up
or proves there is none (the caller then falls back to local search).
"""

import random

from .search_util import Deadline

SITS_OUT = None  # in a round's choice: this extra sits out instead of standing in


def stand_ins(rounds: list, extras: list, rng: random.Random, deadline: Deadline,
              budget: int = 20_000):
    """Per round, per extra (same order as extras): the stood-in player or SITS_OUT.

    None when no schedule was found within the node budget or the deadline.
    """
    spent, attempt = 0, 500
    while spent < budget and not deadline.expired():
        # restarts with a growing node budget: a depth-first search that went wrong
        # early rarely recovers, while a fresh shuffle often succeeds at once
        search = _StandInSearch(rounds, extras, rng, deadline, min(attempt, budget - spent))
        if search.round_(0):
            return search.plan
        if search.nodes < search.budget and not deadline.expired():
            return None  # the whole tree was searched: no schedule exists
        spent, attempt = spent + search.nodes, attempt * 2
    return None


class _StandInSearch:
    """Depth-first over (round, extra) steps, with forward checking per extra."""

    def __init__(self, rounds, extras, rng, deadline, budget):
        self.rounds, self.extras, self.rng = rounds, extras, rng
        self.deadline, self.budget, self.nodes = deadline, budget, 0
        self.designed = sorted({p for rnd in rounds for t in rnd for p in t})
        self.everyone = len(self.designed) + len(extras)
        self.met = {x: set() for x in extras}
        self.out: set = set()  # sat out in the current fairness cycle
        # with no new fairness cycle ahead, an extra that has sat out must stand in
        # in every later round, so a dead end shows early (forward checking)
        self.one_cycle = len(rounds) * len(extras) <= self.everyone
        self.plan: list = []

    def round_(self, r: int) -> bool:
        if r == len(self.rounds):
            return True
        fresh = [p for p in self.designed if p not in self.out]
        self.rng.shuffle(fresh)
        return self._extra(r, 0, fresh, [], set())

    def _extra(self, r: int, k: int, fresh: list, chosen: list, tables: set) -> bool:
        if k == len(self.extras):
            return self._next_round(r, tuple(chosen))
        x = self.extras[k]
        for y, table, new in self._options(x, r, fresh, chosen, tables):
            if not self._tick():
                return False
            self.met[x] |= new
            if self._open_ahead(x, r) and self._extra(r, k + 1, fresh, chosen + [y],
                                                      tables | {id(table)}):
                return True
            self.met[x] -= new
        if x not in self.out and self._tick():
            return self._extra(r, k + 1, fresh, chosen + [SITS_OUT], tables)
        return False

    def _options(self, x, r: int, fresh: list, chosen: list, tables: set) -> list:
        """(stand-in, table, new mates) for extra x in round r, roomiest first: by the
        fewest open tables left in any later round, then in all of them."""
        found = []
        for y in fresh:
            table = _mates(self.rounds[r], y)
            new = {p for p in table if p != y}
            if y not in chosen and id(table) not in tables and not new & self.met[x]:
                found.append((self._room(x, r, new), y, table, new))
        found.sort(key=lambda f: f[0], reverse=True)
        return [f[1:] for f in found]

    def _room(self, x, r: int, new: set) -> tuple:
        met = self.met[x] | new
        counts = [sum(_open_table(t, met, self.out) for t in rnd) for rnd in self.rounds[r + 1:]]
        return (min(counts, default=0), sum(counts))

    def _tick(self) -> bool:
        self.nodes += 1
        return self.nodes <= self.budget and not self.deadline.expired()

    def _next_round(self, r: int, choice: tuple) -> bool:
        out, before = _sitting_out(choice, self.extras), self.out
        # a new fairness cycle starts once everyone has sat out
        self.out = out if len(before) + len(out) > self.everyone else before | out
        self.plan.append(choice)
        if self.round_(r + 1):
            return True
        self.plan.pop()
        self.out = before
        return False

    def _open_ahead(self, x, r: int) -> bool:
        """Can extra x still get through the rounds after r?  Each needs a table holding
        none of x's earlier table-mates, or just one, whom x then stands in for (if
        that one may still sit out); x may skip one round if it has not sat out."""
        if not self.one_cycle:
            return True
        skips = int(x not in self.out)
        for rnd in self.rounds[r + 1:]:
            if not any(_open_table(t, self.met[x], self.out) for t in rnd):
                skips -= 1
                if skips < 0:
                    return False
        return True


def _open_table(table, met, out) -> bool:
    known = [p for p in table if p in met]
    return not known or (len(known) == 1 and known[0] not in out)


def _mates(rnd, y):
    return next(t for t in rnd if y in t)


def _sitting_out(choice, extras) -> set:
    return {x if y is SITS_OUT else y for x, y in zip(extras, choice, strict=True)}


def apply_stand_ins(rounds: list, extras: list, plan: list) -> tuple[list, list]:
    """New rounds with extras in the stand-ins' seats, and the sit-out lists."""
    out_rounds, outs = [], []
    for rnd, choice in zip(rounds, plan, strict=True):
        swap = {y: x for x, y in zip(extras, choice, strict=True) if y is not SITS_OUT}
        out_rounds.append([[swap.get(p, p) for p in t] for t in rnd])
        outs.append(sorted(_sitting_out(choice, extras)))
    return out_rounds, outs
