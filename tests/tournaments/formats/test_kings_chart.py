"""King's table: a 16-player, 4-round night checked against a movement chart written by
hand, and the movement rule for any night without sit-outs."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import KINGS, Night, TableSizes, next_round
from tournaments.formats.kings import moved_tables

# Who beats whom at any table: best first. The chart below was worked out by hand from it.
SKILL = [16, 3, 9, 12, 1, 7, 14, 5, 10, 2, 15, 8, 11, 4, 13, 6]

# round -> tables (top table, the king's table, first) as sets of players
CHART = [
    [{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}],
    # 3 wins A and 7 wins B: 7 comes up, 4 (last at A) goes down; and so on
    [{1, 2, 3, 7}, {4, 5, 8, 9}, {6, 10, 12, 16}, {11, 13, 14, 15}],
    [{1, 3, 7, 9}, {2, 5, 8, 16}, {4, 10, 12, 14}, {6, 11, 13, 15}],
    [{1, 3, 9, 16}, {2, 5, 7, 12}, {8, 10, 14, 15}, {4, 6, 11, 13}],
]


def play(tables):
    return [sorted(table, key=SKILL.index) for table in tables]


def test_a_16_player_night_follows_the_hand_written_chart():
    night, players = Night(), list(range(1, 17))
    for expected in CHART:
        plan = next_round(KINGS, night, players, TableSizes(4, (4,)), seed=None)
        assert [set(t) for t in plan.tables] == expected
        assert plan.sit_outs == []
        night = Night(rounds=[*night.rounds, plan.tables],
                      places=[*night.places, play(plan.tables)],
                      sit_outs=[*night.sit_outs, []])


def test_seats_rotate_for_whoever_stays_at_the_kings_table():
    night, players = Night(), list(range(1, 17))
    for _ in CHART:
        plan = next_round(KINGS, night, players, TableSizes(4, (4,)), seed=None)
        night = Night(rounds=[*night.rounds, plan.tables],
                      places=[*night.places, play(plan.tables)],
                      sit_outs=[*night.sit_outs, []])
    # 3 sits at the king's table all night: four rounds, four different seats
    seats = [next(t.index(3) for t in tables if 3 in t) for tables in night.rounds]
    assert sorted(seats) == [0, 1, 2, 3]


@st.composite
def nights_without_sit_outs(draw):
    size = draw(st.sampled_from([2, 3, 4, 5]))
    tables = draw(st.integers(1, 6))
    players = list(range(1, size * tables + 1))
    return players, size, draw(st.integers(1, 5)), draw(st.randoms(use_true_random=False))


@settings(max_examples=60, deadline=None)
@given(nights_without_sit_outs())
def test_every_winner_moves_up_and_every_last_place_down(case):
    players, size, rounds, rng = case
    sizes = TableSizes(size, (size,))
    night = Night()
    for _ in range(rounds):
        plan = next_round(KINGS, night, players, sizes, seed=rng.randrange(1000))
        if night.rounds:
            before = night.places[-1]
            where = {p: t for t, table in enumerate(plan.tables) for p in table}
            last = len(before) - 1
            for t, order in enumerate(before):
                assert where[order[0]] == max(t - 1, 0), "the winner moves up a table"
                assert where[order[-1]] == min(t + 1, last), "last place moves down"
                for p in order[1:-1]:
                    assert where[p] == t, "the others stay"
        places = [rng.sample(t, len(t)) for t in plan.tables]
        night = Night(rounds=[*night.rounds, plan.tables], places=[*night.places, places],
                      sit_outs=[*night.sit_outs, plan.sit_outs])


def test_uneven_tables_keep_their_sizes():
    # 5 + 4 + 4: one comes up and one goes down between neighbours
    places = [[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13]]
    assert [sorted(t) for t in moved_tables(places)] == [
        [1, 2, 3, 4, 6], [5, 7, 8, 10], [9, 11, 12, 13]]


def test_a_single_table_stays_together():
    assert moved_tables([[3, 1, 2]]) == [[3, 1, 2]]
