"""Our Plackett-Luce must reproduce openskill's PlackettLuce to 1e-9."""

import random

import pytest

from rankings.ratings import make_rater
from tests.rankings.ratings.openskill_helpers import (
    TIE_GAMES,
    assert_agree,
    rate_both,
    rate_theirs,
    uniform_games,
)

openskill_models = pytest.importorskip("openskill.models")



def replay_both(games, **params):
    """Rate ``games`` with both implementations; return both final states."""
    return rate_both(openskill_models.PlackettLuce(**params),
                     make_rater("plackett_luce", **params), games)


def test_individual_game():
    assert_agree(*replay_both([([["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4])]))


def test_ranks_given_out_of_order():
    assert_agree(*replay_both([([["a"], ["b"], ["c"], ["d"]], [3, 1, 4, 2])]))


def test_two_player_teams():
    assert_agree(*replay_both([([["a", "b"], ["c", "d"]], [2, 1])]))


def test_ties():
    assert_agree(*replay_both(TIE_GAMES))


def test_many_games_in_sequence_mixed_shapes():
    games = uniform_games(7, 400, 40, sizes=[1, 1, 2, 3], tables=(2, 6))
    assert_agree(*replay_both(games))


@pytest.mark.parametrize(
    "params",
    [
        {"beta": 2.0, "tau": 0.0},
        {"mu": 0.0, "sigma": 1.0, "beta": 0.5, "tau": 0.01},
        {"beta": 8.0, "tau": 0.3, "kappa": 0.01},
    ],
)
def test_non_default_parameters(params):
    rng = random.Random(11)
    games = []
    for _ in range(150):
        players = rng.sample(range(15), 4)
        games.append(([[p] for p in players], rng.sample([1, 2, 3, 4], 4)))
    assert_agree(*replay_both(games, **params))


def test_rate_many_equals_rate_game():
    games = [([["a"], ["b"], ["c"]], [2, 1, 3]), ([["a", "c"], ["b", "d"]], [1, 2])]
    one = make_rater("plackett_luce")
    for teams, ranks in games:
        one.rate_game(teams, ranks)
    batch = make_rater("plackett_luce")
    batch.rate_many(games)
    assert one.snapshot() == batch.snapshot()


@pytest.mark.parametrize(
    "exponent, gamma",
    [
        (0.0, lambda *args: 1.0),
        (0.5, lambda c, k, mu, sigma_squared, *rest: (sigma_squared**0.5 / c) ** 0.5),
    ],
)
def test_gamma_exponent_matches_openskill_with_custom_gamma(exponent, gamma):
    games = uniform_games(13, 200, 25, sizes=[1, 2], tables=(2, 5))
    model = openskill_models.PlackettLuce(gamma=gamma)
    ours = make_rater("plackett_luce", gamma_exponent=exponent)
    theirs = {}
    for teams, ranks in games:
        rate_theirs(model, theirs, teams, ranks)
    ours.rate_many(games)
    assert_agree(ours, theirs)
