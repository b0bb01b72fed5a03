"""Cyclic resolvable designs from base classes (difference-family search).

Points are (x, t) for x in Z_m and t in range(T), plus F fixed points oo_i.
A base class is a partition of all points into tables of s; round r of the design
is that partition translated by r (x -> x + r, oo fixed), so every round is a
partition for free.  Translating never changes a pair's *orbit key*:
  (t, u, y - x) for (x, t), (y, u) with t < u; (t, t, min(d, m - d)) within one
  type; (oo_i, t) for a fixed point with a moving one.
Each orbit holds m distinct pairs met once per translate, so the m rounds have
no repeated pair exactly when no key is used twice in the base classes; with c
base classes the design has c*m rounds.  Pairs of two fixed points, or within a
type at distance m/2 (an orbit of only m/2 pairs), would repeat, so are banned.

This covers nearly Kirkman systems (Z_m x 2 + 2 fixed points, missing pairs form
the "groups"), KTS(2m+1) for odd m and 4-RGDDs such as type 3^(m+1) (Z_m x 3 + 3
fixed points, with the mixed difference 0 banned so {x_0, x_1, x_2} is a group).
"""

import random
from functools import cache

from ..search_util import Deadline

Schedule = list[list[list[int]]]


class CyclicSpec:
    """Parameters of a cyclic search: group order m, types, fixed points, classes."""

    def __init__(self, m: int, types: int, fixed: int, s: int, classes: int = 1,
                 ban_mixed_zero: bool = False):
        self.m, self.types, self.fixed, self.s = m, types, fixed, s
        self.classes, self.ban_mixed_zero = classes, ban_mixed_zero
        self.points = [(x, t) for t in range(types) for x in range(m)]
        self.points += [(None, i) for i in range(fixed)]

    @property
    def size(self) -> int:
        return self.m * self.types + self.fixed

    def key(self, a, b):
        """Orbit key of the pair {a, b}; None if the pair may never meet."""
        (x, t), (y, u) = a, b
        if x is None and y is None:
            return None
        if x is None or y is None:
            return ("oo", t, u) if x is None else ("oo", u, t)
        if t > u:
            (x, t), (y, u) = (y, u), (x, t)
        if t < u:
            d = (y - x) % self.m
            return None if (d == 0 and self.ban_mixed_zero) else (t, u, d)
        d = (y - x) % self.m
        d = min(d, self.m - d)
        return None if (d == 0 or 2 * d == self.m) else (t, t, d)

    def index(self, point) -> int:
        x, t = point
        return self.m * self.types + t if x is None else t * self.m + x


class _Search:
    """Depth-first search filling one base class after another."""

    def __init__(self, spec: CyclicSpec, rng: random.Random, deadline: Deadline):
        self.spec, self.rng, self.deadline = spec, rng, deadline
        self.used: set = set()
        self.done: list[list[list]] = []
        self.current: list[list] = []

    def start_order(self) -> list:
        """Fixed points first: they have the fewest ways to be placed."""
        moving = self.spec.m * self.spec.types
        return self.spec.points[moving:] + self.spec.points[:moving]

    def run(self, free: list) -> list | None:
        if not free:
            return self._next_class()
        if self.deadline.expired():
            return None
        first, rest = free[0], free[1:]
        for block, keys in self._blocks([first], set(), rest):
            self.used |= keys
            self.current.append(block)
            found = self.run([p for p in rest if p not in block])
            if found:
                return found
            self.current.pop()
            self.used -= keys
        return None

    def _next_class(self) -> list | None:
        self.done.append(self.current)
        if len(self.done) == self.spec.classes:
            return [list(c) for c in self.done]
        self.current = []
        found = self.run(self.start_order())
        if found is None:
            self.current = self.done.pop()
        return found

    def _blocks(self, block: list, keys: set, pool: list):
        if len(block) == self.spec.s:
            yield list(block), set(keys)
            return
        options = list(pool)
        self.rng.shuffle(options)
        for i, p in enumerate(options):
            if self.deadline.expired():
                return
            new = [self.spec.key(p, q) for q in block]
            if None in new or len(set(new)) < len(new) or (set(new) & (keys | self.used)):
                continue
            yield from self._blocks(block + [p], keys | set(new), options[i + 1:])


def search(spec: CyclicSpec, seed: int = 0, budget: float = 5.0, tries: float = 0.3):
    """Base classes for `spec` (list of partitions into (x, t) blocks), or None."""
    deadline = Deadline(budget)
    attempt = 0
    while not deadline.expired():
        rng = random.Random(f"{seed}:{attempt}")
        state = _Search(spec, rng, deadline.child(tries))
        found = state.run(state.start_order())
        if found is not None:
            return found
        attempt += 1
    return None


def develop(spec: CyclicSpec, classes) -> Schedule:
    """The c*m rounds: every base class translated by r = 0..m-1."""
    rounds = []
    for base in classes:
        for r in range(spec.m):
            rounds.append([[spec.index(_shift(p, r, spec.m)) for p in block] for block in base])
    return rounds


def _shift(point, r: int, m: int):
    x, t = point
    return point if x is None else ((x + r) % m, t)


@cache
def cyclic_design(m: int, types: int, fixed: int, s: int, classes: int = 1,
                  ban_mixed_zero: bool = False, budget: float = 5.0) -> tuple | None:
    """Zero-repeat schedule of classes*m rounds on m*types + fixed players, or None."""
    spec = CyclicSpec(m, types, fixed, s, classes, ban_mixed_zero)
    found = search(spec, budget=budget)
    if found is None:
        return None
    return tuple(tuple(tuple(t) for t in rnd) for rnd in develop(spec, found))


def violations(spec: CyclicSpec, classes) -> int:
    """Banned pairs plus surplus uses of each orbit key (0 means no repeats)."""
    seen: dict = {}
    bad = 0
    for base in classes:
        for block in base:
            for i, a in enumerate(block):
                for b in block[i + 1:]:
                    k = spec.key(a, b)
                    if k is None:
                        bad += 1
                    else:
                        seen[k] = seen.get(k, 0) + 1
    return bad + sum(c - 1 for c in seen.values() if c > 1)


def anneal_search(spec: CyclicSpec, seed: int = 0, budget: float = 60.0):
    """Base classes by local search (see designs/anneal.py), or None."""
    from .anneal import anneal, random_partition

    rng = random.Random(seed)
    deadline = Deadline(budget)
    while not deadline.expired():
        start = [random_partition(spec.points, spec.s, rng) for _ in range(spec.classes)]
        found = anneal(start, lambda c: violations(spec, c), rng, deadline.child(10.0))
        if found:
            return found
    return None
