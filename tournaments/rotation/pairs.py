"""Pair counting: the checker every design and plan is verified with."""

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations


def pair_key(a: Hashable, b: Hashable) -> tuple:
    """Order-free key of a pair, stable for mixed id types."""
    return (a, b) if repr(a) <= repr(b) else (b, a)


def pair_counts(rounds: Iterable[Iterable[Sequence[Hashable]]]) -> Counter:
    """How often each unordered pair of players shared a table."""
    counts: Counter = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(table, 2):
                counts[pair_key(a, b)] += 1
    return counts


def max_meetings(rounds: Iterable[Iterable[Sequence[Hashable]]]) -> int:
    """Largest number of times any pair met (0 for an empty schedule)."""
    return max(pair_counts(rounds).values(), default=0)


def repeated_pairs(counts: Counter) -> list[tuple]:
    """Pairs that met more than once, with their count, most frequent first."""
    return sorted(((p, c) for p, c in counts.items() if c > 1), key=lambda x: (-x[1], repr(x)))


def is_resolvable_schedule(rounds, players: Iterable[Hashable]) -> bool:
    """True when every round seats each player at most once."""
    allowed = set(players)
    for rnd in rounds:
        seated = [p for table in rnd for p in table]
        if len(seated) != len(set(seated)) or not set(seated) <= allowed:
            return False
    return True
