"""Local search for base blocks when backtracking is too slow.

The state is a list of base rounds, each a list of blocks (lists of points); a
move swaps two points between blocks of one base round (so every base round stays
a partition).  The caller's `violations(blocks)` scores how far the difference
conditions are from holding; a score of 0 is a valid design.  Moves that do not
worsen the score are accepted, worse ones rarely (a random walk through plateaus).
"""

import random

from ..search_util import Deadline


def anneal(rounds: list, violations, rng: random.Random, deadline: Deadline,
           noise: float = 0.02) -> list | None:
    """Search from `rounds` until violations(...) == 0; the solution or None."""
    score = violations(rounds)
    while score and not deadline.expired():
        r = rng.randrange(len(rounds))
        blocks = rounds[r]
        a, b = rng.sample(range(len(blocks)), 2) if len(blocks) > 1 else (0, 0)
        i, j = rng.randrange(len(blocks[a])), rng.randrange(len(blocks[b]))
        blocks[a][i], blocks[b][j] = blocks[b][j], blocks[a][i]
        new = violations(rounds)
        if new <= score or rng.random() < noise:
            score = new
        else:
            blocks[a][i], blocks[b][j] = blocks[b][j], blocks[a][i]
    return rounds if score == 0 else None


def random_partition(points: list, size: int, rng: random.Random) -> list:
    points = list(points)
    rng.shuffle(points)
    return [points[k:k + size] for k in range(0, len(points), size)]
