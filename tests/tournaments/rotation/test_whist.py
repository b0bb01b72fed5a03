"""Whist tournaments (Back Alley partnerships): partner everyone once, oppose twice."""

import random

import pytest

from tournaments.rotation import SeatingRequest, plan_rotation
from tournaments.rotation.designs import library, whist, whist_search
from tournaments.rotation.designs.whist import OO

WHIST_SIZES = [n for n in range(5, 41) if n % 4 in (0, 1)]


def whist_counts(rounds, n):
    """(partner counts, opponent counts) over unordered pairs, and the sit-outs."""
    partner, opponent, sitting_out = {}, {}, {}
    for rnd in rounds:
        seated = [p for t in rnd for p in t]
        assert len(seated) == len(set(seated)), "a player sits twice in one round"
        assert set(seated) <= set(range(n))
        for p in set(range(n)) - set(seated):
            sitting_out[p] = sitting_out.get(p, 0) + 1
        for a, b, c, d in rnd:
            for x, y in ((a, c), (b, d)):
                key = frozenset((x, y))
                partner[key] = partner.get(key, 0) + 1
            for x, y in ((a, b), (a, d), (c, b), (c, d)):
                key = frozenset((x, y))
                opponent[key] = opponent.get(key, 0) + 1
    return partner, opponent, sitting_out


def assert_whist(rounds, n):
    partner, opponent, sitting_out = whist_counts(rounds, n)
    pairs = n * (n - 1) // 2
    assert len(rounds) == (n if n % 4 == 1 else n - 1)
    assert all(len(rnd) == n // 4 for rnd in rounds)
    assert len(partner) == pairs and set(partner.values()) == {1}
    assert len(opponent) == pairs and set(opponent.values()) == {2}
    assert sitting_out == ({p: 1 for p in range(n)} if n % 4 == 1 else {})


@pytest.mark.parametrize("n", [n for n in WHIST_SIZES if n >= 8])
def test_every_size_up_to_40_has_a_whist_design(n):
    design = library.whist_design(n)
    assert design is not None, f"no whist design for {n} players"
    assert_whist([[list(t) for t in rnd] for rnd in design], n)


def test_checker_rejects_a_broken_design():
    rounds = [[list(t) for t in rnd] for rnd in library.whist_design(32)]
    a, b, c, d = rounds[0][0]
    rounds[0][0] = [a, c, b, d]  # same four players, other partnerships
    with pytest.raises(AssertionError):
        assert_whist(rounds, 32)


@pytest.mark.parametrize("n", [32, 33, 36])
def test_new_designs_are_stored_as_base_rounds(n):
    base = library.data.WHIST[n]
    m = n if n % 4 == 1 else n - 1
    points = sorted(p for t in base for p in t)
    assert points == ([OO] if n % 4 == 0 else []) + list(range(0 if n % 4 == 0 else 1, m))


def test_multiplier_search_finds_wh36():
    base = whist_search.multiplier_base(36, 26, budget=30.0)
    assert base is not None
    assert_whist(whist.develop(base, 36), 36)


def test_multiplier_refuses_groups_holding_minus_one():
    # 2 has order 8 mod 17 and 2**4 = -1: a starter's partner difference d and -d
    # would be one class counted twice.
    assert whist_search.multiplier_base(17, 2, budget=1.0) is None


@pytest.mark.parametrize("n", [20, 21, 24, 32, 33])
def test_starter_search(n):
    base = whist_search.starter_base(n, budget=60.0)
    assert base is not None
    assert_whist(whist.develop(base, n), n)


def test_random_starter_covers_each_class_once():
    pairs = whist_search._random_starter(31, random.Random(5))
    points = sorted(p for pair in pairs for p in pair)
    classes = sorted(min((a - b) % 31, (b - a) % 31) for a, b in pairs)
    assert points == list(range(1, 31)) and classes == list(range(1, 16))


@pytest.mark.parametrize("n", [n for n in WHIST_SIZES if n <= 33])
def test_squares_test_matches_exhaustive_symmetric_search(n):
    found = whist._symmetric_search(n, 0, 20.0)
    assert (found is not None) == whist.symmetric_possible(n)
    if found is not None:
        assert_whist(whist.develop(found, n), n)


@pytest.mark.parametrize("n", [32, 33, 36])
def test_planner_partners_everyone_once(n):
    rounds = n if n % 4 == 1 else n - 1
    plan = plan_rotation(SeatingRequest(players=list(range(n)), rounds=rounds,
                                        partnership=True, seed=1, time_budget=0.5))
    assert plan.report["partners_everyone_once"]
    assert plan.report["partner_repeats"] == 0
    assert_whist(plan.rounds, n)


def test_multiplier_must_be_a_unit():
    with pytest.raises(ValueError, match="not a unit mod 33"):
        whist_search.multiplier_base(33, 3)
