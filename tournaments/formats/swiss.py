"""Swiss formats: each round is formed from the standings so far (pure Python, no Django).

*Swiss pairs* (two-player games): everyone present is paired, one player sitting out when
the number is odd. The pairing is a minimum-cost perfect matching over the present players
(plus a "sits out" place when odd): a rematch costs more than any pairing without one, so
no pairing is repeated while one can be avoided; then players of like score meet (the
squared difference of their points), then the first deal evens out, then neighbours in
the standings meet. Only players who have sat out least may sit out. The matching is exact
up to `EXACT_PAIRS` places (a search over subsets), above that a greedy pairing improved
by exchanging opponents between two tables.

*Swiss tables* (three or more at a table): the standings are cut into tables top first;
each player may move at most one table up or down from that cut (their score group), and
within that freedom the tables repeat as few earlier meetings as possible, then move as few
players as possible. A depth-first search over the tables finds the best such seating
(exact unless it runs out of its `budget` of tables tried).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from tournaments.formats.common import (
    Night,
    RoundPlan,
    TableSizes,
    choose_sit_outs,
    seat_order,
    shape,
    standings,
)
from tournaments.rotation.pairs import pair_key

EXACT_PAIRS = 18
SITS_OUT = object()  # the extra place of an odd round: whoever is paired with it sits out


# --- Swiss pairs ---------------------------------------------------------------------------

class _PairCosts:
    def __init__(self, night: Night, order: list):
        self.order = order
        self.rank = {p: i for i, p in enumerate(order)}
        self.points = night.points()
        self.meet = night.meetings()
        seats = night.seat_counts()
        self.balance = {p: seats.get(p, {}).get(0, 0) - seats.get(p, {}).get(1, 0)
                        for p in order}
        out = night.sit_out_counts()
        self.may_sit_out = {p for p in order if out[p] == min(out[q] for q in order)}
        n = len(order)
        spread = max((self.points[p] for p in order), default=0) - \
            min((self.points[p] for p in order), default=0)
        self.colour = 2 * n
        self.score = 10 * n
        worst = self.score * spread ** 2 + self.colour + n
        # one three-in-a-row of the same seat outweighs every score difference, and one
        # rematch everything else
        self.third = (n // 2 + 2) * worst + 1
        self.rematch = (n // 2 + 2) * (self.third + worst) + 1

    def cost(self, a, b) -> int | None:
        """The cost of a table of a and b (None: not allowed)."""
        if a is SITS_OUT or b is SITS_OUT:
            player = b if a is SITS_OUT else a
            if player not in self.may_sit_out:
                return None
            return len(self.order) - 1 - self.rank[player]  # the lowest sits out first
        low, high = sorted((self.balance[a], self.balance[b]))
        clash = low > 0 or high < 0  # one of them deals first (or second) once more
        third = low >= 2 or high <= -2  # ... a third time more than the other way
        return (self.rematch * self.meet[pair_key(a, b)] + self.third * third
                + self.score * (self.points[a] - self.points[b]) ** 2
                + self.colour * clash + abs(self.rank[a] - self.rank[b]))


def _exact_matching(places: list, costs: _PairCosts) -> list[tuple]:
    """Minimum-cost perfect matching by a search over subsets (the first place left is
    always paired next, so each subset is solved once)."""
    size = len(places)
    memo: dict[int, tuple[int, int] | None] = {0: (0, -1)}

    def solve(mask: int):
        if mask in memo:
            return memo[mask]
        first = (mask & -mask).bit_length() - 1
        best = None
        for other in range(first + 1, size):
            if not mask >> other & 1:
                continue
            cost = costs.cost(places[first], places[other])
            if cost is None:
                continue
            rest = solve(mask & ~(1 << first) & ~(1 << other))
            if rest is not None and (best is None or cost + rest[0] < best[0]):
                best = (cost + rest[0], other)
        memo[mask] = best
        return best

    mask = (1 << size) - 1
    if solve(mask) is None:
        raise ValueError("no pairing is possible")
    pairs = []
    while mask:
        first = (mask & -mask).bit_length() - 1
        other = memo[mask][1]
        pairs.append((places[first], places[other]))
        mask &= ~(1 << first) & ~(1 << other)
    return pairs


def _greedy_matching(places: list, costs: _PairCosts) -> list[tuple]:
    """Top down, each player with the cheapest opponent left; then exchange opponents
    between two tables while that lowers the cost."""
    left = list(places)
    pairs = []
    while left:
        first = left.pop(0)
        options = [(costs.cost(first, other), i) for i, other in enumerate(left)]
        cost, index = min((c, i) for c, i in options if c is not None)
        pairs.append((first, left.pop(index)))
    return _exchange(pairs, costs)


def _exchange(pairs: list[tuple], costs: _PairCosts) -> list[tuple]:
    def total(a, b):
        cost = costs.cost(a, b)
        return float("inf") if cost is None else cost

    better = True
    while better:
        better = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            now = total(a, b) + total(c, d)
            for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                if total(*x) + total(*y) < now:
                    pairs[i], pairs[j] = x, y
                    better = True
                    break
            if better:
                break
    return pairs


def pairs_next_round(night: Night, players, seed: int | None = None) -> RoundPlan:
    """The next round of a Swiss night for a two-player game."""
    order = standings(night, list(players), seed)
    if len(order) < 2:
        raise ValueError(f"{len(order)} players cannot fill a table of 2")
    costs = _PairCosts(night, order)
    places = order + ([SITS_OUT] if len(order) % 2 else [])
    match = _exact_matching if len(places) <= EXACT_PAIRS else _greedy_matching
    pairs = match(places, costs)
    sit_outs = [a if b is SITS_OUT else b for a, b in pairs if SITS_OUT in (a, b)]
    tables = [_first_deal(a, b, costs, len(night.rounds))
              for a, b in pairs if SITS_OUT not in (a, b)]
    tables.sort(key=lambda t: min(costs.rank[p] for p in t))
    return RoundPlan(tables=tables, sit_outs=sit_outs)


def _first_deal(a, b, costs: _PairCosts, played: int) -> list:
    """Seat 0 (the first deal) to whoever has dealt first less often than second; between
    equals, to the higher placed in odd rounds and the lower placed in even ones."""
    high, low = sorted((a, b), key=costs.rank.__getitem__)
    if costs.balance[high] != costs.balance[low]:
        return sorted((a, b), key=costs.balance.__getitem__)
    return [high, low] if played % 2 == 0 else [low, high]


# --- Swiss tables --------------------------------------------------------------------------

class _TableSearch:
    """Depth-first over the tables, top first; each table's choices best first."""

    MAX_CHOICES = 2000

    def __init__(self, seated: list, sizes: list[int], meet, budget: int | None):
        self.sizes = sizes
        self.meet = meet
        self.home = {}
        start = 0
        for t, size in enumerate(sizes):
            for p in seated[start:start + size]:
                self.home[p] = t
            start += size
        self.rank = {p: i for i, p in enumerate(seated)}
        self.budget = budget
        self.tried = 0
        self.best: tuple | None = None
        self.best_tables: list | None = None

    def table_cost(self, table, t) -> tuple[int, int]:
        repeats = sum(self.meet[pair_key(a, b)] for a, b in combinations(table, 2))
        return repeats, sum(abs(self.home[p] - t) for p in table)

    def run(self, left: list, t: int = 0, cost=(0, 0), tables=()) -> None:
        if t == len(self.sizes):
            if self.best is None or cost < self.best:
                self.best, self.best_tables = cost, list(tables)
            return
        if self.budget is not None and self.tried > self.budget and self.best is not None:
            return
        size = self.sizes[t]
        forced = [p for p in left if self.home[p] < t]
        if len(forced) > size:
            return
        free = [p for p in left if p not in forced and self.home[p] <= t + 1]
        need = size - len(forced)
        while len(free) > need and comb(len(free), need) > self.MAX_CHOICES:
            free.pop()  # very large tables: keep the closest in the standings
        choices = []
        for extra in combinations(free, need):
            table = forced + list(extra)
            choices.append((self.table_cost(table, t), table))
        self.tried += len(choices)
        choices.sort(key=lambda c: c[0])
        for (repeats, floats), table in choices:
            total = (cost[0] + repeats, cost[1] + floats)
            if self.best is not None and total >= self.best:
                continue
            chosen = set(table)
            self.run([p for p in left if p not in chosen], t + 1, total,
                     (*tables, sorted(table, key=self.rank.__getitem__)))


def tables_next_round(night: Night, players, sizes: TableSizes, seed: int | None = None,
                      budget: int | None = 20_000) -> RoundPlan:
    """The next round of a Swiss night at tables of three or more."""
    order = standings(night, list(players), seed)
    table_sizes, out = shape(len(order), sizes)
    sit_outs = choose_sit_outs(order[::-1], out, night)
    resting = set(sit_outs)
    seated = [p for p in order if p not in resting]
    search = _TableSearch(seated, table_sizes, night.meetings(), budget)
    search.run(seated)
    tables = [seat_order(table, night) for table in search.best_tables]
    return RoundPlan(tables=tables, sit_outs=sorted(sit_outs))


def window_tables(seated: list, sizes: list[int]) -> dict:
    """player -> the table the standings cut puts them at (the score group)."""
    return _TableSearch(seated, sizes, {}, None).home
