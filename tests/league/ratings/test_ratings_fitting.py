import random

import pytest

from league.ratings import fit_parameters, kendall_tau, score_parameters


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
