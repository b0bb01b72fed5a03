"""Time boxes shared by the searches, and a small exact search for tiny schedules."""

import time
from itertools import combinations


class Deadline:
    """A wall-clock budget; child() carves out a shorter one that ends no later."""

    def __init__(self, seconds: float):
        self.end = time.monotonic() + seconds

    def expired(self) -> bool:
        return time.monotonic() >= self.end

    def remaining(self) -> float:
        return max(0.0, self.end - time.monotonic())

    def child(self, seconds: float) -> "Deadline":
        return Deadline(min(seconds, self.remaining()))


def exact_rounds(n: int, size: int, n_out: int, rounds: int, deadline: Deadline,
                 budget: int = 100_000):
    """Zero-repeat rounds for players 0..n-1 at tables of `size`, n_out sitting out
    each round and nobody twice, by depth-first search; None if not found in budget.

    For small counts no construction reaches (18 players at tables of 4: 5 rounds).
    The first round is fixed (tables of consecutive players, the last n_out out),
    which loses nothing: any schedule can be relabelled to start that way.  Later
    rounds fill tables lowest player first with mates in increasing order.
    """
    tables = (n - n_out) // size
    if (n - n_out) % size or n_out * rounds > n or rounds < 1:
        return None
    if rounds * tables * size * (size - 1) > n * (n - 1) or (rounds > 1 and tables < size):
        return None  # more meetings than pairs, or a second round must reunite two
    met = [0] * n
    state = {"nodes": 0}
    first = [list(range(t, t + size)) for t in range(0, n - n_out, size)]
    for table in first:
        _meet(met, table, 1)
    plan, outs = [first], [list(range(n - n_out, n))]
    gone = set(outs[0])

    def fill(avail: int, tables: list) -> bool:
        state["nodes"] += 1
        if state["nodes"] > budget or deadline.expired():
            return False
        if not avail:
            plan.append(tables)
            if next_round():
                return True
            plan.pop()
            return False
        p = (avail & -avail).bit_length() - 1
        for mates in _mates_of(p, avail & ~met[p] & ~(1 << p), met, size - 1):
            table = [p, *mates]
            _meet(met, table, 1)
            rest = avail & ~sum(1 << q for q in table)
            if fill(rest, [*tables, table]):
                return True
            _meet(met, table, -1)
        return False

    def next_round() -> bool:
        if len(plan) == rounds:
            return True
        low = min(outs[-1], default=n) if len(outs) > 1 else -1
        for out in _out_sets(n, n_out, gone, low):
            outs.append(out)
            gone.update(out)
            if fill(((1 << n) - 1) & ~sum(1 << q for q in out), []):
                return True
            gone.difference_update(out)
            outs.pop()
        return False

    return (plan, outs) if next_round() else None


def _meet(met: list, table: list, sign: int) -> None:
    for a in table:
        for b in table:
            if a != b:
                met[a] = met[a] | (1 << b) if sign > 0 else met[a] & ~(1 << b)


def _mates_of(p: int, candidates: int, met: list, k: int):
    """Increasing k-tuples of pairwise unmet players from the candidates bitmask."""
    if k == 0:
        yield ()
        return
    while candidates:
        q = (candidates & -candidates).bit_length() - 1
        candidates &= candidates - 1
        for rest in _mates_of(p, candidates & ~met[q], met, k - 1):
            yield (q, *rest)


def _out_sets(n: int, n_out: int, gone: set, low: int):
    """Sit-out sets of players not out yet, rounds ordered by their lowest player
    (round order is free), and the second round's set holding player 0 (relabelling)."""
    fresh = [p for p in range(n) if p not in gone]
    for out in combinations(fresh, n_out):
        if out and out[0] > low and (low >= 0 or out[0] == 0):
            yield list(out)
        elif not out:
            yield []
