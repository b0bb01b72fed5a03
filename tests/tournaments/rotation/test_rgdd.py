"""4-RGDD(3^u): the 36-player design (11 rounds at tables of 4), checked pair by pair."""

from itertools import combinations

import pytest

from tournaments.rotation import (
    SeatingRequest,
    TableSizes,
    max_meetings,
    pair_counts,
    plan_rotation,
)
from tournaments.rotation.designs import library, rgdd
from tournaments.rotation.pairs import pair_key


def assert_group_divisible(rounds, u):
    """Every round seats everyone once; cross-group pairs meet once, group-mates never."""
    n = 3 * u
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == list(range(n))
        assert all(len(table) == 4 for table in rnd)
    group_of = {p: g for g, members in enumerate(rgdd.groups(u)) for p in members}
    assert sorted(group_of) == list(range(n))
    counts = pair_counts(rounds)
    assert len(counts) == 9 * u * (u - 1) // 2  # nothing beyond the cross-group pairs
    for a, b in combinations(range(n), 2):
        expected = 0 if group_of[a] == group_of[b] else 1
        assert counts[pair_key(a, b)] == expected, (a, b)


def test_36_player_design_meets_every_cross_group_pair_exactly_once():
    rounds = rgdd.schedule(36, 4)
    assert len(rounds) == 11
    assert_group_divisible(rounds, 12)


@pytest.mark.parametrize("u", [8, 12])
def test_search_finds_a_design(u):
    blocks = rgdd.base_blocks(u)
    assert_group_divisible(rgdd.develop(blocks, u), u)


def test_stored_base_round_is_what_the_search_finds():
    assert rgdd.base_blocks(12) == rgdd.BASE_BLOCKS[36]


def test_a_repeated_difference_breaks_the_design():
    # Lifting one point by m = 11 keeps every round a partition but changes the
    # block's differences, so some difference class now occurs twice.
    triple, first, second = rgdd.BASE_BLOCKS[36]
    broken = (triple, first, second[:3] + ((second[3] + 11) % 33,))
    rounds = rgdd.develop(broken, 12)
    assert all(sorted(p for t in rnd for p in t) == list(range(36)) for rnd in rounds)
    assert max_meetings(rounds) > 1


def test_sizes_without_the_construction():
    assert rgdd.base_blocks(4) is None  # no 4-RGDD(3^4) exists
    assert rgdd.base_blocks(16) is None  # 3 divides m = 15: the oo's would not rotate
    assert rgdd.schedule(36, 3) is None and rgdd.schedule(30, 4) is None


def test_library_uses_it_for_36_at_tables_of_4():
    assert library.available(4, 36, 36) == {36: 11}
    assert max_meetings(library.construction(36, 4)) == 1


def test_plan_rotation_gives_36_players_11_rounds_without_repeats():
    plan = plan_rotation(SeatingRequest(players=list(range(36)), rounds=11,
                                        table_sizes=TableSizes(4, ()), seed=1, time_budget=0.3))
    assert len(plan.rounds) == 11
    assert max_meetings(plan.rounds) == 1
    assert plan.report["repeat_count"] == 0
    assert "maximum possible" in plan.report["certificate"]


@pytest.mark.parametrize("n", [35, 37])
def test_one_player_either_side_of_36_still_gets_11_rounds(n):
    # 35: the ghost's three table-mates sit out; 37: the extra stands in for the
    # player sitting out.  Both keep every design table, so no pair repeats.
    plan = plan_rotation(SeatingRequest(players=list(range(n)), rounds=11,
                                        table_sizes=TableSizes(4, ()), seed=1, time_budget=2.0))
    assert max_meetings(plan.rounds) == 1
    assert plan.report["repeat_count"] == 0
    assert plan.report["sit_out_spread"] <= 1
