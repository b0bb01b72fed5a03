"""Time-boxed local search over the unpublished rounds (min-conflicts + tabu).

The cost is the whole season's sum over pairs of state.meeting_cost (history and
published rounds included), plus BIG per forbidden meeting, minus BIG per
keep-together meeting, plus weighted squares of small-table and sit-out counts
and, in partnership games, of partner counts.  A move swaps two players of one
round (between tables, or inside a partnership table), or swaps a player with
someone sitting out.
"""

import random

from .search_util import Deadline
from .state import BIG, Season, meeting_cost

SMALL_WEIGHT = 1  # small-table balance only breaks ties between repeat-free plans
PARTNER_WEIGHT = 80  # a repeated partner costs more than a repeated opponent
IDLE_STEPS = 4000  # give up after this many steps without a better season (also keeps
# the result independent of machine speed whenever it stops before the time budget)
SIT_OUT_WEIGHT = 1000  # sit-out fairness is all but hard: relays keep it while moving


class LocalSearch:
    def __init__(self, season: Season, rounds: list, outs: list, mutable: list[int],
                 rng: random.Random):
        self.season, self.rounds, self.outs = season, rounds, outs
        self.mutable, self.rng = mutable, rng
        self.tabu: dict = {}
        self.step = 0
        self.cap = self._meeting_cap()
        self.small_phase = False  # small-table balance is chased once pairs are clean
        self.small_floor = 0

    def _meeting_cap(self) -> int:
        """Meetings a pair may have before it counts as a conflict: the season's
        average rounded up (1 when everyone can still meet someone new)."""
        s, active = self.season, self.season.active
        pairs = len(active) * (len(active) - 1) // 2
        total = sum(s.meet[a][b] for i, a in enumerate(active) for b in active[i + 1:])
        return max(1, -(-total // pairs)) if pairs else 1

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

    def out_delta(self, r: int, ta: int, i: int, b: int) -> int:
        """Player A[i] sits out instead of b (fairness is a weighted square)."""
        s, A = self.season, self.rounds[r][ta]
        a = A[i]
        d = SIT_OUT_WEIGHT * 2 * (s.sit_outs[a] - s.sit_outs[b] + 1)
        d += sum(s.pair_delta(b, x, 1) + s.pair_delta(a, x, -1) for x in A if x != a)
        d += self._small_delta(a, len(A), s.preferred) + self._small_delta(b, s.preferred, len(A))
        if s.partnership and len(A) == 4:
            pa = A[(i + 2) % 4]
            d += PARTNER_WEIGHT * (s.partner_delta(a, pa, -1) + s.partner_delta(b, pa, 1))
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

    def apply_relay(self, r: int, t: int, i: int, b: int, tc: int, k: int) -> None:
        a = self.rounds[r][t][i]
        self.apply_out(r, t, i, b)
        self.apply_out(r, tc, k, a)

    # -- conflicts -----------------------------------------------------------------
    def conflicted(self, r: int, t: int, i: int) -> bool:
        """Does the player at rounds[r][t][i] take part in something costly?"""
        s, table = self.season, self.rounds[r][t]
        a = table[i]
        for x in table:
            if x != a and (s.rule[a][x] > 0 or (s.rule[a][x] == 0 and s.meet[a][x] > self.cap)):
                return True
            if s.partnership and s.partner[a][x] > 1:
                return True
        if self.small_phase and len(table) < s.preferred and s.small[a] > self.small_floor + 1:
            return True  # stuck at small tables more than others
        return self._together_apart(r, a, table)

    def _together_apart(self, r: int, a: int, table: list) -> bool:
        s = self.season
        return any(s.rule[a][x] < 0 and x not in table and x not in self.outs[r]
                   for x in range(s.n))

    def find_conflict(self, samples: int = 30):
        """A random conflicted (round, table, seat), sampling first, then scanning."""
        self.small_floor = min((self.season.small[p] for p in self.season.active), default=0)
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
        if not found and not self.small_phase:
            self.small_phase = True  # pairs are fine: now even out small tables
            return self.find_conflict(samples)
        return self.rng.choice(found) if found else None

    # -- main loop -----------------------------------------------------------------
    def moves(self, r: int, t: int, i: int):
        """(delta, kind, args) for every move of the player at rounds[r][t][i]."""
        for tb, table in enumerate(self.rounds[r]):
            for j in range(len(table)):
                if tb != t or (self.season.partnership and (i - j) % 2):
                    yield self.swap_delta(r, t, i, tb, j), "swap", (r, t, i, tb, j)
        for b in list(self.outs[r]):
            yield self.out_delta(r, t, i, b), "out", (r, t, i, b)
            yield from self._relays(r, t, i, b)

    def _relays(self, r: int, t: int, i: int, b: int):
        """b returns to the seat of a = rounds[r][t][i], a takes c's seat, c sits out:
        the way to change whom an extra player stands in for without a fairness dip."""
        a = self.rounds[r][t][i]
        first = self.out_delta(r, t, i, b)
        self.apply_out(r, t, i, b)
        for tc, table in enumerate(self.rounds[r]):
            for k in range(len(table) if tc != t else 0):
                yield first + self.out_delta(r, tc, k, a), "relay", (r, t, i, b, tc, k)
        self.apply_out(r, t, i, a)  # undo: a back in, b out again

    def run(self, deadline: Deadline, cost: int) -> None:
        """Improve in place until no conflict is left, IDLE_STEPS pass without a better
        season, or the deadline passes; the best season seen is kept."""
        best_cost, best, last = cost, self.snapshot(), 0
        while not deadline.expired() and self.step - last < IDLE_STEPS:
            self.step += 1
            spot = self.find_conflict()
            if spot is None:
                return
            cost += self._best_move(spot, cost, best_cost)
            if cost < best_cost:
                best_cost, best, last = cost, self.snapshot(), self.step
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
        if kind in ("out", "relay"):
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


def pair_cost(season: Season) -> int:
    """The pair part of total_cost: meetings, forbidden and keep-together pairs, and
    in partnership games partner repeats."""
    n, cost = season.n, 0
    for a in range(n):
        for b in range(a + 1, n):
            rule, c = season.rule[a][b], season.meet[a][b]
            cost += rule * BIG * c if rule else meeting_cost(c)
            if season.partnership:
                cost += PARTNER_WEIGHT * season.partner[a][b] ** 2
    return cost


def total_cost(season: Season) -> int:
    """Full cost of the season (for reporting and choosing a starting design)."""
    cost = pair_cost(season)
    cost += SIT_OUT_WEIGHT * sum(season.sit_outs[p] ** 2 for p in season.active)
    return cost + SMALL_WEIGHT * sum(x * x for x in season.small)
