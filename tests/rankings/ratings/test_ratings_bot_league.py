"""A league of bots of known strength: the raters must put every strong bot above every weak one.

Uses the bench's league (bench/bot_league_bench.py) at a small size: four heuristic and
four random bots, tables of four seated by the rotation engine, full Bluke matches.
"""

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from rankings.ratings import make_rater

BENCH = Path(__file__).resolve().parents[3] / "bench" / "bot_league_bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bot_league_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def small_league(bench):
    league = bench.League(tiers=("random", "heuristic"), per_tier=4, games=32, seed=5)
    return league, bench.play_league(league)


def test_finishing_ranks_share_a_place_on_equal_totals(bench):
    assert bench.finishing_ranks([30, 50, 30, -10]) == [2, 1, 2, 4]


def test_the_small_league_is_seated_by_rotation_and_everyone_plays(small_league):
    league, result = small_league
    assert len(result.games) == 32
    for teams, ranks in result.games:
        assert len(teams) == 4 and sorted(ranks)[0] == 1
    played = {p: len(scores) for p, scores in result.scores.items()}
    assert set(played) == set(league.players())
    assert set(played.values()) == {16}


def test_every_bot_takes_every_seat_equally_often(bench):
    league = bench.League(tiers=("random", "heuristic"), per_tier=4, games=32, seed=5)
    tables = bench.plan_tables(league, league.load_game())
    seats = Counter((player, seat) for table in tables for seat, player in enumerate(table))
    assert len(seats) == 8 * 4 and set(seats.values()) == {4}
    assert tables[:16] != tables[16:]  # the second cycle is relabelled, not a replay


@pytest.mark.parametrize("kind", ["elo", "plackett_luce"])
def test_every_heuristic_bot_is_rated_above_every_random_bot(bench, small_league, kind):
    league, result = small_league
    rater, _ = bench.rate_league(league, result, kind)
    heuristic = [rater.rating(p) for p in league.players() if p.startswith("heuristic")]
    random_bots = [rater.rating(p) for p in league.players() if p.startswith("random")]
    assert min(heuristic) > max(random_bots)
    tau, misordered, cross = bench.order_quality(league, rater)
    assert misordered == 0 and cross == 16
    assert tau == pytest.approx(bench.best_tau(league))


def test_ratings_from_reversed_results_would_fail_the_order_check(bench, small_league):
    # The check above can fail: feed the same games with finishing order turned round.
    league, result = small_league
    rater = make_rater("elo")
    for teams, ranks in result.games:
        rater.rate_game(teams, [len(ranks) + 1 - r for r in ranks])
    _, misordered, _ = bench.order_quality(league, rater)
    assert misordered == 16
