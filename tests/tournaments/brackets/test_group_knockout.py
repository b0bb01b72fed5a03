"""Group knockout: tables of the players still in, the lowest of each table out each round,
until one table decides the places."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets.groups import (
    check_group_knockout,
    group_knockout_plan,
    group_survivors,
    group_tables,
    round_shape,
)

BLUKE = (4, (3, 4, 5))  # preferred, allowed


def test_sixteen_at_tables_of_four_two_out_a_table_reach_a_final_table():
    plan = group_knockout_plan(16, *BLUKE, drop=2)
    assert [(r.players, r.byes, r.tables, r.advance) for r in plan] == [
        (16, 0, (4, 4, 4, 4), 8), (8, 0, (4, 4), 4), (4, 0, (4,), 0)]


def test_the_tables_snake_so_each_gets_a_fair_mix_of_seeds():
    byes, tables = group_tables(list(range(1, 17)), round_shape(16, *BLUKE, drop=2))
    assert byes == []
    assert tables == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]


def test_uneven_numbers_give_uneven_tables_or_byes_to_the_top_seeds():
    assert round_shape(13, *BLUKE, drop=1).tables == (5, 4, 4)
    joker = round_shape(13, 4, (4,), drop=1)
    assert (joker.byes, joker.tables) == (1, (4, 4, 4))
    byes, tables = group_tables(list(range(1, 14)), joker)
    assert byes == [1] and sorted(sum(tables, [])) == list(range(2, 14))


def test_the_final_table_is_filled_from_the_best_places_when_too_few_would_go_through():
    shape = round_shape(8, 4, (4,), drop=3)  # two tables keep one each: the final needs 4
    assert shape.advance == 4
    byes, tables = group_tables(list(range(1, 9)), shape)
    places = [[4, 3, 2, 1], [1, 2, 3, 4]]  # the last seed wins table 1
    # the winners (8 and 2), then the seconds (5 and 3)
    assert group_survivors(byes, tables, places, shape, drop=3) == [2, 3, 5, 8]


def test_equal_places_at_the_cut_go_to_the_better_seed():
    shape = round_shape(8, *BLUKE, drop=2)
    byes, tables = group_tables(list(range(1, 9)), shape)
    assert tables == [[1, 4, 5, 8], [2, 3, 6, 7]]
    places = [[1, 2, 2, 2], [3, 1, 2, 4]]
    assert group_survivors(byes, tables, places, shape, drop=2) == [1, 3, 4, 6]


@given(entrants=st.integers(3, 60), drop=st.integers(1, 2), seed=st.integers(0, 10**6))
def test_every_round_seats_everyone_still_in_once_until_one_table_is_left(entrants, drop,
                                                                          seed):
    rng = random.Random(seed)
    seeds = list(range(1, entrants + 1))
    for shape in group_knockout_plan(entrants, *BLUKE, drop=drop):
        assert shape.players == len(seeds)
        byes, tables = group_tables(seeds, shape)
        seated = byes + [s for t in tables for s in t]
        assert sorted(seated) == seeds  # everyone once: at a table or through on a bye
        assert all(len(t) in BLUKE[1] for t in tables)
        assert byes == seeds[:len(byes)]  # byes go to the top seeds
        if shape.final:
            assert len(tables) == 1
            break
        places = [rng.sample(range(1, len(t) + 1), len(t)) for t in tables]
        seeds = group_survivors(byes, tables, places, shape, drop)
        assert len(seeds) == shape.advance < shape.players


@pytest.mark.parametrize("args, message", [
    ((16, 4, (4,), 0), "drop: between 1 and 3"),
    ((16, 4, (4,), 4), "drop: between 1 and 3"),
    ((2, 4, (3, 4, 5), 1), "entrants: a table needs at least 3"),
    ((16, 6, (3, 4, 5), 1), "table_size: the game is not played 6"),
])
def test_it_refuses_a_knockout_that_cannot_be_played(args, message):
    with pytest.raises(ValueError, match=message):
        check_group_knockout(*args)
