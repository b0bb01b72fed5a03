"""Every construction is checked with the pair-count checker."""

from itertools import combinations

import pytest

from tournaments.rotation import max_meetings, pair_counts
from tournaments.rotation.designs import affine, cyclic, library, rotational, whist
from tournaments.rotation.designs.library import BEST_KNOWN, construction, upper_bound
from tournaments.rotation.gf import field_tables, prime_power


def assert_resolvable(rounds, n, s):
    for rnd in rounds:
        seated = sorted(p for t in rnd for p in t)
        assert seated == list(range(n))
        assert {len(t) for t in rnd} == {s}


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16])
def test_finite_fields(q):
    add, mul = field_tables(q)
    for x in range(1, q):
        assert sorted(mul[x]) == list(range(q))  # multiplication by x is a bijection
        assert sorted(add[x]) == list(range(q))
    assert prime_power(q) is not None


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9])
def test_affine_plane(q):
    rounds = affine.affine_plane(q)
    assert len(rounds) == q + 1
    assert_resolvable(rounds, q * q, q)
    counts = pair_counts(rounds)
    assert len(counts) == q * q * (q * q - 1) // 2 and max(counts.values()) == 1


@pytest.mark.parametrize("k,q", [(3, 4), (3, 5), (4, 5), (3, 8), (4, 9)])
def test_transversal_design_groups_never_meet(k, q):
    rounds = affine.transversal(k, q)
    assert max_meetings(rounds) == 1
    counts = pair_counts(rounds)
    for group in affine.transversal_groups(k, q):
        assert all(counts[pair] == 0 for pair in combinations(group, 2))


@pytest.mark.parametrize("s", [3, 4])
def test_every_catalogue_construction_is_repeat_free(s):
    for n, rounds_count in library.available(s, s, 40).items():
        rounds = construction(n, s)
        assert len(rounds) == rounds_count <= upper_bound(n, s)
        assert_resolvable(rounds, n, s)
        assert max_meetings(rounds) == 1, (n, s)


@pytest.mark.parametrize("s,n", [(s, n) for s in BEST_KNOWN for n in BEST_KNOWN[s]])
def test_listed_sizes_reach_best_known(s, n):
    rounds = construction(n, s)
    assert len(rounds) >= BEST_KNOWN[s][n]
    assert max_meetings(rounds) == 1


def test_rotational_search_finds_small_systems():
    kts9 = rotational.develop(rotational.base_blocks(4, 3, seed=5), 4, 3)
    rbibd16 = rotational.develop(rotational.base_blocks(5, 4, seed=5), 5, 4)
    assert max_meetings(kts9) == 1 and len(kts9) == 4
    assert max_meetings(rbibd16) == 1 and len(rbibd16) == 5


def test_cyclic_search_finds_kts15():
    spec = cyclic.CyclicSpec(7, 2, 1, 3)
    rounds = cyclic.develop(spec, cyclic.search(spec, seed=3))
    assert len(rounds) == 7 and max_meetings(rounds) == 1
    assert cyclic.violations(spec, [[[(0, 0), (1, 0), (3, 0)]]]) == 0
    assert cyclic.violations(spec, [[[(0, 0), (1, 0), (2, 0)]]]) == 1  # difference 1 twice


def whist_ok(rounds, n):
    partners = pair_counts([[[t[0], t[2]], [t[1], t[3]]] for r in rounds for t in r])
    opponents = pair_counts([[[t[0], t[1]], [t[0], t[3]], [t[2], t[1]], [t[2], t[3]]]
                             for r in rounds for t in r])
    pairs = n * (n - 1) // 2
    return (len(partners) == pairs and set(partners.values()) == {1}
            and len(opponents) == pairs and set(opponents.values()) == {2})


@pytest.mark.parametrize("q", [5, 9, 13, 17, 25, 29, 37])
def test_field_whist(q):
    rounds = whist.field_whist(q)
    assert len(rounds) == q and whist_ok(rounds, q)


@pytest.mark.parametrize("n", sorted(library.data.WHIST))
def test_stored_whist(n):
    rounds = library.whist_design(n)
    assert len(rounds) == (n if n % 4 == 1 else n - 1) and whist_ok(rounds, n)
    assert len(rounds[0]) == n // 4


def test_whist_search_small():
    assert whist_ok(whist.develop(whist.base_round(8, seed=2), 8), 8)


@pytest.mark.parametrize("n", [5, 13, 28, 40])
def test_symmetric_whist_search(n):
    base = whist.symmetric_base(n, budget=5.0)
    rounds = whist.develop(base, n)
    assert whist_ok(rounds, n)
