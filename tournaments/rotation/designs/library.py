"""Catalogue of zero-repeat schedules: best construction for n players at tables of s.

Known values (issue 5) and the counting bound live here too, so the planner and
the bench agree on what "best" means.
"""

from functools import cache

from ..gf import prime_power
from . import affine, cyclic, data, published, rgdd, rotational, whist

BEST_KNOWN = {
    3: {9: 4, 12: 4, 15: 7, 18: 8, 21: 10, 24: 11, 27: 13, 30: 14, 33: 16, 36: 17, 39: 19},
    4: {8: 1, 12: 1, 16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13},
}


def upper_bound(n: int, s: int) -> int:
    """Most rounds n players (n divisible by s) can play at tables of s with no repeat.

    Each round a player meets s - 1 new people out of n - 1, so at most
    (n - 1) // (s - 1) rounds.  With fewer tables than seats a second round must put
    two players of one earlier table together (pigeonhole), so then only 1.
    """
    if n < s:
        return 0
    if n // s < s:
        return 1
    return (n - 1) // (s - 1)


def _from_data(n: int, s: int):
    if (n, s) in published.SCHEDULES:
        return [[list(table) for table in rnd] for rnd in published.SCHEDULES[(n, s)]]
    if (n, s) in data.ROTATIONAL:
        blocks = data.ROTATIONAL[(n, s)]
        return rotational.develop(blocks, (n - 1) // (s - 1), s)
    if (n, s) in data.CYCLIC:
        args, classes = data.CYCLIC[(n, s)]
        return cyclic.develop(cyclic.CyclicSpec(*args), classes)
    return None


def _from_fields(n: int, s: int):
    """Affine plane (n = s*s) or RTD(s, q) with groups filled recursively (n = s*q)."""
    if n % s or prime_power(n // s) is None or n // s < s:
        return None
    q = n // s
    if q == s:
        return affine.affine_plane(q)
    inner = construction(q, s) or []
    return affine.transversal(s, q) + affine.fill_groups(affine.transversal_groups(s, q), inner)


def _first_round(n: int, s: int):
    return [[[t * s + i for i in range(s)] for t in range(n // s)]] if n % s == 0 else None


@cache
def _construction(n: int, s: int):
    options = [f(n, s) for f in (_from_data, rgdd.schedule, _from_fields, _first_round)]
    options = [o for o in options if o]
    return max(options, key=len) if options else None


def construction(n: int, s: int) -> list | None:
    """Longest zero-repeat schedule we can build on players 0..n-1 at tables of s."""
    found = _construction(n, s)
    return None if found is None else [[list(t) for t in rnd] for rnd in found]


def available(s: int, low: int, high: int) -> dict[int, int]:
    """Player counts in [low, high] with a construction at tables of s -> rounds."""
    out = {}
    for n in range(max(low, s), high + 1):
        found = _construction(n, s)
        if found:
            out[n] = len(found)
    return out


@cache
def whist_design(n: int):
    """Whist tournament on n players (seats 0&2 vs 1&3), or None."""
    found = whist.field_whist(n)
    if found is None and n in data.WHIST:
        found = whist.develop(data.WHIST[n], n)
    return None if found is None else tuple(tuple(tuple(t) for t in rnd) for rnd in found)
