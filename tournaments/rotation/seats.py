"""Seat assignment: who deals first (seat 0) and where everyone sits.

Tables are already chosen; per table we pick the seating permutation minimising
sum over players of 3**count[player][seat] (an exponential weight makes the
assignment spread each player's seats as evenly as possible: one more repeat of
an often-used seat costs more than any number of fresh ones).  Rounds are done
in order on top of the history counts, then improved by a second sweep.
Partnership tables keep partners opposite (seats 0&2 vs 1&3): only the 8
rotations/reflections that preserve the pairs are allowed.
"""

from itertools import permutations

# Seat orders (as index permutations of a 4-table) that keep partners opposite.
PARTNER_ORDERS = [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2),
                  (0, 3, 2, 1), (3, 2, 1, 0), (2, 1, 0, 3), (1, 0, 3, 2)]


def _orders(size: int, partnership: bool):
    if partnership and size == 4:
        return PARTNER_ORDERS
    return list(permutations(range(size)))


def _cost(table, order, counts) -> int:
    return sum(3 ** counts[table[k]][seat] for seat, k in enumerate(order))


def seat_table(table: list, counts: list, partnership: bool) -> list:
    """Reorder one table so seat-use counts stay even; counts is updated."""
    best = min(_orders(len(table), partnership), key=lambda o: _cost(table, o, counts))
    seated = [table[k] for k in best]
    for seat, p in enumerate(seated):
        counts[p][seat] += 1
    return seated


def _unseat(table: list, counts: list) -> None:
    for seat, p in enumerate(table):
        counts[p][seat] -= 1


def assign_seats(rounds: list, mutable: list[int], counts: list, partnership: bool,
                 sweeps: int = 2) -> None:
    """Seat every table of the mutable rounds in place; counts[p][seat] already
    holds history and published rounds."""
    for r in mutable:
        rounds[r] = [seat_table(t, counts, partnership) for t in rounds[r]]
    for _ in range(sweeps - 1):
        for r in mutable:
            for k, table in enumerate(rounds[r]):
                _unseat(table, counts)
                rounds[r][k] = seat_table(table, counts, partnership)
