"""Searches for whist base rounds where the symmetric tables cannot exist.

symmetric_possible (whist.py) rules out n = 20, 21, 24, 32, 33, 36 among others;
two searches over Z_m (m = n, or n - 1 plus the fixed point oo) take over:

* starter_base: the partner pairs of a base round form a starter of Z_m (every
  difference class once); the opponents of a table are the four cross pairs of
  its two partner pairs however it is seated, so the rest is only a matching.
* multiplier_base: tables in orbits under multiplying by a unit h, so one table
  checks t = order(h) tables' differences at once (found Wh(36) with h = 26).
"""

import random
from math import gcd

from ..search_util import Deadline
from .whist import OO, _WhistSearch


def starter_base(n: int, seed: int = 0, budget: float = 60.0,
                 match_nodes: int = 200_000) -> tuple | None:
    """Base round on n = 0, 1 (mod 4) players: a random starter, then its pairs matched.

    With n = 4k, translating makes oo's partner 0, so the starter pairs up 1..m-1
    and (oo, 0) is added.  Pairs {a, c} and {b, d} become the table (a, b, c, d);
    a depth-first search over which pairs share a table keeps every class at most
    twice among the cross differences (the totals make that exactly twice).  A
    starter whose matching is not found within match_nodes nodes is dropped.
    """
    if n % 4 not in (0, 1) or n < 8:
        return None
    m = n if n % 4 == 1 else n - 1
    rng = random.Random(seed)
    deadline = Deadline(budget)
    while not deadline.expired():
        pairs = _random_starter(m, rng) + ([(OO, 0)] if n % 4 == 0 else [])
        pairs.sort(key=lambda pair: OO not in pair)
        found = _PairMatching(m, _NodeBudget(deadline, match_nodes)).run(pairs)
        if found is not None:
            return tuple(found)
    return None


def _random_starter(m: int, rng: random.Random) -> list:
    """Pairs covering 1..m-1 with each difference class once, built class by class
    in random order; a dead end starts again (dead ends are rare, so no backtracking)."""
    while True:
        free, pairs = set(range(1, m)), []
        for k in rng.sample(range(1, m // 2 + 1), m // 2):
            options = [x for x in sorted(free) if (x + k) % m in free]
            if not options:
                break
            x = rng.choice(options)
            pairs.append((x, (x + k) % m))
            free -= {x, (x + k) % m}
        else:
            return pairs


class _PairMatching:
    """Match partner pairs into tables with every opponent class at most twice."""

    def __init__(self, m: int, budget):
        self.m, self.budget, self.opponent = m, budget, [0] * (m // 2 + 1)

    def cross(self, first, second) -> list[int]:
        out = []
        for x in first:
            for y in second:
                if OO not in (x, y):
                    d = (x - y) % self.m
                    out.append(min(d, self.m - d))
        return out

    def run(self, pairs: list, tables: tuple = ()) -> list | None:
        if not pairs:
            return list(tables)
        if self.budget.expired():
            return None
        first = pairs[0]
        for i in range(1, len(pairs)):
            classes = self.cross(first, pairs[i])
            for k in classes:
                self.opponent[k] += 1
            if all(self.opponent[k] <= 2 for k in classes):
                table = (first[0], pairs[i][0], first[1], pairs[i][1])
                found = self.run(pairs[1:i] + pairs[i + 1:], tables + (table,))
                if found is not None:
                    return found
            for k in classes:
                self.opponent[k] -= 1
        return None


class _NodeBudget:
    """Deadline that also stops after `nodes` questions: the searches ask expired()
    once per node, so restarts happen at the same place on any machine."""

    def __init__(self, deadline: Deadline, nodes: int):
        self.deadline, self.left = deadline, nodes

    def expired(self) -> bool:
        self.left -= 1
        return self.left < 0 or self.deadline.expired()


class _OrbitSearch(_WhistSearch):
    """Leftover tables first, then generator tables developed by the multiplier group."""

    def __init__(self, m: int, rng, deadline, group: list[int], orbits: list):
        super().__init__(m, rng, deadline)
        self.group, self.orbits, self.generators = group, orbits, None
        self.class_orbits = {frozenset(self.cls(0, g * k % m) for g in group)
                             for k in range(1, m // 2 + 1)}

    def run(self, free: list[int], tables: list) -> list | None:
        """Generators add the same count to every class of a class orbit {g*k}, so
        the leftovers must too: a class orbit with a count c somewhere needs c on
        all its classes, which the pairs still to place must be able to supply."""
        for counts, still in ((self.partner, len(free) // 2), (self.opponent, len(free))):
            needed = sum(len(ks) * max(counts.get(k, 0) for k in ks) - sum(
                counts.get(k, 0) for k in ks) for ks in self.class_orbits)
            if needed > still:
                return None
        return super().run(free, tables)

    def complete(self, tables: list) -> list | None:
        self.generators = self._generators(self.orbits, [])
        return None if self.generators is None else list(tables)

    def _generators(self, orbits: list, chosen: list) -> list | None:
        if not orbits:
            return chosen
        if self.deadline.expired():
            return None
        for table, others in self._generator_tables(orbits[0][0], orbits[1:]):
            found = self._generators(others, chosen + [table])
            self._apply(_pairs(table), -1, self.group)
            if found is not None:
                return found
        return None

    def _generator_tables(self, a: int, orbits: list):
        """(a, b, c, d) with b, c, d from three other orbits (b's before d's); the
        counts stay applied while a table is yielded."""
        order = list(range(len(orbits)))
        self.rng.shuffle(order)
        for ic in order:
            for ib in order:
                for id_ in order:
                    if len({ic, ib, id_}) < 3 or id_ < ib:
                        continue
                    others = [o for k, o in enumerate(orbits) if k not in (ic, ib, id_)]
                    for c in orbits[ic]:
                        for b in orbits[ib]:
                            for d in orbits[id_]:
                                if self._apply(_pairs((a, b, c, d)), +1, self.group):
                                    yield (a, b, c, d), others


def _pairs(table) -> list:
    a, b, c, d = table
    return [(a, c, True), (b, d, True), (a, b, False), (a, d, False), (c, b, False),
            (c, d, False)]


def _orbits(n: int, group: list[int]):
    """Points of the base round split into fixed points (oo included) and orbits."""
    m = n if n % 4 == 1 else n - 1
    points = range(1, m) if n % 4 == 1 else range(m)
    fixed, orbits, seen = [OO] * (n % 4 == 0), [], set()
    for p in points:
        if p not in seen:
            orbit = sorted({g * p % m for g in group})
            seen.update(orbit)
            (fixed.extend if len(orbit) == 1 else orbits.append)(orbit)
    return fixed, orbits


def multiplier_base(n: int, h: int, seed: int = 0, budget: float = 60.0,
                    restart_nodes: int = 20_000) -> tuple | None:
    """Base round on n = 0, 1 (mod 4) players made of orbits under multiplying by h.

    H = <h> is a group of units of Z_m (order t, without -1, or a partner
    difference d and its image -d would be the same class twice).  A generator
    table T with its points in four different size-t orbits of H stands for the t
    tables g*T (g in H), which are disjoint; its differences become g*d, so one
    check covers all t copies.  The points fixed by H (oo among them) and as many
    whole orbits as the table count needs go to ordinary leftover tables, which are
    placed first.  Randomised depth-first search
    with pruning on the class counts, restarted every `restart_nodes` nodes.
    """
    if n % 4 not in (0, 1) or n < 8:
        return None
    m = n if n % 4 == 1 else n - 1
    if gcd(h, m) != 1:
        raise ValueError(f"multiplier_base: {h} is not a unit mod {m}")
    group = [1]
    while group[-1] * h % m != 1:
        group.append(group[-1] * h % m)
    if m - 1 in group:
        return None
    fixed, orbits = _orbits(n, group)
    if any(len(o) != len(group) for o in orbits):
        return None
    spares = [j for j in range(len(orbits) + 1)
              if (len(fixed) + j * len(group)) % 4 == 0 and (len(orbits) - j) % 4 == 0]
    if not spares:
        return None
    deadline = Deadline(budget)
    attempt = 0
    while not deadline.expired():
        rng = random.Random(f"{seed}:{attempt}")
        spare = rng.sample(orbits, spares[0])
        rest = [o for o in orbits if o not in spare]
        state = _OrbitSearch(m, rng, _NodeBudget(deadline, restart_nodes), group, rest)
        pool = [OO] * (OO in fixed) + sorted(
            [p for p in fixed if p != OO] + [p for o in spare for p in o])
        left = state.run(pool, [])
        if left is not None:
            return tuple(left) + tuple(tuple(g * p % m for p in t) for t in state.generators
                                       for g in group)
        attempt += 1
    return None
