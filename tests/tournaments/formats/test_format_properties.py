"""Property tests over the standings-driven formats (hypothesis), with brute force where
the claim is "the best possible": Swiss pairs never repeat a pairing while one can be
avoided, Swiss tables put nobody together again while the score groups allow it."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import KINGS, SWISS, Night, TableSizes, next_round
from tournaments.formats.common import shape, standings
from tournaments.formats.swiss import pairs_next_round, tables_next_round, window_tables
from tournaments.rotation.pairs import pair_key

SIZES = {2: TableSizes(2, (2,)), 3: TableSizes(3, (3,)), 4: TableSizes(4, (3, 4, 5)),
         5: TableSizes(5, (4, 5))}


def played(night: Night, plan, rng) -> Night:
    places = [rng.sample(t, len(t)) for t in plan.tables]
    return Night(rounds=[*night.rounds, plan.tables], places=[*night.places, places],
                 sit_outs=[*night.sit_outs, plan.sit_outs])


@st.composite
def nights(draw, formats=(KINGS, SWISS), changing=True):
    form = draw(st.sampled_from(formats))
    size = draw(st.sampled_from(sorted(SIZES)))
    players = list(range(1, draw(st.integers(SIZES[size].preferred, 17)) + 1))
    rounds = draw(st.integers(1, 6))
    rng = draw(st.randoms(use_true_random=False))
    present = [players]
    for _ in range(rounds - 1):  # who is here each round: some leave, some come back
        if changing and draw(st.booleans()):
            here = [p for p in players if rng.random() < 0.85]
            present.append(here if len(here) >= SIZES[size].preferred else players)
        else:
            present.append(players)
    return form, SIZES[size], present, rng


@settings(max_examples=80, deadline=None)
@given(nights())
def test_nobody_is_seated_twice_and_everyone_present_plays_or_sits_out(case):
    form, sizes, present, rng = case
    night = Night()
    for here in present:
        plan = next_round(form, night, here, sizes, seed=rng.randrange(100))
        seated = [p for table in plan.tables for p in table]
        assert len(seated) == len(set(seated)), "someone seated twice"
        assert sorted(seated + plan.sit_outs) == sorted(here)
        assert all(len(t) in sizes.sizes() for t in plan.tables)
        night = played(night, plan, rng)


@settings(max_examples=80, deadline=None)
@given(nights(changing=False))
def test_sit_outs_go_to_different_players_until_everyone_has_had_one(case):
    form, sizes, present, rng = case
    night = Night()
    for here in present:
        night = played(night, next_round(form, night, here, sizes, seed=rng.randrange(99)),
                       rng)
        counts = night.sit_out_counts()
        assert max(counts[p] for p in here) - min(counts[p] for p in here) <= 1


# --- Swiss pairs -----------------------------------------------------------------------------

def random_history(rng, players, rounds, size) -> Night:
    """Rounds of random tables (not formed by any format: rematches and all)."""
    night = Night()
    for _ in range(rounds):
        order = rng.sample(players, len(players))
        tables = [order[i:i + size] for i in range(0, len(order) - size + 1, size)]
        out = order[len(tables) * size:]
        night = Night(rounds=[*night.rounds, tables],
                      places=[*night.places, [rng.sample(t, len(t)) for t in tables]],
                      sit_outs=[*night.sit_outs, out])
    return night


def matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def fewest_rematches(night: Night, players) -> int:
    """Brute force over every pairing (with one sitting out when odd, only someone who has
    sat out least): the fewest earlier meetings repeated."""
    meet, out = night.meetings(), night.sit_out_counts()
    least = min(out[p] for p in players)
    options = [None] if len(players) % 2 == 0 else [p for p in players if out[p] == least]
    best = None
    for resting in options:
        paired = [p for p in players if p != resting]
        for match in matchings(paired):
            cost = sum(meet[pair_key(a, b)] for a, b in match)
            best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(0, 8), st.randoms(use_true_random=False))
def test_swiss_pairs_never_repeat_a_pairing_that_could_be_avoided(n, rounds, rng):
    players = list(range(1, n + 1))
    night = random_history(rng, players, rounds, 2)
    plan = pairs_next_round(night, players, seed=rng.randrange(100))
    meet = night.meetings()
    assert sum(meet[pair_key(*t)] for t in plan.tables) == fewest_rematches(night, players)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(1, 11), st.randoms(use_true_random=False))
def test_a_swiss_pairs_night_has_no_rematch_while_one_can_be_avoided(n, rounds, rng):
    players, night = list(range(1, n + 1)), Night()
    for _ in range(rounds):
        before = night
        plan = pairs_next_round(night, players, seed=7)
        meet = before.meetings()
        assert sum(meet[pair_key(*t)] for t in plan.tables) == \
            fewest_rematches(before, players)
        night = played(night, plan, rng)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 16), st.integers(1, 10), st.randoms(use_true_random=False))
def test_the_first_deal_is_balanced_in_swiss_pairs(n, rounds, rng):
    players, night = list(range(1, n + 1)), Night()
    for _ in range(rounds):
        seats = night.seat_counts()
        balance = {p: seats.get(p, Counter())[0] - seats.get(p, Counter())[1]
                   for p in players}
        plan = pairs_next_round(night, players, seed=3)
        for first, second in plan.tables:
            assert balance[first] <= balance[second], "the first deal goes to who had fewer"
        night = played(night, plan, rng)
    seats = night.seat_counts()
    for p in players:
        used = seats.get(p, Counter())
        assert abs(used[0] - used[1]) <= 2, f"player {p}: first {used[0]}, second {used[1]}"


def test_swiss_pairs_meet_the_like_scored():
    # 1 and 2 won, 3 and 4 lost: the winners meet, the losers meet
    night = Night(rounds=[[[1, 3], [2, 4]]], places=[[[1, 3], [2, 4]]], sit_outs=[[]])
    plan = pairs_next_round(night, [1, 2, 3, 4], seed=1)
    assert sorted(sorted(t) for t in plan.tables) == [[1, 2], [3, 4]]


# --- Swiss tables ----------------------------------------------------------------------------

def partitions(players, sizes):
    if not sizes:
        yield []
        return
    # tables are ordered, so each table of the size is tried with every set of players
    for table in combinations(players, sizes[0]):
        left = [p for p in players if p not in table]
        for tail in partitions(left, sizes[1:]):
            yield [list(table), *tail]


def fewest_repeats_in_score_groups(night, seated, sizes) -> int:
    home = window_tables(seated, sizes)
    meet = night.meetings()
    best = None
    for tables in partitions(seated, sizes):
        if any(abs(home[p] - t) > 1 for t, table in enumerate(tables) for p in table):
            continue
        cost = sum(meet[pair_key(a, b)] for table in tables for a, b in combinations(table, 2))
        best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(3, 6), (3, 7), (3, 9), (4, 8), (3, 10), (4, 9)]),
       st.integers(1, 4), st.randoms(use_true_random=False))
def test_swiss_tables_repeat_no_meeting_the_score_groups_could_avoid(shape_case, rounds, rng):
    size, n = shape_case
    players = list(range(1, n + 1))
    sizes = TableSizes(size, (size,))
    night = random_history(rng, players, rounds, size)
    seed = rng.randrange(100)
    plan = tables_next_round(night, players, sizes, seed=seed)
    seated = [p for p in standings(night, players, seed) if p not in plan.sit_outs]
    table_sizes, _ = shape(len(seated), sizes)
    home = window_tables(seated, table_sizes)
    for t, table in enumerate(plan.tables):
        assert all(abs(home[p] - t) <= 1 for p in table), "nobody leaves their score group"
    meet = night.meetings()
    ours = sum(meet[pair_key(a, b)] for t in plan.tables for a, b in combinations(t, 2))
    assert ours == fewest_repeats_in_score_groups(night, seated, table_sizes)


def test_the_second_round_of_swiss_tables_repeats_nobody():
    players = list(range(1, 17))
    night = Night()
    plan = tables_next_round(night, players, TableSizes(4, (4,)), seed=5)
    night = Night(rounds=[plan.tables], places=[plan.tables], sit_outs=[[]])
    second = tables_next_round(night, players, TableSizes(4, (4,)), seed=5)
    meet = night.meetings()
    assert all(meet[pair_key(a, b)] == 0 for t in second.tables for a, b in combinations(t, 2))
    # the four table winners make the top table
    assert set(second.tables[0]) == {t[0] for t in plan.tables}


def test_places_that_name_other_players_are_refused_with_the_round_and_table():
    with pytest.raises(ValueError, match="round 1, table 2"):
        Night(rounds=[[[1, 2], [3, 4]]], places=[[[2, 1], [3, 5]]], sit_outs=[[]])
