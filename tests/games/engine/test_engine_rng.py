"""Seeded deals: the written-out shuffle draws exactly what the standard library draws,
for every pack size a game uses (24 to Calypso's 208 and Six-Pack Bezique's 192)."""

import random

import pytest

from games.engine import rng


@pytest.mark.parametrize("size", [24, 32, 36, 53, 54, 80, 192, 208])
def test_the_fast_shuffle_gives_the_stdlib_permutation(size):
    mine, theirs = rng.seeded(f"deal/{size}"), random.Random(f"deal/{size}")
    cards, expected = list(range(size)), list(range(size))
    rng.shuffle(cards, mine)
    theirs.shuffle(expected)
    assert cards == expected
    assert mine.random() == theirs.random()  # and leaves the generator where it would be


def test_the_fast_versions_are_the_ones_in_use():
    assert rng.shuffle is rng._fast_shuffle and rng.seeded is rng._fast_seeded
