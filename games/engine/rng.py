"""Seeded shuffling, written out for speed but drawing exactly what the stdlib draws.

Every deal comes from ``random.Random(key)`` and ``rng.shuffle(deck)``; these two
helpers give the same generator state and the same permutation with less Python
overhead (one seeding instead of two, no per-card method calls). At import each is
compared with the stdlib; if this Python differs, the stdlib versions are used, so
a seed always gives the same deals.
"""

from __future__ import annotations

import _random
import random
from hashlib import sha512

# up to Calypso's 208 cards and beyond: any pack of up to 1,023 cards
_BIT_LENGTH = [n.bit_length() for n in range(1024)]


def _fast_seeded(key: str) -> random.Random:
    """`random.Random(key)`: a str seed is turned into an int with SHA-512 (version 2
    seeding), which seeds the C generator; done here without the Python-level calls."""
    data = key.encode()
    rng = _new(random.Random)
    _seed_int(rng, int.from_bytes(data + sha512(data).digest()))
    rng.gauss_next = None
    return rng


_new, _seed_int = random.Random.__new__, _random.Random.seed


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The shuffle's steps for a deck of `size`: (position, n, bits) from the last
    position down, where j is drawn uniform below n with bit_length(n) bits."""
    return tuple((i, i + 1, _BIT_LENGTH[i + 1]) for i in range(size - 1, 0, -1))


_STEPS: dict[int, tuple] = {}  # by deck size, made on first use


def _fast_shuffle(deck: list, rng: random.Random) -> None:
    """`rng.shuffle(deck)`: CPython's algorithm with `_randbelow` inlined."""
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(deck))
    if steps is None:
        steps = _STEPS[len(deck)] = _steps(len(deck))
    for i, n, bits in steps:
        j = getrandbits(bits)
        while j >= n:  # rejected: draw again
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


def _stdlib_seeded(key: str) -> random.Random:
    return random.Random(key)


def _stdlib_shuffle(deck: list, rng: random.Random) -> None:
    rng.shuffle(deck)


def _same_as_stdlib() -> bool:
    for number in range(20):
        key = f"check/{number}/\u00e9"
        mine, theirs = _fast_seeded(key), random.Random(key)
        if mine.getstate() != theirs.getstate():
            return False
        size = (54, 208, 1023)[number % 3]
        cards, expected = list(range(size)), list(range(size))
        _fast_shuffle(cards, mine)
        theirs.shuffle(expected)
        if cards != expected or mine.random() != theirs.random():
            return False
    return True


if _same_as_stdlib():
    seeded, shuffle = _fast_seeded, _fast_shuffle
else:  # pragma: no cover - another Python's random module
    seeded, shuffle = _stdlib_seeded, _stdlib_shuffle
