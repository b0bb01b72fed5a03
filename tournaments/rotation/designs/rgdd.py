"""Resolvable 4-GDDs of type 3^u (4-RGDD(3^u)): 3u players, u - 1 rounds of tables of 4.

The 3u players fall into u groups of 3; every two players of different groups
share a table exactly once, two of one group never do.  Each player meets
3 * (u - 1) others, all of them, in u - 1 rounds: for 36 players that is 11
rounds, the best known value (the counting bound (36 - 1) // 3 = 11 is reached).
Existence for u = 12 is known (the necessary conditions for alpha-resolvable
4-GDDs of group size 3 are sufficient except for u = 4: "alpha-resolvable group
divisible designs with block size four and group size three", Utilitas
Mathematica, utilitasmathematica.com/index.php/Index/article/view/530); the
design below is our own, found by `base_blocks`.

Construction.  Let m = u - 1 (odd, not a multiple of 3) and N = 3m.  Points are
Z_N plus oo_0, oo_1, oo_2; the groups are the cosets {x, x+m, x+2m} and the three
oo's.  The cyclic group Z_N acts by  x -> x+1  on Z_N and  oo_j -> oo_(j+1 mod 3).
A *base round* is fixed by the shift +m (which maps oo_j to a different oo, as
3 does not divide m); it is made of
  * a triple {a, b, c}: the tables {oo_(t mod 3), a+t, b+t, c+t} for t = 0, m, 2m,
  * (m - 3) / 4 blocks B: the tables B, B+m, B+2m.
It is a partition exactly when the triple and the blocks together hold every
residue mod m once.  Round r (r = 0..m-1) is the base round shifted by r.

Why no pair repeats: over the m rounds every block and the oo-table develop
through all N shifts once.  A pair {x, x+d} (d not in {0, m, 2m}) is met once
per occurrence of the difference class +-d in the triple or a block, and there
are (N - 3) / 2 such classes, as many as the base pairs (3 + 6 * (m - 3) / 4),
so each class must occur exactly once.  The pair {oo_j, y} is met at the shift
t = y - e with t = j (mod 3), i.e. for the e in {a, b, c} with e = y - j (mod 3):
exactly once when a, b, c are distinct mod 3.  N is odd, so no difference is its
own negative (which would repeat a pair).
"""

from functools import cache
from itertools import combinations

from ..search_util import Deadline

Schedule = list[list[list[int]]]

# Base rounds found by `base_blocks(u)` (deterministic), keyed by player count 3u:
# the oo triple, then the blocks.  The tests rerun the search and compare.
BASE_BLOCKS = {
    36: ((0, 1, 5), (2, 18, 9, 32), (3, 15, 28, 30)),
}


def _order(u: int) -> int | None:
    """N = 3(u - 1) when the construction applies to u groups, else None."""
    m = u - 1
    if u < 8 or u % 4 or m % 3 == 0:
        return None
    return 3 * m


def _difference_class(d: int, order: int) -> int:
    d %= order
    return min(d, order - d)


class _BaseRoundSearch:
    """Backtracking over blocks, smallest uncovered residue mod m first."""

    def __init__(self, u: int, deadline: Deadline):
        self.order = _order(u)
        self.m = u - 1
        self.deadline = deadline
        self.used: set[int] = set()
        self.blocks: list[tuple[int, ...]] = []

    def classes(self, block) -> set[int] | None:
        """Difference classes of the block, or None if one is banned or repeated."""
        found = {_difference_class(x - y, self.order) for x, y in combinations(block, 2)}
        pairs = len(block) * (len(block) - 1) // 2
        if len(found) < pairs or self.m in found or found & self.used:
            return None
        return found

    def run(self) -> tuple | None:
        # Shifting the whole design (and renaming the oo's) puts 0 in the triple.
        for b, c in combinations(range(1, self.order), 2):
            if self.deadline.expired():
                return None
            triple = (0, b, c)
            if len({x % 3 for x in triple}) < 3 or len({x % self.m for x in triple}) < 3:
                continue
            found = self._with(triple, set(range(self.m)) - {x % self.m for x in triple})
            if found:
                return found
        return None

    def _with(self, block, free: set[int]):
        diffs = self.classes(block)
        if diffs is None:
            return None
        self.used |= diffs
        self.blocks.append(tuple(block))
        found = self._fill(free)
        self.blocks.pop()
        self.used -= diffs
        return found

    def _fill(self, free: set[int]):
        if not free:
            return tuple(self.blocks)
        if self.deadline.expired():
            return None
        # B and B + m lie in the same base round, so the smallest residue keeps lift 0.
        first = min(free)
        for others in combinations(sorted(free - {first}), 3):
            for lifts in _lifts(3):
                block = (first,) + tuple(r + lift * self.m for r, lift in zip(others, lifts, strict=True))
                found = self._with(block, free - {x % self.m for x in block})
                if found:
                    return found
        return None


def _lifts(k: int):
    if k == 0:
        yield ()
        return
    for rest in _lifts(k - 1):
        for lift in range(3):
            yield rest + (lift,)


@cache
def base_blocks(u: int, budget: float = 30.0) -> tuple | None:
    """Base round (triple, blocks...) of a 4-RGDD(3^u) on Z_(3(u-1)) + 3 oo's, or None."""
    if _order(u) is None:
        return None
    return _BaseRoundSearch(u, Deadline(budget)).run()


def develop(blocks, u: int) -> Schedule:
    """The u - 1 rounds; Z_N is players 0..N-1 and oo_j is player N + j."""
    order, m = _order(u), u - 1
    triple, rest = blocks[0], blocks[1:]
    rounds = []
    for r in range(m):
        rnd = []
        for t in (r, r + m, r + 2 * m):
            rnd.append([order + t % 3] + [(x + t) % order for x in triple])
            rnd.extend([(x + t) % order for x in block] for block in rest)
        rounds.append(rnd)
    return rounds


def groups(u: int) -> list[list[int]]:
    """The u groups of 3 (players who never meet) in `develop`'s numbering."""
    order, m = _order(u), u - 1
    return [[x, x + m, x + 2 * m] for x in range(m)] + [[order, order + 1, order + 2]]


def schedule(n: int, s: int) -> Schedule | None:
    """The stored design for n players at tables of 4, or None."""
    if s != 4 or n not in BASE_BLOCKS:
        return None
    return develop(BASE_BLOCKS[n], n // 3)
