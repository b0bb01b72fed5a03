"""Helpers shared by the tests that hold our raters to openskill's models: rating games
with both, comparing the states, and random games. (Each test file imports openskill
itself, so that it is skipped where openskill is not installed.)"""

from __future__ import annotations

import random

import pytest

TOL = 1e-9
TIE_GAMES = [  # shared places, among single players and teams
    ([["a"], ["b"], ["c"], ["d"]], [1, 2, 2, 4]),
    ([["a"], ["b"], ["c"], ["d"]], [1, 1, 3, 3]),
    ([["a"], ["b"], ["c"]], [2, 2, 2]),
    ([["a", "b"], ["c", "d"]], [1, 1]),
]


def rate_theirs(model, theirs: dict, teams, ranks) -> None:
    """Rate one game with the openskill `model`, updating `theirs` (player -> rating)."""
    rated = model.rate(
        [[theirs.get(p) or model.rating() for p in team] for team in teams], ranks=ranks
    )
    for team, rated_team in zip(teams, rated, strict=True):
        for p, r in zip(team, rated_team, strict=True):
            theirs[p] = r


def rate_both(model, ours, games):
    """Rate `games` in sequence with openskill's `model` and our rater; both final states."""
    theirs = {}
    for teams, ranks in games:
        rate_theirs(model, theirs, teams, ranks)
        ours.rate_game(teams, ranks)
    return ours, theirs


def assert_agree(ours, theirs) -> None:
    assert set(ours.players()) == set(theirs)
    for p, r in theirs.items():
        state = ours.get(p)
        assert state.mu == pytest.approx(r.mu, abs=TOL, rel=0)
        assert state.sigma == pytest.approx(r.sigma, abs=TOL, rel=0)


def random_teams(rng, n_players, sizes, tables) -> list[list[int]]:
    """One game's teams: `tables` (min, max) of them, all of one size drawn from `sizes`,
    players drawn without repeats from `n_players`."""
    n = rng.randint(*tables)
    size = rng.choice(sizes)
    players = rng.sample(range(n_players), n * size)
    return [players[i * size : (i + 1) * size] for i in range(n)]


def uniform_games(seed, n_games, n_players, sizes, tables):
    """Games of `random_teams`, ranks drawn uniformly (ties included)."""
    rng = random.Random(seed)
    games = []
    for _ in range(n_games):
        teams = random_teams(rng, n_players, sizes, tables)
        games.append((teams, [rng.randint(1, len(teams)) for _ in teams]))
    return games
