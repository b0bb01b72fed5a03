"""Our Plackett-Luce must reproduce openskill's PlackettLuce to 1e-9."""

import random

import pytest

from rankings.ratings import make_rater

openskill_models = pytest.importorskip("openskill.models")

TOL = 1e-9


def replay_both(games, **params):
    """Rate ``games`` with both implementations; return both final states."""
    model = openskill_models.PlackettLuce(**params)
    ours = make_rater("plackett_luce", **params)
    theirs = {}
    for teams, ranks in games:
        rated = model.rate(
            [[theirs.get(p) or model.rating() for p in team] for team in teams], ranks=ranks
        )
        for team, rated_team in zip(teams, rated, strict=True):
            for p, r in zip(team, rated_team, strict=True):
                theirs[p] = r
        ours.rate_game(teams, ranks)
    return ours, theirs


def assert_agree(ours, theirs):
    assert set(ours.players()) == set(theirs)
    for p, r in theirs.items():
        state = ours.get(p)
        assert state.mu == pytest.approx(r.mu, abs=TOL, rel=0)
        assert state.sigma == pytest.approx(r.sigma, abs=TOL, rel=0)


def test_individual_game():
    assert_agree(*replay_both([([["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4])]))


def test_ranks_given_out_of_order():
    assert_agree(*replay_both([([["a"], ["b"], ["c"], ["d"]], [3, 1, 4, 2])]))


def test_two_player_teams():
    assert_agree(*replay_both([([["a", "b"], ["c", "d"]], [2, 1])]))


def test_ties():
    games = [
        ([["a"], ["b"], ["c"], ["d"]], [1, 2, 2, 4]),
        ([["a"], ["b"], ["c"], ["d"]], [1, 1, 3, 3]),
        ([["a"], ["b"], ["c"]], [2, 2, 2]),
        ([["a", "b"], ["c", "d"]], [1, 1]),
    ]
    assert_agree(*replay_both(games))


def test_many_games_in_sequence_mixed_shapes():
    rng = random.Random(7)
    games = []
    for _ in range(400):
        n = rng.randint(2, 6)
        size = rng.choice([1, 1, 2, 3])
        players = rng.sample(range(40), n * size)
        teams = [players[i * size : (i + 1) * size] for i in range(n)]
        games.append((teams, [rng.randint(1, n) for _ in range(n)]))
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
    rng = random.Random(13)
    games = []
    for _ in range(200):
        n = rng.randint(2, 5)
        size = rng.choice([1, 2])
        players = rng.sample(range(25), n * size)
        teams = [players[i * size : (i + 1) * size] for i in range(n)]
        games.append((teams, [rng.randint(1, n) for _ in range(n)]))
    model = openskill_models.PlackettLuce(gamma=gamma)
    ours = make_rater("plackett_luce", gamma_exponent=exponent)
    theirs = {}
    for teams, ranks in games:
        rated = model.rate(
            [[theirs.get(p) or model.rating() for p in team] for team in teams], ranks=ranks
        )
        for team, rated_team in zip(teams, rated, strict=True):
            for p, r in zip(team, rated_team, strict=True):
                theirs[p] = r
    ours.rate_many(games)
    assert_agree(ours, theirs)
