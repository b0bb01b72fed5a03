"""Partnership seating: partners stay opposite and every seat count is within one."""

import random
from itertools import product

import pytest

from tournaments.rotation.designs import library
from tournaments.rotation.search_util import Deadline
from tournaments.rotation.seats import (
    PARTNER_ORDERS,
    assign_seats,
    balance_seats,
    balance_sides,
    side_range,
)

# Partnership sizes that used to end with a seat spread of 2 (docs/rotation.md).
ONCE_OFF_BY_TWO = [21, 25, 33, 37]


def seat_counts(rounds, n):
    counts = [[0] * 4 for _ in range(n)]
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts[p][seat] += 1
    return counts


def spread(counts):
    return max(max(c) - min(c) for c in counts)


def partnerships(rounds):
    return [sorted(sorted(pair) for t in rnd for pair in ((t[0], t[2]), (t[1], t[3])))
            for rnd in rounds]


def whist_rounds(n):
    return [[list(t) for t in rnd] for rnd in library.whist_design(n)]


@pytest.mark.parametrize("games,expected", [(8, (4, 4)), (7, (3, 4)), (9, (4, 5)),
                                            (10, (4, 6)), (3, (1, 2)), (0, (0, 0))])
def test_side_range(games, expected):
    assert side_range(games) == expected


def test_four_players_cannot_sit_within_one():
    # The three rounds of 4 players: every pair partners once.  Whatever the
    # partner-keeping order of each table, someone sits twice in one seat and
    # never in another, so a spread of 2 is the best there is.
    rounds = [[0, 1, 2, 3]], [[0, 2, 1, 3]], [[0, 1, 3, 2]]
    best = min(spread(seat_counts([[[t[0][i] for i in order]] for t, order
                                   in zip(rounds, orders, strict=True)], 4))
               for orders in product(PARTNER_ORDERS, repeat=3))
    assert best == 2


@pytest.mark.parametrize("n", ONCE_OFF_BY_TWO + [32, 36, 40])
def test_sides_then_kempe_swaps_bring_whist_seats_within_one(n):
    rounds = whist_rounds(n)
    before = partnerships(rounds)
    counts = seat_counts(rounds, n)
    every = list(range(len(rounds)))
    balance_sides(rounds, every, counts, random.Random(n), Deadline(60.0))
    balance_seats(rounds, every, counts, 4, partnership=True)
    assert counts == seat_counts(rounds, n)
    assert spread(counts) <= 1
    assert partnerships(rounds) == before


def test_assign_seats_on_a_whist_design():
    n = 21
    rounds = whist_rounds(n)
    before = partnerships(rounds)
    counts = [[0] * 4 for _ in range(n)]
    # A generous deadline: the search stops as soon as the seats are even, so the
    # verdict does not depend on how busy the machine is.
    assign_seats(rounds, list(range(len(rounds))), counts, True, Deadline(60.0))
    assert spread(seat_counts(rounds, n)) <= 1
    assert partnerships(rounds) == before


def test_balance_sides_stops_when_impossible():
    rounds = [[[0, 1, 2, 3]], [[0, 2, 1, 3]], [[0, 1, 3, 2]]]
    counts = seat_counts(rounds, 4)
    balance_sides(rounds, [0, 1, 2], counts, random.Random(0), Deadline(60.0))
    assert counts == seat_counts(rounds, 4)  # counts kept in step, and it returned
