"""Simulated annealing for plans where some pair must meet twice.

The tabu search (search.py) is built to remove conflicts: it stops as soon as none
is left and is excellent when a repeat-free plan exists. When repeats cannot all be
avoided (13 players at tables of 5, 4, 4 over three rounds), it circles around a
local optimum: every move of a conflicted player makes something else worse. There
annealing does better: it moves any player, accepts a worse season now and then while
the temperature is high, and so finds how to pack the unavoidable repeats into the
fewest pairs (13 players, 3 rounds: 8 repeated meetings instead of 12).

Moves are the local search's own swaps (two players of one round at different tables,
or a player with someone sitting out), costed by the same deltas, so forbidden pairs,
keep-together pairs, partners, sit-out and small-table fairness weigh exactly as there.
The schedule is a fixed number of steps, so a run that ends before its deadline is
the same on any machine (the planner's determinism promise); a run the deadline
would cut cools faster instead.
"""

import math
import random

from .search import LocalSearch
from .search_util import Deadline

START_TEMPERATURE = 40.0  # an extra repeat (+70 or so) is often accepted at first
END_TEMPERATURE = 2.0  # far below the smallest pair delta (10): the end is a plain descent
STEPS_PER_SEAT = 3000  # steps per seat of the rounds being planned (13 players, 3 rounds: 117,000)
CHECK_EVERY = 256  # steps between clock checks


def anneal(search: LocalSearch, cost: int, deadline: Deadline) -> int:
    """Improve search's rounds in place; return the cost of the season kept, which is
    never worse than the one it started from.

    The temperature falls with the steps taken or the time used, whichever is further
    along, so a run the clock cuts short still ends cold (a plain descent) instead of
    stopping hot."""
    seats = sum(len(t) for r in search.mutable for t in search.rounds[r]) or 1
    steps = STEPS_PER_SEAT * seats
    clock = _Progress(deadline)
    rng, ratio = search.rng, END_TEMPERATURE / START_TEMPERATURE
    best_cost, best = cost, search.snapshot()
    timed = 0.0
    for step in range(steps):
        if step % CHECK_EVERY == 0:
            timed = clock.fraction()
            if timed >= 1.0:
                break
        move = _random_move(search, rng.choice(search.mutable), rng)
        if move is None:
            continue
        kind, args = move
        delta = search.swap_delta(*args) if kind == "swap" else search.out_delta(*args)
        temperature = START_TEMPERATURE * ratio ** max(step / steps, timed)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            getattr(search, "apply_" + kind)(*args)
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, search.snapshot()
    if cost > best_cost:
        search.restore(best)
    return min(cost, best_cost)


class _Progress:
    """Share of the deadline's time used since the run began (0 to 1)."""

    def __init__(self, deadline: Deadline):
        self.deadline, self.total = deadline, deadline.remaining()

    def fraction(self) -> float:
        if self.total <= 0:
            return 1.0
        return 1.0 - self.deadline.remaining() / self.total


def _random_move(search: LocalSearch, r: int, rng: random.Random):
    """A random swap between two tables of round r, or with a sitting-out player."""
    tables, outs = search.rounds[r], search.outs[r]
    if not tables:
        return None
    ta = rng.randrange(len(tables))
    i = rng.randrange(len(tables[ta]))
    choices = len(tables) - 1 + (1 if outs else 0)
    if choices <= 0:
        return None
    pick = rng.randrange(choices)
    if pick == len(tables) - 1:
        return "out", (r, ta, i, rng.choice(outs))
    tb = pick + (pick >= ta)
    return "swap", (r, ta, i, tb, rng.randrange(len(tables[tb])))
