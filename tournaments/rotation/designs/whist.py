"""Z-cyclic whist tournaments: partner everyone once, oppose everyone twice.

A whist table (a, b, c, d) seats partners a & c against b & d (seats 0&2 vs 1&3).
For n = 4k + 1 players the group is Z_n: the base round leaves 0 out and seats
the other 4k points at k tables; n translates give n rounds, each player sitting
out once.  For n = 4k the group is Z_(n-1) plus a fixed point oo that is in every
round; translates give n - 1 rounds.  Translation preserves differences, so the
tournament is a whist design exactly when, in the base round, every difference
class +-d of Z_M appears once between partners and twice between opponents
(oo partners each point once and opposes each twice automatically).

Here: the GF(q) construction, small backtracking, and symmetric base rounds with
the squares test telling when they cannot exist; whist_search.py has the searches
for the sizes that test rules out (20, 21, 24, 32, 33, 36 up to 40).
"""

import random
from functools import cache

from ..search_util import Deadline

Schedule = list[list[list[int]]]
OO = -1


class _WhistSearch:
    def __init__(self, m: int, rng: random.Random, deadline: Deadline):
        self.m, self.rng, self.deadline = m, rng, deadline
        self.partner: dict[int, int] = {}
        self.opponent: dict[int, int] = {}

    def cls(self, a: int, b: int) -> int | None:
        if OO in (a, b):
            return None
        d = (a - b) % self.m
        return min(d, self.m - d)

    def run(self, free: list[int], tables: list) -> list | None:
        if not free:
            return self.complete(tables)
        if self.deadline.expired():
            return None
        a, rest = free[0], free[1:]
        for table in self._tables(a, rest):
            found = self.run([p for p in rest if p not in table], tables + [table])
            if found:
                return found
        return None

    def complete(self, tables: list) -> list | None:
        return list(tables)

    def _tables(self, a: int, rest: list[int]):
        """Tables (a, b, c, d) fitting the limits; counts are applied while yielded."""
        opts = list(rest)
        self.rng.shuffle(opts)
        for c in opts:
            if not self._apply([(a, c, True)], +1):
                continue
            for b in opts:
                if b == c or not self._apply([(a, b, False), (c, b, False)], +1):
                    continue
                for d in opts:
                    last = [(b, d, True), (a, d, False), (c, d, False)]
                    if d in (b, c) or d < b or not self._apply(last, +1):
                        continue
                    yield (a, b, c, d)
                    self._apply(last, -1)
                self._apply([(a, b, False), (c, b, False)], -1)
            self._apply([(a, c, True)], -1)
            if self.deadline.expired():
                return

    def _apply(self, pairs, sign: int, multipliers=(1,)) -> bool:
        """Add (+1) the classes of g*(x - y) for each pair and multiplier g; on a
        broken limit undo and say False."""
        done = []
        for x, y, partners in pairs:
            if OO in (x, y):
                continue
            counts, limit = (self.partner, 1) if partners else (self.opponent, 2)
            for g in multipliers:
                k = self.cls(g * x % self.m, g * y % self.m)
                counts[k] = counts.get(k, 0) + sign
                done.append((counts, k))
                if sign > 0 and counts[k] > limit:
                    for c, key in done:
                        c[key] -= 1
                    return False
        return True


@cache
def base_round(n: int, seed: int = 0, budget: float = 5.0) -> tuple | None:
    """Base tables of a Z-cyclic whist tournament on n = 0 or 1 (mod 4) players."""
    if n % 4 not in (0, 1) or n < 4:
        return None
    m = n if n % 4 == 1 else n - 1
    free = list(range(1, m)) if n % 4 == 1 else [OO] + list(range(m))
    deadline = Deadline(budget)
    attempt = 0
    while not deadline.expired():
        state = _WhistSearch(m, random.Random(f"{seed}:{attempt}"), deadline.child(0.5))
        found = state.run(free, [])
        if found is not None:
            return tuple(found)
        attempt += 1
    return None


def develop(tables, n: int) -> Schedule:
    """All rounds; oo becomes player n - 1 (n = 4k), player 0 sits out the base round."""
    m = n if n % 4 == 1 else n - 1
    return [
        [[n - 1 if p == OO else (p + r) % m for p in table] for table in tables]
        for r in range(m)
    ]


def whist(n: int, budget: float = 5.0) -> Schedule | None:
    """A whist tournament on players 0..n-1, or None if the search found none."""
    tables = base_round(n, budget=budget)
    return None if tables is None else develop(tables, n)


def field_whist(q: int) -> Schedule | None:
    """Whist tournament for a prime power q = 1 (mod 4), over GF(q).

    With g primitive and i = g^((q-1)/4) (so i*i = -1) the base round has the k
    tables g^j * (1, i, -1, -i), j < k = (q-1)/4: they split GF(q)* into the cosets
    of {1, i, -1, -i}.  Partner differences are 2*g^j*{+-1, +-i}: all of GF(q)*
    once.  Opponent differences are (1-i)*g^j*{+-1, +-i}, each twice: all twice.
    Adding each field element r gives the q rounds; 0 + r sits out round r.
    """
    from ..gf import field_tables, prime_power

    if q % 4 != 1 or prime_power(q) is None:
        return None
    add, mul = field_tables(q)
    g = _primitive(q, mul)
    powers = [1]
    for _ in range(q - 2):
        powers.append(mul[powers[-1]][g])
    k = (q - 1) // 4
    neg = {x: next(y for y in range(q) if add[x][y] == 0) for x in range(q)}
    i = powers[k]
    base = [[powers[j], mul[powers[j]][i], neg[powers[j]], neg[mul[powers[j]][i]]]
            for j in range(k)]
    return [[[add[p][r] for p in table] for table in base] for r in range(q)]


def _primitive(q: int, mul) -> int:
    """A generator of the multiplicative group of GF(q)."""
    for g in range(2, q):
        x, order = g, 1
        while x != 1:
            x, order = mul[x][g], order + 1
        if order == q - 1:
            return g
    return 1


def symmetric_possible(n: int) -> bool:
    """Whether the squares test allows symmetric_base's tables for n players.

    Squares of classes are well defined mod m, and (a+b)^2 + (a-b)^2 = 2a^2 + 2b^2.
    Summing over the pairs {a, b}, which split the classes other than x while
    their a+b and a-b classes split them again, gives T = 2(T - x^2) + x^2 for the
    sum T of the squares of all classes, so T = x^2 (mod m) (with no x, T = 0).
    T = m(m^2 - 1)/24 is 0 mod m when 3 does not divide m and m/3 when it does:
    this rules out 20, 21, 24, 32, 33, 36 players among others.  Necessary only.
    """
    if n % 4 not in (0, 1) or n < 5:
        return False
    m = n if n % 4 == 1 else n - 1
    total = sum(k * k for k in range(1, (m - 1) // 2 + 1)) % m
    if n % 4 == 1:
        return total == 0
    return any(x * x % m == total for x in range(1, (m - 1) // 2 + 1))


def symmetric_base(n: int, seed: int = 0, budget: float = 2.0) -> tuple | None:
    """Base round made of tables (a, b, -a, -b) over Z_m, plus (oo, x, 0, -x) if n = 4k.

    With m odd, partners a & -a differ by 2a, so partner classes are the classes
    of 2*(a point): all once exactly when the tables' points split Z_m \\ {0}
    (or Z_m \\ {0, +-x}).  Opponents give the classes a+b and a-b twice each, and
    0 vs +-x gives x twice; so the base round is a whist design exactly when the
    "difference classes" {1..(m-1)/2} split into pairs {a, b} (and x) such that
    the classes of a+b and a-b (and x) split them again.  A small exact search,
    skipped when symmetric_possible(n) says no such split exists.
    """
    if not symmetric_possible(n):
        return None
    return _symmetric_search(n, seed, budget)


def _symmetric_search(n: int, seed: int, budget: float) -> tuple | None:
    m = n if n % 4 == 1 else n - 1
    classes = list(range(1, (m - 1) // 2 + 1))
    rng = random.Random(seed)
    deadline = Deadline(budget)
    for x in ([None] if n % 4 == 1 else rng.sample(classes, len(classes))):
        free = [c for c in classes if c != x]
        used = {x} if x else set()
        pairs = _pair_up(free, used, m, rng, deadline)
        if pairs is not None:
            tables = [(a, b, m - a, m - b) for a, b in pairs]
            return tuple(tables + ([(OO, x, 0, m - x)] if x else []))
        if deadline.expired():
            return None
    return None


def _cls(v: int, m: int) -> int:
    v %= m
    return min(v, m - v)


def _pair_up(free: list, used: set, m: int, rng, deadline) -> list | None:
    """Pair the free classes so that the a+b and a-b classes avoid `used` and repeats."""
    if not free:
        return []
    if deadline.expired():
        return None
    a, rest = free[0], free[1:]
    for b in rng.sample(rest, len(rest)):
        s, d = _cls(a + b, m), _cls(a - b, m)
        if s == d or s in used or d in used:
            continue
        found = _pair_up([c for c in rest if c != b], used | {s, d}, m, rng, deadline)
        if found is not None:
            return [(a, b)] + found
    return None
