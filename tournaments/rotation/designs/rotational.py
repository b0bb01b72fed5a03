"""1-rotational resolvable designs: Kirkman triple systems KTS(2n+1) and
resolvable BIBD(3n+1, 4, 1), in one construction for tables of s.

Points are Z_M with M = (s-1)*n, plus a fixed point oo; there are n rounds.
Round r is  {oo, r, r+n, ..., r+(s-2)n}  together with B + r + j*n for every base
block B and j = 0..s-2.  A round is a partition when the base blocks' residues
mod n are distinct and fill 1..n-1.  Over the n rounds every translate B + t,
t in Z_M, appears exactly once, so a pair {x, y} meets exactly once when each
difference class +-d (d not a multiple of n) occurs in exactly one base block;
differences that are multiples of n are covered by the oo tables.

The base blocks are found by a small randomised backtracking search; the result
is then checked by the caller's tests with the pair-count checker.
"""

import random
from functools import cache

from ..search_util import Deadline

Schedule = list[list[list[int]]]


def _diff_class(d: int, m: int) -> int:
    d %= m
    return min(d, m - d)


class _BaseBlockSearch:
    """Backtracking over base blocks, smallest uncovered residue first."""

    def __init__(self, n: int, s: int, rng: random.Random, deadline: Deadline):
        self.n, self.s, self.m = n, s, (s - 1) * n
        self.rng, self.deadline = rng, deadline
        self.free = set(range(1, n))
        self.used: set[int] = set()
        self.blocks: list[list[int]] = []

    def run(self) -> list[list[int]] | None:
        if not self.free:
            return [list(b) for b in self.blocks]
        if self.deadline.expired():
            return None
        first = min(self.free)
        for block in self._blocks_from(first):
            diffs = self._diffs(block)
            if diffs is None:
                continue
            self._push(block, diffs)
            found = self.run()
            if found:
                return found
            self._pop(block, diffs)
        return None

    def _blocks_from(self, first: int):
        """Candidate blocks: `first` plus s-1 free residues, each lifted to Z_M."""
        others = sorted(self.free - {first})
        self.rng.shuffle(others)
        yield from self._extend([first], others)

    def _extend(self, block: list[int], pool: list[int]):
        if len(block) == self.s:
            yield list(block)
            return
        for res in pool:
            if res < block[-1] % self.n and len(block) > 1:
                continue
            for lift in self.rng.sample(range(self.s - 1), self.s - 1):
                point = res + lift * self.n
                if self._fits(block, point):
                    yield from self._extend(block + [point], [r for r in pool if r != res])

    def _fits(self, block: list[int], point: int) -> bool:
        seen = set()
        for x in block:
            d = _diff_class(point - x, self.m)
            if d % self.n == 0 or d in self.used or d in seen:
                return False
            seen.add(d)
        return True

    def _diffs(self, block: list[int]) -> set[int] | None:
        diffs = {_diff_class(a - b, self.m) for i, a in enumerate(block) for b in block[:i]}
        pairs = self.s * (self.s - 1) // 2
        if len(diffs) < pairs or diffs & self.used:
            return None
        if any(2 * d == self.m for d in diffs):  # a self-inverse difference would repeat
            return None
        return diffs

    def _push(self, block, diffs):
        self.blocks.append(block)
        self.used |= diffs
        self.free -= {x % self.n for x in block}

    def _pop(self, block, diffs):
        self.blocks.pop()
        self.used -= diffs
        self.free |= {x % self.n for x in block}


@cache
def base_blocks(n: int, s: int, seed: int = 0, budget: float = 5.0) -> tuple | None:
    """Base blocks for the 1-rotational design on (s-1)*n + 1 points, or None."""
    if (n - 1) % s:
        return None
    deadline = Deadline(budget)
    attempt = 0
    while not deadline.expired():
        rng = random.Random(f"{seed}:{attempt}")
        search = _BaseBlockSearch(n, s, rng, deadline.child(0.2))
        found = search.run()
        if found is not None:
            return tuple(tuple(b) for b in found)
        attempt += 1
    return None


def develop(blocks, n: int, s: int) -> Schedule:
    """Expand base blocks into the n rounds; oo is player (s-1)*n."""
    m = (s - 1) * n
    rounds = []
    for r in range(n):
        rnd = [[m] + [r + j * n for j in range(s - 1)]]
        for block in blocks:
            for j in range(s - 1):
                rnd.append([(x + r + j * n) % m for x in block])
        rounds.append(rnd)
    return rounds


def one_rotational(v: int, s: int) -> Schedule | None:
    """Resolvable design on v players at tables of s with (v-1)/(s-1) rounds, or None."""
    if (v - 1) % (s - 1):
        return None
    n = (v - 1) // (s - 1)
    blocks = base_blocks(n, s)
    return None if blocks is None else develop(blocks, n, s)
