"""Time-boxed local search over the unpublished rounds (min-conflicts + tabu).

The cost is the whole season's sum over pairs of meetings squared (history and
published rounds included), plus BIG per forbidden meeting, minus BIG per
keep-together meeting, plus weighted squares of small-table counts and, in
partnership games, of partner counts.  A move swaps two players of one round
(between tables, or inside a partnership table), or swaps a player with someone
sitting out when the season's sit-out counts stay within one of each other.
"""

import random

from .search_util import Deadline
from .state import BIG, Season

SMALL_WEIGHT = 2
PARTNER_WEIGHT = 8


class LocalSearch:
    def __init__(self, season: Season, rounds: list, outs: list, mutable: list[int],
                 rng: random.Random):
        self.season, self.rounds, self.outs = season, rounds, outs
        self.mutable, self.rng = mutable, rng
        self.tabu: dict = {}
        self.step = 0

    # -- move deltas -------------------------------------------------------------
    def swap_delta(self, r: int, ta: int, i: int, tb: int, j: int) -> int:
        A, B = self.rounds[r][ta], self.rounds[r][tb]
        a, b = A[i], B[j]
        s = self.season
        if ta == tb:
            return self._partner_swap_delta(A, i, j) if s.partnership else 0
        d = sum(s.pair_delta(b, x, 1) + s.pair_delta(a, x, -1) for x in A if x != a)
        d += sum(s.pair_delta(a, y, 1) + s.pair_delta(b, y, -1) for y in B if y != b)
        d += self._small_delta(a, len(A), len(B)) + self._small_delta(b, len(B), len(A))
        if s.partnership and len(A) == 4 and len(B) == 4:
            pa, pb = A[(i + 2) % 4], B[(j + 2) % 4]
            d += PARTNER_WEIGHT * (s.partner_delta(a, pa, -1) + s.partner_delta(b, pb, -1)
                                   + s.partner_delta(a, pb, 1) + s.partner_delta(b, pa, 1))
        return d

    def _partner_swap_delta(self, A: list, i: int, j: int) -> int:
        if len(A) != 4 or (i - j) % 2 == 0:
            return 0
        s, a, b = self.season, A[i], A[j]
        pa, pb = A[(i + 2) % 4], A[(j + 2) % 4]
        return PARTNER_WEIGHT * (s.partner_delta(a, pa, -1) + s.partner_delta(b, pb, -1)
                                 + s.partner_delta(a, pb, 1) + s.partner_delta(b, pa, 1))

    def _small_delta(self, p: int, old: int, new: int) -> int:
        pref = self.season.preferred
        was, now = old < pref, new < pref
        if was == now:
            return 0
        c = self.season.small[p]
        return SMALL_WEIGHT * (2 * c + 1 if now else 1 - 2 * c)

    def out_delta(self, r: int, ta: int, i: int, b: int) -> int | None:
        """Player A[i] sits out instead of b; None if that breaks sit-out fairness."""
        s, A = self.season, self.rounds[r][ta]
        a = A[i]
        if s.sit_outs[b] < s.sit_outs[a] + 1:  # would widen the sit-out spread
            return None
        d = sum(s.pair_delta(b, x, 1) + s.pair_delta(a, x, -1) for x in A if x != a)
        d += self._small_delta(a, len(A), s.preferred) + self._small_delta(b, s.preferred, len(A))
        return d

    # -- applying moves ----------------------------------------------------------
    def apply_swap(self, r: int, ta: int, i: int, tb: int, j: int) -> None:
        A, B = self.rounds[r][ta], self.rounds[r][tb]
        self.season.add_table(A, -1)
        if ta != tb:
            self.season.add_table(B, -1)
        A[i], B[j] = B[j], A[i]
        self.season.add_table(A, 1)
        if ta != tb:
            self.season.add_table(B, 1)

    def apply_out(self, r: int, ta: int, i: int, b: int) -> None:
        A, out = self.rounds[r][ta], self.outs[r]
        self.season.add_table(A, -1)
        a = A[i]
        A[i] = b
        out[out.index(b)] = a
        self.season.sit_outs[a] += 1
        self.season.sit_outs[b] -= 1
        self.season.add_table(A, 1)

    # -- conflicts -----------------------------------------------------------------
    def conflicted(self, r: int, t: int, i: int) -> bool:
        """Does the player at rounds[r][t][i] take part in something costly?"""
        s, table = self.season, self.rounds[r][t]
        a = table[i]
        for x in table:
            if x != a and (s.rule[a][x] > 0 or (s.rule[a][x] == 0 and s.meet[a][x] > 1)):
                return True
            if s.partnership and s.partner[a][x] > 1:
                return True
        return self._together_apart(r, a, table)

    def _together_apart(self, r: int, a: int, table: list) -> bool:
        s = self.season
        return any(s.rule[a][x] < 0 and x not in table and x not in self.outs[r]
                   for x in range(s.n))

    def find_conflict(self, samples: int = 30):
        """A random conflicted (round, table, seat), sampling first, then scanning."""
        for _ in range(samples):
            r = self.rng.choice(self.mutable)
            if not self.rounds[r]:
                continue
            t = self.rng.randrange(len(self.rounds[r]))
            i = self.rng.randrange(len(self.rounds[r][t]))
            if self.conflicted(r, t, i):
                return r, t, i
        found = [(r, t, i) for r in self.mutable for t, table in enumerate(self.rounds[r])
                 for i in range(len(table)) if self.conflicted(r, t, i)]
        return self.rng.choice(found) if found else None

    # -- main loop -----------------------------------------------------------------
    def moves(self, r: int, t: int, i: int):
        """(delta, kind, args) for every move of the player at rounds[r][t][i]."""
        for tb, table in enumerate(self.rounds[r]):
            for j in range(len(table)):
                if tb != t or (self.season.partnership and (i - j) % 2):
                    yield self.swap_delta(r, t, i, tb, j), "swap", (r, t, i, tb, j)
        for b in self.outs[r]:
            d = self.out_delta(r, t, i, b)
            if d is not None:
                yield d, "out", (r, t, i, b)

    def run(self, deadline: Deadline, cost: int) -> None:
        """Improve in place until no conflict is left or the deadline passes."""
        best_cost, best = cost, self.snapshot()
        while not deadline.expired():
            self.step += 1
            spot = self.find_conflict()
            if spot is None:
                return
            cost += self._best_move(spot, cost, best_cost)
            if cost < best_cost:
                best_cost, best = cost, self.snapshot()
        self.restore(best)

    def _best_move(self, spot, cost: int, best_cost: int) -> int:
        r, t, i = spot
        a = self.rounds[r][t][i]
        options = []
        for delta, kind, args in self.moves(r, t, i):
            other = self._other(kind, args)
            tabu = self.tabu.get((r, a, other), 0) > self.step
            if not tabu or cost + delta < best_cost:
                options.append((delta, self.rng.random(), kind, args, other))
        if not options:
            return 0
        delta, _, kind, args, other = min(options)
        getattr(self, "apply_" + kind)(*args)
        self.tabu[(r, other, a)] = self.step + 5 + self.rng.randrange(10)
        return delta

    def _other(self, kind: str, args) -> int:
        if kind == "out":
            return args[3]
        r, _, _, tb, j = args
        return self.rounds[r][tb][j]

    def snapshot(self):
        return [[list(t) for t in self.rounds[r]] for r in self.mutable], \
            [list(self.outs[r]) for r in self.mutable]

    def restore(self, snap) -> None:
        tables, outs = snap
        for r, rnd, out in zip(self.mutable, tables, outs, strict=False):
            self.season.add_round(self.rounds[r], self.outs[r], -1)
            self.rounds[r], self.outs[r] = rnd, out
            self.season.add_round(rnd, out, 1)


def total_cost(season: Season) -> int:
    """Full cost of the season (for reporting and choosing a starting design)."""
    n, cost = season.n, 0
    for a in range(n):
        for b in range(a + 1, n):
            rule, c = season.rule[a][b], season.meet[a][b]
            cost += rule * BIG * c if rule else c * c
            if season.partnership:
                cost += PARTNER_WEIGHT * season.partner[a][b] ** 2
    return cost + SMALL_WEIGHT * sum(x * x for x in season.small)
