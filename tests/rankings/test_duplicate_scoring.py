"""Duplicate scoring without the database: matchpoints, Neuberg, datum, percentages."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankings.standings.duplicate import (
    BoardResult,
    datum_points,
    duplicate_standings,
    matchpoints,
    neuberg,
)


def four_tables() -> list[BoardResult]:
    """One round of a two-seat game at four tables, two boards. Table t (1..4) seats
    player 10+t at seat 0 and 20+t at seat 1. The scores, and below the matchpoints
    worked out by hand."""
    scores = {  # (board, seat): scores at tables 1..4
        (1, 0): [10, 4, 4, -2], (1, 1): [-10, -4, -4, 2],
        (2, 0): [0, 5, 5, 5], (2, 1): [8, 1, 3, 0],
    }
    return [BoardResult(round=1, board=board, group=seat, side=((10 if seat == 0 else 20)
                                                                + table,),
                        score=score)
            for (board, seat), row in scores.items()
            for table, score in enumerate(row, start=1)]


def test_the_four_table_example_is_reproduced_exactly():
    # board 1 seat 0: 10 beats three (3), the two 4s beat -2 and tie (1.5 each), -2: 0
    # board 1 seat 1: -10: 0, the -4s: 1.5 each, 2: 3
    # board 2 seat 0: 0 beats none (0), the three 5s beat 0 and tie twice (2 each)
    # board 2 seat 1: 8: 3, 1: 1, 3: 2, 0: 0
    lines = {line.player_id: line for line in duplicate_standings(four_tables())}
    expected_mp = {11: 3, 12: 3.5, 13: 3.5, 14: 2, 21: 3, 22: 2.5, 23: 3.5, 24: 3}
    assert {p: line.matchpoints for p, line in lines.items()} == expected_mp
    assert all(line.top == 6 and line.boards == 2 for line in lines.values())
    assert lines[12].percentage == pytest.approx(100 * 3.5 / 6)  # 58.33 %
    assert lines[14].percentage == pytest.approx(100 * 2 / 6)  # 33.33 %
    ranks = {p: line.rank for p, line in lines.items()}
    assert ranks == {12: 1, 13: 1, 23: 1, 11: 4, 21: 4, 24: 4, 22: 7, 14: 8}
    assert [line.player_id for line in duplicate_standings(four_tables())][:3] == [12, 13, 23]


def test_datum_is_the_difference_from_the_boards_mean_through_the_scale():
    lines = {line.player_id: line for line in duplicate_standings(four_tables())}
    # board 1 seat 0: mean 4, so +6, 0, 0, -6 -> +4, 0, 0, -4 datum points;
    # board 2 seat 0: mean 3.75, so -3.75, +1.25 x3 -> -2, +1
    assert lines[11].datum == 4 - 2
    assert lines[12].datum == 0 + 1
    assert lines[14].datum == -4 + 1


@pytest.mark.parametrize("difference, points", [
    (0, 0), (0.99, 0), (1, 1), (-1, -1), (3.9, 2), (4, 3), (12, 5), (13, 6),
    (-49, -9), (50, 10), (149, 12), (150, 13), (10_000, 13)])
def test_datum_scale(difference, points):
    assert datum_points(difference) == points


def test_a_lower_score_wins_where_the_game_ranks_so():
    assert matchpoints([3, 1, 1, 5], lower_wins=True) == [1, 2.5, 2.5, 0]
    assert matchpoints([3, 1, 1, 5]) == [2, 0.5, 0.5, 3]


def test_the_neuberg_example_is_reproduced_exactly():
    # A board played 3 times on a night whose boards were otherwise played 4 times (top 3):
    # scores 10, 4, -2 make 2, 1, 0 matchpoints in their group of 3, factored to a group of 4:
    # (2 + 1/2)·4/3 − 1/2 = 17/6, (1 + 1/2)·4/3 − 1/2 = 3/2, (0 + 1/2)·4/3 − 1/2 = 1/6.
    assert neuberg(2, 3, 4) == pytest.approx(float(Fraction(17, 6)))
    assert neuberg(1, 3, 4) == pytest.approx(1.5)
    assert neuberg(0, 3, 4) == pytest.approx(float(Fraction(1, 6)))
    # The published example: a top of 12 (N = 13), a board played 12 times, 7 matchpoints:
    # (7 + 1/2)·13/12 − 1/2 = 7.625.
    assert neuberg(7, 12, 13) == 7.625
    night = four_tables() + [BoardResult(1, 3, 0, (10 + t,), s)
                             for t, s in ((1, 10), (2, 4), (3, -2))]
    lines = {line.player_id: line for line in duplicate_standings(night)}
    assert lines[11].matchpoints == pytest.approx(3 + 17 / 6)
    assert lines[13].matchpoints == pytest.approx(3.5 + 1 / 6)
    assert lines[11].top == 9 and lines[14].top == 6  # table 4 did not play board 3


def test_partners_share_their_directions_matchpoints():
    night = [BoardResult(1, 1, 0, (1, 3), 50), BoardResult(1, 1, 0, (5, 7), 20),
             BoardResult(1, 1, 1, (2, 4), -50), BoardResult(1, 1, 1, (6, 8), -20)]
    lines = {line.player_id: line for line in duplicate_standings(night)}
    assert lines[1].percentage == lines[3].percentage == 100
    assert lines[5].percentage == lines[7].percentage == 0
    assert lines[6].percentage == 100 and lines[2].percentage == 0


def test_one_table_alone_is_compared_with_nobody_and_scores_fifty_percent():
    lines = duplicate_standings([BoardResult(1, 1, 0, (1,), 7), BoardResult(1, 1, 1, (2,), 0)])
    assert [line.percentage for line in lines] == [50, 50]


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=12), st.booleans())
def test_a_group_of_k_shares_k_times_k_minus_one_over_two(scores, lower_wins):
    points = matchpoints(scores, lower_wins)
    k = len(scores)
    assert sum(points) == k * (k - 1) / 2
    assert all(0 <= p <= k - 1 for p in points)


@given(st.lists(st.integers(-20, 20), min_size=1, max_size=10), st.integers(0, 6))
def test_neuberg_keeps_the_average_at_half_the_top(scores, more):
    n, most = len(scores), len(scores) + more
    factored = [neuberg(mp, n, most) for mp in matchpoints(scores)]
    assert sum(factored) / n == pytest.approx((most - 1) / 2)
    assert all(-1e-9 <= f <= most - 1 + 1e-9 for f in factored)
