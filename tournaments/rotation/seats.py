"""Seat assignment: who deals first (seat 0) and where everyone sits.

Tables are already chosen; rounds are seated in order on top of the history.
Each player p with G_p games over the season (history included) should use each
of the w seats that every table has floor(G_p / w) or ceil(G_p / w) times.  Per
table we try every seating order and take the cheapest, where an order costs
BIG for each player pushed above ceil(G_p / w) on a seat, BIG if a player could
no longer reach floor(G_p / w) on every seat with the games left, and otherwise
WEIGHT**count (an exponential weight spreads seats as evenly as it can).  Later
sweeps re-seat each table given all the others.  Partnership tables keep partners
opposite (seats 0&2 vs 1&3): only the 8 orders preserving the pairs are tried,
and two steps finish the job: balance_sides gives each player their share of
seats 0&2 against 1&3 (partners move together, so this is the hard part), then
balance_seats swaps within each side.  4 players in 3 rounds cannot get within
one (test_seats.py checks all 512 seatings); whist designs up to 40 players do.
"""

import random
from itertools import permutations

from .search_util import Deadline

WEIGHT = 8
BIG = 10**9
SIDES_TIME = 0.3  # seconds balance_sides may use even when the caller's budget is spent
TURN_MOVES = (-1, 1, -1, 1)  # turning (a, b, c, d): a, c leave seats 0 & 2, b, d take them

# Seat orders (as index permutations of a 4-table) that keep partners opposite.
PARTNER_ORDERS = [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2),
                  (0, 3, 2, 1), (3, 2, 1, 0), (2, 1, 0, 3), (1, 0, 3, 2)]


class SeatPlanner:
    def __init__(self, counts: list, games: list, left: list, width: int, partnership: bool):
        self.counts, self.games, self.left = counts, games, left
        self.width, self.partnership = width, partnership

    def orders(self, size: int):
        if self.partnership and size == 4:
            return PARTNER_ORDERS
        return list(permutations(range(size)))

    def player_cost(self, p: int, seat: int) -> int:
        """Cost of p taking `seat` now, with left[p] games still to seat after this."""
        counts, total = self.counts[p], self.games[p]
        cost = WEIGHT ** counts[seat]
        if seat < self.width and counts[seat] + 1 > -(-total // self.width):
            cost += BIG
        low = total // self.width
        short = sum(max(0, low - counts[k] - (k == seat)) for k in range(self.width))
        return cost + (BIG if short > self.left[p] - 1 else 0)

    def seat(self, table: list) -> list:
        """Best order for one table; counts and games-left are updated."""
        cost = [[self.player_cost(p, s) for s in range(len(table))] for p in table]
        best = min(self.orders(len(table)),
                   key=lambda o: sum(cost[k][s] for s, k in enumerate(o)))
        seated = [table[k] for k in best]
        for s, p in enumerate(seated):
            self.counts[p][s] += 1
            self.left[p] -= 1
        return seated

    def unseat(self, table: list) -> None:
        for s, p in enumerate(table):
            self.counts[p][s] -= 1
            self.left[p] += 1


def assign_seats(rounds: list, mutable: list[int], counts: list, partnership: bool,
                 deadline=None, sweeps: int = 2) -> None:
    """Seat every table of the mutable rounds in place; counts[p][seat] already
    holds history and published rounds and is updated."""
    left = [0] * len(counts)
    for r in mutable:
        for t in rounds[r]:
            for p in t:
                left[p] += 1
    games = [sum(c) + g for c, g in zip(counts, left, strict=True)]
    width = min((len(t) for r in mutable for t in rounds[r]), default=1)
    planner = SeatPlanner(counts, games, left, width, partnership)
    for r in mutable:
        rounds[r] = [planner.seat(t) for t in rounds[r]]
    for _ in range(sweeps):
        for r in mutable:
            for k, table in enumerate(rounds[r]):
                planner.unseat(table)
                rounds[r][k] = planner.seat(table)
    if partnership:
        rng, deadline = random.Random(len(counts)), deadline or Deadline(0.5)
        # Right sides + the swaps of balance_seats = every seat within one, so the
        # annealing is only needed when the sides cannot all be put right.  The
        # side balance keeps a floor of time on a busy machine (its steps are capped).
        sides = Deadline(max(deadline.remaining() / 2, SIDES_TIME))
        if not balance_sides(rounds, mutable, counts, rng, sides):
            anneal_seats(rounds, mutable, counts, rng, deadline)
    balance_seats(rounds, mutable, counts, width, partnership)


def balance_seats(rounds: list, mutable: list[int], counts: list, width: int,
                  partnership: bool, limit: int = 10_000) -> None:
    """Even out each player's seat use with alternating-path (Kempe) swaps.

    If p used seat a at least twice more than seat b, follow p -(seat a)- table
    -(seat b)- q -(seat a)- table ... to a player x who used b more than a, and
    swap seats a and b at every table on the path: p and x move one step towards
    balance, everyone in between keeps their counts, every table stays seated.
    Counting a- and b-seats over the reachable tables shows such an x exists
    (de Werra's equitable edge-colouring argument), so it ends within one.  In
    partnership games only partner-preserving swaps (seats 0<->2, 1<->3) are used.
    """
    pairs = [(a, b) for a in range(width) for b in range(width)
             if a != b and (not partnership or (a - b) % 2 == 0)]
    for _ in range(limit):
        spot = _unbalanced(counts, pairs)
        if spot is None or not _flip_path(rounds, mutable, counts, *spot):
            return


def _unbalanced(counts: list, pairs):
    for p, c in enumerate(counts):
        for a, b in pairs:
            if c[a] - c[b] >= 2:
                return p, a, b
    return None


def _flip_path(rounds, mutable, counts, p: int, a: int, b: int) -> bool:
    parent = {p: None}
    queue = [p]
    while queue:
        q = queue.pop(0)
        for r in mutable:
            for t, table in enumerate(rounds[r]):
                if len(table) > max(a, b) and table[a] == q and table[b] not in parent:
                    x = table[b]
                    parent[x] = (q, r, t)
                    if counts[x][b] - counts[x][a] >= 1:
                        _flip(rounds, counts, parent, x, a, b)
                        return True
                    queue.append(x)
    return False


def _flip(rounds, counts, parent, x: int, a: int, b: int) -> None:
    counts[x][b] -= 1
    counts[x][a] += 1
    while parent[x] is not None:
        q, r, t = parent[x]
        table = rounds[r][t]
        table[a], table[b] = table[b], table[a]
        x = q
    counts[x][a] -= 1
    counts[x][b] += 1


def anneal_seats(rounds: list, mutable: list[int], counts: list, rng, deadline,
                 per_table: int = 400) -> None:
    """Random re-orderings of partnership tables under simulated annealing.

    Partner-preserving orders couple four players, so table-by-table greedy gets
    stuck; accepting a few uphill moves (temperature falling to 0) escapes that.
    The cost is the same sum of WEIGHT**count over players and seats.
    """
    tables = [(r, k) for r in mutable for k, t in enumerate(rounds[r]) if len(t) == 4]
    if not tables:
        return
    iterations = per_table * len(tables)
    for step in range(iterations):
        if step % 256 == 0 and deadline.expired():
            return
        r, k = rng.choice(tables)
        table = rounds[r][k]
        order = rng.choice(PARTNER_ORDERS[1:])
        new = [table[i] for i in order]
        delta = _move_cost(table, new, counts)
        temp = 2.0 * (1 - step / iterations)
        if delta <= 0 or (temp > 0 and rng.random() < 2.718 ** (-delta / (temp * WEIGHT))):
            for s, p in enumerate(table):
                counts[p][s] -= 1
            for s, p in enumerate(new):
                counts[p][s] += 1
            rounds[r][k] = new


def _move_cost(old: list, new: list, counts: list) -> int:
    before = sum(WEIGHT ** counts[p][s] for s, p in enumerate(old))
    for s, p in enumerate(old):
        counts[p][s] -= 1
    after = sum(WEIGHT ** (counts[p][s] + 1) for s, p in enumerate(new))
    for s, p in enumerate(old):
        counts[p][s] += 1
    return after - before


def side_range(games: int) -> tuple[int, int]:
    """Fewest and most games on seats 0 & 2 that still allow every seat within one.

    Seats 0 and 2 together must hold between 2*floor(G/4) and 2*ceil(G/4) of the
    G games, and so must seats 1 and 3 (which hold the rest).
    """
    low, high = games // 4, -(-games // 4)
    return max(2 * low, games - 2 * high), min(2 * high, games - 2 * low)


def balance_sides(rounds: list, mutable: list[int], counts: list, rng, deadline,
                  tabu: int = 3, steps_per_table: int = 400,
                  restart_per_table: int = 10) -> bool:
    """Give every partnership player the right number of games on seats 0 & 2.

    Swapping 0<->2 or 1<->3 inside a table (what balance_seats does) cannot move a
    player between the "even" seats 0 & 2 and the "odd" seats 1 & 3, so that share
    is fixed first.  Turning a table one seat (a, b, c, d) -> (b, c, d, a) moves
    one partnership from even to odd and the other back.  Min-conflicts: take a
    player outside side_range, turn the table of theirs that helps most (recently
    turned tables are tabu), occasionally a random one of theirs to leave plateaus.
    Some sizes have no such seating (4 players, 3 rounds: see docs/rotation.md), so
    the steps are capped as well as timed; every restart_per_table steps per table
    it starts again from the first seating.  True when every player is in range.
    """
    where = {}
    for r in mutable:
        for k, table in enumerate(rounds[r]):
            if len(table) == 4:
                for p in table:
                    where.setdefault(p, []).append((r, k))
    start = {(r, k): list(rounds[r][k]) for spots in where.values() for r, k in spots}
    sides = _Sides(counts, where)
    step, last = 0, {}
    limit = steps_per_table * len(start)
    while sides.off and step < limit and not deadline.expired():
        if step and step % (restart_per_table * len(start)) == 0:
            sides, last = _restart(rounds, counts, start, where), {}
        p = rng.choice(sorted(sides.off))
        options = [spot for spot in where[p] if last.get(spot, -tabu) + tabu <= step]
        if not options:
            options = where[p]
        if rng.random() < 0.1:
            spot = rng.choice(options)
        else:
            deltas = [(sides.turn_delta(rounds[r][k]), (r, k)) for r, k in options]
            best = min(d for d, _ in deltas)
            spot = rng.choice([s for d, s in deltas if d == best])
        r, k = spot
        sides.turn(rounds[r][k])
        rounds[r][k] = _turn(rounds[r][k], counts)
        last[spot], step = step, step + 1
    return not sides.off


def _restart(rounds: list, counts: list, start: dict, where: dict) -> "_Sides":
    """Back to the starting seating: runs are long-tailed, so fresh tries pay."""
    for (r, k), table in start.items():
        _reseat(rounds[r][k], table, counts)
        rounds[r][k] = list(table)
    return _Sides(counts, where)


class _Sides:
    """Each player's games on seats 0 & 2 against side_range, and who is outside."""

    def __init__(self, counts: list, players):
        self.even = {p: counts[p][0] + counts[p][2] for p in players}
        self.bounds = {p: side_range(sum(counts[p][:4])) for p in players}
        self.off = {p for p in players if self.excess(p, self.even[p])}

    def excess(self, p: int, even: int) -> int:
        low, high = self.bounds[p]
        return max(0, low - even, even - high)

    def turn_delta(self, table: list) -> int:
        """Change of the total excess if the table turns (a, c leave seats 0 & 2)."""
        return sum(self.excess(p, self.even[p] + move) - self.excess(p, self.even[p])
                   for p, move in zip(table, TURN_MOVES, strict=True))

    def turn(self, table: list) -> None:
        for p, move in zip(table, TURN_MOVES, strict=True):
            self.even[p] += move
            (self.off.add if self.excess(p, self.even[p]) else self.off.discard)(p)


def _turn(table: list, counts: list) -> list:
    turned = table[1:] + table[:1]
    _reseat(table, turned, counts)
    return turned


def _reseat(old: list, new: list, counts: list) -> None:
    for s, p in enumerate(old):
        counts[p][s] -= 1
    for s, p in enumerate(new):
        counts[p][s] += 1
