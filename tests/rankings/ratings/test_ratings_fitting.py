import random

import pytest

from rankings.ratings import (
    fit_parameters,
    fit_rater,
    kendall_tau,
    recommended_kind,
    score_parameters,
)


def synthetic_history(seed=5, n_players=40, n_games=1500, luck=1.0):
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(n_players)]
    games = []
    for _ in range(n_games):
        players = rng.sample(range(n_players), 4)
        perf = [skill[p] + rng.gauss(0, luck) for p in players]
        order = sorted(range(4), key=lambda i: -perf[i])
        ranks = [0] * 4
        for place, i in enumerate(order, start=1):
            ranks[i] = place
        games.append(([[p] for p in players], ranks))
    return games


@pytest.mark.parametrize(
    "kind, grid",
    [
        ("elo", {"k": [2.0, 24.0, 400.0]}),
        ("plackett_luce", {"beta": [0.2, 4.0, 60.0], "tau": [0.0, 0.1]}),
    ],
)
def test_fit_returns_grid_point_that_beats_the_others(kind, grid):
    games = synthetic_history()
    best = fit_parameters(kind, games, grid=grid)
    for name, values in grid.items():
        assert best[name] in values
    best_ll = score_parameters(kind, games, best).log_likelihood
    for name, values in grid.items():
        for value in values:
            trial = {**best, name: value}
            assert score_parameters(kind, games, trial).log_likelihood <= best_ll
    # The extreme grid points are bad on purpose; the fit must avoid them.
    assert best[next(iter(grid))] == grid[next(iter(grid))][1]


def test_fit_accuracy_objective_and_validation():
    games = synthetic_history(n_games=600)
    best = fit_parameters("elo", games, grid={"k": [1.0, 32.0]}, objective="accuracy")
    assert best == {"k": 32.0}
    with pytest.raises(ValueError):
        fit_parameters("elo", games, objective="vibes")


def test_fit_default_grid_runs():
    games = synthetic_history(n_games=300)
    best = fit_parameters("plackett_luce", games)
    assert set(best) == {"beta", "tau", "gamma_exponent"}


def test_kendall_tau():
    assert kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert kendall_tau([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # one discordant pair out of six: (5 - 1) / 6
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)


def pairs_history(seed=9, n_players=40, n_games=800):
    """Two teams of two, results from hidden skills: the Back Alley shape."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(n_players)]
    games = []
    for _ in range(n_games):
        p = rng.sample(range(n_players), 4)
        teams = [p[:2], p[2:]]
        perf = [skill[a] + skill[b] + rng.gauss(0, 1) for a, b in teams]
        games.append((teams, [1, 2] if perf[0] > perf[1] else [2, 1]))
    return games


def test_fit_rater_picks_the_kind_with_the_best_score():
    games = pairs_history()
    grid_kinds = ("plackett_luce", "thurstone-mosteller")
    fit = fit_rater(games, kinds=grid_kinds)
    assert set(fit.tried) == {"plackett_luce", "thurstone_mosteller"}
    for kind, (params, score) in fit.tried.items():
        assert score == score_parameters(kind, games, params)
        assert score.log_likelihood <= fit.score.log_likelihood
    assert fit.tried[fit.kind] == (fit.params, fit.score)
    # The accuracy objective is honoured too.
    by_accuracy = fit_rater(games, kinds=grid_kinds, objective="accuracy")
    assert by_accuracy.score.accuracy == max(s.accuracy for _, s in by_accuracy.tried.values())


def test_fit_rater_single_kind_and_validation():
    games = synthetic_history(n_games=300)
    fit = fit_rater(games, kinds=["elo"])
    assert fit.kind == "elo" and fit.params == fit_parameters("elo", games)
    with pytest.raises(ValueError, match="at least one kind"):
        fit_rater(games, kinds=[])
    with pytest.raises(ValueError, match="unknown rater kind"):
        fit_rater(games, kinds=["glicko"])


def test_thurstone_mosteller_has_a_default_grid():
    best = fit_parameters("thurstone_mosteller", synthetic_history(n_games=300))
    assert set(best) == {"beta", "tau", "gamma_exponent"}


def test_recommended_kind_follows_the_table_shape():
    assert recommended_kind(pairs_history(n_games=50)) == "thurstone_mosteller"
    assert recommended_kind(synthetic_history(n_games=50)) == "plackett_luce"
    mixed = pairs_history(n_games=50) + synthetic_history(n_games=1)
    assert recommended_kind(mixed) == "plackett_luce"
    assert recommended_kind([]) == "plackett_luce"


def test_fit_rater_without_kinds_fits_the_recommended_one():
    games = pairs_history(n_games=300)
    fit = fit_rater(games)
    assert fit.kind == "thurstone_mosteller" and set(fit.tried) == {fit.kind}
    assert fit.params == fit_parameters("thurstone_mosteller", games)
