"""The duplicate movement without the database: fixed partnerships, and who is compared."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import DUPLICATE, TableSizes
from tournaments.formats.duplicate import (
    comparison_report,
    comparisons,
    partnership_movement,
    partnership_units,
)
from tournaments.formats.simulate import simulate_night

PAIRS = [[0, 2], [1, 3]]


def test_players_holding_the_same_seat_at_other_tables_are_compared():
    rounds = [[[1, 2], [3, 4]], [[1, 4], [3, 2]]]  # two tables of a two-seat game
    counts = comparisons(rounds, [[0], [1]])
    # round 1: seat 0 holds 1 and 3, seat 1 holds 2 and 4; round 2: 1 and 3 again, 4 and 2
    assert counts == Counter({(1, 3): 2, (2, 4): 2})
    report = comparison_report(rounds, [[0], [1]], [1, 2, 3, 4, 5])
    assert report["pairs_compared"] == 2 and report["pairs_possible"] == 10
    assert report["most_compared"] == 2 and report["never_compared"] == [5]
    assert report["pairs"] == [[1, 3, 2], [2, 4, 2]]


def test_partners_are_compared_by_direction_not_seat():
    rounds = [[[1, 2, 3, 4], [5, 6, 7, 8]]]  # partners 1-3 and 2-4, 5-7 and 6-8
    counts = comparisons(rounds, PAIRS)
    assert counts == Counter({(1, 5): 1, (1, 7): 1, (3, 5): 1, (3, 7): 1,
                              (2, 6): 1, (2, 8): 1, (4, 6): 1, (4, 8): 1})


def test_fixed_partnerships_stay_together_and_the_second_direction_moves():
    units, spare = partnership_units(list(range(1, 13)), 2, seed=None)
    assert units == [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12]] and spare == []
    rounds, outs = partnership_movement(units, PAIRS, 3)
    assert outs == [[], [], []]
    for tables in rounds:
        assert len(tables) == 3
        for table in tables:
            assert [table[0], table[2]] in units and [table[1], table[3]] in units
    # the first direction stays at its table, the second moves one table on each round
    assert [[t[0] for t in tables] for tables in rounds] == [[1, 3, 5]] * 3
    assert [[t[1] for t in tables] for tables in rounds] == [[7, 9, 11], [11, 7, 9],
                                                             [9, 11, 7]]


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 30), st.integers(1, 5), st.integers(0, 10**6))
def test_every_round_seats_whole_partnerships_and_rests_the_rest_in_turn(n, rounds, seed):
    units, spare = partnership_units(list(range(n)), 2, seed)
    assert len(spare) == n % 2 and all(len(u) == 2 for u in units)
    assert sorted([p for u in units for p in u] + spare) == list(range(n))
    planned, outs = partnership_movement(units, PAIRS, rounds)
    rested = Counter()
    for tables, out in zip(planned, outs, strict=True):
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == 4 * (len(units) // 2)
        assert sorted(seated + out) == sorted(p for u in units for p in u)
        rested.update(out)
    assert max(rested.values(), default=0) - min(
        (rested[p] for u in units for p in u), default=0) <= 2  # pairs rest in turn


def test_a_duplicate_dry_run_seats_only_full_tables():
    night = simulate_night(format=DUPLICATE, players=11, rounds=3, sizes=TableSizes(4, (3, 4, 5)),
                           seed=5, time_budget=0.2)
    assert all(len(t) == 4 for tables in night["rounds"] for t in tables)
    assert all(len(out) == 3 for out in night["sit_outs"])
    pairs = simulate_night(format=DUPLICATE, players=12, rounds=2, sizes=TableSizes(4, (4,)),
                           seed=5, partnership=True, teams=PAIRS)
    assert [len(tables) for tables in pairs["rounds"]] == [3, 3]
