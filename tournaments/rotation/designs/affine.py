"""Affine planes AG(2, q) and resolvable transversal designs built from them.

AG(2, q): points are (x, y) over GF(q); the lines y = m*x + b (one parallel class
per slope m) plus the verticals x = c give q + 1 rounds of q tables of q, and two
points lie on exactly one line, so no pair ever meets twice.

Keeping only k <= q of the x-columns turns every sloped line into a table of k:
that is a resolvable transversal design RTD(k, q) -- k*q players, q rounds, and
players in the same column (a "group") never meet.
"""

from ..gf import field_tables

Schedule = list[list[list[int]]]


def affine_plane(q: int) -> Schedule:
    """All q + 1 parallel classes of AG(2, q); point (x, y) is player x*q + y."""
    rounds = transversal(q, q)
    rounds.append([[x * q + y for y in range(q)] for x in range(q)])
    return rounds


def transversal(k: int, q: int) -> Schedule:
    """RTD(k, q): q rounds, player i*q + y is in group i; tables meet each group once.

    Round m, table b holds the points (x_i, m*x_i + b) of the line of slope m.
    """
    if k > q:
        raise ValueError("a transversal design needs k <= q")
    add, mul = field_tables(q)
    return [
        [[i * q + add[mul[m][i]][b] for i in range(k)] for b in range(q)] for m in range(q)
    ]


def transversal_groups(k: int, q: int) -> list[list[int]]:
    """The k groups (never-meeting sets) of `transversal(k, q)`."""
    return [[i * q + y for y in range(q)] for i in range(k)]


def fill_groups(groups: list[list[int]], inner: Schedule) -> Schedule:
    """Play `inner` (a schedule on len(group) players) inside every group at once.

    Groups are disjoint and never met in the outer design, so appending these rounds
    keeps the whole schedule free of repeats.
    """
    return [
        [[group[p] for p in table] for group in groups for table in rnd] for rnd in inner
    ]
