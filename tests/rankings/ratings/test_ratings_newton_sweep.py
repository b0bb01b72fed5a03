"""The whole-history rater's numpy refit against a plain loop of the same maths."""

import math
import random

import pytest

from rankings.ratings import PlackettLuceRater
from rankings.ratings.newton_sweep import refit


def loop_sweep(games, lin, *, beta, tau, prior, priors):
    """The step game by game in plain Python (the rater's own loop before numpy)."""
    rows = {}
    for player, (m, s, n) in lin.items():
        mean, sd = priors.get(player, prior)
        rows[player] = [m, s, n, 1.0 / (sd * sd), mean / (sd * sd)]
    for teams, ranks in games:
        k = len(teams)
        order = sorted(range(k), key=ranks.__getitem__)
        c2 = k * beta * beta + sum(rows[p][1] ** 2 for team in teams for p in team)
        inv_c = 1.0 / math.sqrt(c2)
        team_mu = [sum(rows[p][0] for p in teams[t]) for t in order]
        top = max(team_mu)
        e = [math.exp((m - top) * inv_c) for m in team_mu]
        total, a_sum, b_sum, start = sum(e), 0.0, 0.0, 0
        while start < k:
            end = start + 1
            while end < k and ranks[order[end]] == ranks[order[start]]:
                end += 1
            a_sum += 1.0 / total
            b_sum += 1.0 / (total * total)
            for i in range(start, end):
                total -= e[i]
                slope = (1.0 / (end - start) - e[i] * a_sum) * inv_c
                curve = e[i] * (a_sum - e[i] * b_sum) * inv_c * inv_c
                for p in teams[order[i]]:
                    row = rows[p]
                    shrink = 1.0 / (1.0 + row[3] * tau * tau)
                    row[3] = row[3] * shrink + curve
                    row[4] = row[4] * shrink + curve * row[0] + slope
            start = end
    return {p: [r[4] / r[3], math.sqrt(1.0 / r[3]), r[2]] for p, r in rows.items()}


def mixed_games(seed, n_games=600, n_players=25):
    """Tables of 2 to 7, teams of one to three (uneven too), ties, players with few games."""
    rng = random.Random(seed)
    games = []
    for _ in range(n_games):
        k = rng.randint(2, 7)
        sizes = [rng.choice([1, 1, 1, 2, 3]) for _ in range(k)]
        seated = rng.sample(range(n_players), sum(sizes))
        teams, at = [], 0
        for size in sizes:
            teams.append(seated[at:at + size])
            at += size
        games.append((teams, [rng.randint(1, k) for _ in range(k)]))
    return games


def start_states(games, prior, priors):
    """Where a refit starts: every player at their prior, with their number of games."""
    lin = {p: [*priors[p][:2], priors[p][2]] for p in priors}
    for teams, _ in games:
        for team in teams:
            for p in team:
                lin.setdefault(p, [*prior, 0])[2] += 1
    return lin


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("tau", [0.0, 25 / 300, 1.5])
@pytest.mark.parametrize("sweeps", [1, 3])
def test_the_numpy_steps_equal_the_plain_loop(seed, tau, sweeps):
    games = mixed_games(seed)
    prior = (25.0, 25 / 3)
    priors = {3: (30.0, 2.0, 5), "nobody yet": (20.0, 5.0, 2)}
    lin = start_states(games, prior, priors)
    for _ in range(sweeps):
        lin = loop_sweep(games, lin, beta=25 / 3, tau=tau, prior=prior,
                         priors={p: s[:2] for p, s in priors.items()})
    fast = refit(games, beta=25 / 3, tau=tau, prior=prior, priors=priors, sweeps=sweeps)
    assert fast.keys() == lin.keys()
    for player, (mu, sigma, n) in lin.items():
        assert fast[player][0] == pytest.approx(mu, rel=1e-12, abs=1e-12), player
        assert fast[player][1] == pytest.approx(sigma, rel=1e-12), player
        assert fast[player][2] == n
        assert type(fast[player][0]) is float  # the one-pass loop after a refit wants floats


@pytest.mark.parametrize("tau", [0.0, 0.5])
def test_one_player_at_every_table_and_many_with_one_game(tau):
    # Games per player from 1 to 300: the time-ordered steps hold one entry per seat.
    rng = random.Random(5)
    games = [([[0], [rng.randrange(1, 400)], [400 + i]], rng.sample([1, 2, 3], 3))
             for i in range(300)]
    prior = (25.0, 25 / 3)
    lin = loop_sweep(games, start_states(games, prior, {}), beta=25 / 3, tau=tau, prior=prior,
                     priors={})
    fast = refit(games, beta=25 / 3, tau=tau, prior=prior, priors={}, sweeps=1)
    for player, (mu, sigma, n) in lin.items():
        assert fast[player] == [pytest.approx(mu, rel=1e-12), pytest.approx(sigma, rel=1e-12), n]


def test_a_refit_credits_a_loss_to_a_player_who_turned_out_strong():
    # Player 0 loses early to player 1, who then beats everybody: the one-pass
    # rating counts it as a loss to an average player, the refit does not.
    games = [([[0], [1]], [2, 1])] + [([[1], [p]], [1, 2]) for p in range(2, 40)]
    games += [([[0], [p]], [2, 1]) for p in (2, 3)]
    one_pass = PlackettLuceRater(gamma_exponent=0.0)
    one_pass.rate_many(games)
    after = refit(games, beta=25 / 3, tau=0.0, prior=(25.0, 25 / 3), priors={}, sweeps=3)
    assert after[0][0] > one_pass.rating(0)
    assert after[1][0] > 25.0


def test_no_games_leaves_each_player_at_their_prior():
    after = refit([], beta=25 / 3, tau=0.5, prior=(25.0, 25 / 3), priors={"a": (31.0, 2.0, 4)},
                  sweeps=3)
    assert after == {"a": [31.0, 2.0, 4]}


@pytest.mark.parametrize("tau", [0.0, 25 / 300])
def test_the_blocks_games_are_read_in_change_no_float(tau, monkeypatch):
    # The refit reads each table shape's games in blocks (newton_sweep.CHUNK): a block
    # boundary anywhere, even inside every game's teams, must give the very same floats.
    from rankings.ratings import newton_sweep

    games = mixed_games(4, n_games=900) + [([[p], [p + 1], [p + 2], [p + 3]], [1, 2, 2, 4])
                                           for p in range(20)]
    priors = {3: (30.0, 2.0, 5)}
    whole = refit(games, beta=25 / 3, tau=tau, prior=(25.0, 25 / 3), priors=priors, sweeps=3)
    for size in (1, 7, 64):
        monkeypatch.setattr(newton_sweep, "CHUNK", size)
        assert refit(games, beta=25 / 3, tau=tau, prior=(25.0, 25 / 3), priors=priors,
                     sweeps=3) == whole
