"""search_util.exact_rounds: small player counts no construction fits."""

import pytest

from tournaments.rotation import SeatingRequest, TableSizes, max_meetings, plan_rotation
from tournaments.rotation.search_util import Deadline, exact_rounds


@pytest.mark.parametrize("n,size,n_out,rounds", [(18, 4, 2, 5), (19, 4, 3, 5), (17, 4, 1, 4),
                                                 (10, 3, 1, 4)])
def test_it_finds_repeat_free_rounds_with_everyone_out_at_most_once(n, size, n_out, rounds):
    found_rounds, outs = exact_rounds(n, size, n_out, rounds, Deadline(60))
    assert len(found_rounds) == rounds and max_meetings(found_rounds) == 1
    sat_out = [p for out in outs for p in out]
    assert len(sat_out) == len(set(sat_out)) == n_out * rounds
    for rnd, out in zip(found_rounds, outs, strict=True):
        assert all(len(t) == size for t in rnd)
        assert sorted([p for t in rnd for p in t] + out) == list(range(n))


def test_it_refuses_more_sit_outs_than_players():
    assert exact_rounds(9, 4, 1, 10, Deadline(60)) is None


def test_fewer_tables_than_seats_allow_only_one_round():
    # 14 players at three tables of 4: a second round must reunite two table-mates
    assert exact_rounds(14, 4, 2, 2, Deadline(60), budget=1_000_000) is None


def test_eighteen_players_at_tables_of_four_play_five_rounds_without_repeats():
    plan = plan_rotation(SeatingRequest(players=list(range(18)), table_sizes=TableSizes(4),
                                        rounds=5, seed=1, time_budget=5.0))
    assert max_meetings(plan.rounds) == 1
    assert plan.report["sit_out_spread"] <= 1
