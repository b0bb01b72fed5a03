"""Our Thurstone-Mosteller must reproduce openskill's ThurstoneMostellerFull to 1e-9."""

import math
import random

import pytest

from rankings.ratings import PlayerState, make_rater
from rankings.ratings.thurstone_mosteller import _cdf, tie_terms
from tests.rankings.ratings.openskill_helpers import (
    TIE_GAMES,
    TOL,
    assert_agree,
    random_teams,
    rate_both,
    rate_theirs,
)

openskill_models = pytest.importorskip("openskill.models")
weng_lin_common = pytest.importorskip("openskill.models.weng_lin.common")

TAIL = 4.5  # sd: see assert_each_game_agrees


def replay_both(games, **params):
    """Rate ``games`` in sequence with both implementations; return both final states."""
    return rate_both(openskill_models.ThurstoneMostellerFull(**params),
                     make_rater("thurstone-mosteller", **params), games)


def largest_gap(rater, teams):
    """The largest |mu_a - mu_b| / c over the duels of one table."""
    mus, s2s = rater._team_sums(teams)
    two_beta2 = 2 * rater.beta**2
    return max(
        abs(mus[a] - mus[b]) / math.sqrt(s2s[a] + s2s[b] + two_beta2)
        for a in range(len(teams))
        for b in range(a + 1, len(teams))
    )


def assert_each_game_agrees(games, gamma_exponent=None, gamma=None, **params):
    """Every game rated from the same pre-game states gives the same states.

    Each game starts from openskill's states, so the rounding differences of
    earlier games cannot pile up.  Duels more than TAIL sd apart are left out:
    there openskill's CDF (1 + erf(x)) has lost digits and ours (erfc) has
    not.  They must stay rare, or the test would prove little.
    """
    model = openskill_models.ThurstoneMostellerFull(
        **params, **({} if gamma is None else {"gamma": gamma})
    )
    ours_params = dict(params, **({} if gamma is None else {"gamma_exponent": gamma_exponent}))
    theirs = {}
    compared = 0
    for teams, ranks in games:
        ours = make_rater("thurstone_mosteller", **ours_params)
        for p, r in theirs.items():
            ours.set(p, PlayerState(r.mu, r.sigma, 1))
        tail = largest_gap(ours, teams) > TAIL
        rate_theirs(model, theirs, teams, ranks)
        ours.rate_game(teams, ranks)
        if not tail:
            compared += 1
            for p in (p for team in teams for p in team):
                assert ours.get(p).mu == pytest.approx(theirs[p].mu, abs=TOL, rel=0)
                assert ours.get(p).sigma == pytest.approx(theirs[p].sigma, abs=TOL, rel=0)
    assert compared >= 0.95 * len(games), f"only {compared} of {len(games)} games compared"


def league_games(seed, n_games, n_players, sizes=(1, 1, 2, 3), tables=(2, 6)):
    """Mixed shapes with results drawn from hidden skills, ties included.

    Results follow skill (as in a real league) rather than being uniformly
    random: random results drive ratings to 7- or 8-sigma "upsets" where
    openskill's normal CDF, computed as 1 + erf(x), is off by up to 2 % and
    ours (from erfc) is not, so the two differ there by design.
    """
    rng = random.Random(seed)
    skill = [rng.gauss(0.0, 1.0) for _ in range(n_players)]
    games = []
    for _ in range(n_games):
        teams = random_teams(rng, n_players, sizes, tables)
        perf = [round(sum(skill[p] for p in team) + rng.gauss(0.0, 1.0)) for team in teams]
        games.append((teams, [1 + sum(other > x for other in perf) for x in perf]))
    return games


def test_individual_game_ranks_out_of_order():
    assert_agree(*replay_both([([["a"], ["b"], ["c"], ["d"]], [3, 1, 4, 2])]))


def test_two_teams_of_two():
    games = [([["a", "b"], ["c", "d"]], [2, 1]), ([["a", "c"], ["b", "d"]], [1, 2])]
    assert_agree(*replay_both(games))


def test_ties():
    assert_agree(*replay_both(TIE_GAMES))


def test_many_games_in_sequence_mixed_shapes():
    assert_agree(*replay_both(league_games(7, 400, 40)))


def test_each_game_agrees_even_with_random_results():
    rng = random.Random(5)
    games = []
    for _ in range(300):
        n = rng.randint(2, 6)
        players = rng.sample(range(30), n * 2)
        games.append(([players[i * 2 : i * 2 + 2] for i in range(n)], rng.choices(range(n), k=n)))
    assert_each_game_agrees(games)


@pytest.mark.parametrize(
    "params",
    [
        {"beta": 3.0, "tau": 0.3},
        {"mu": 0.0, "sigma": 1.0, "beta": 0.5, "tau": 0.01, "epsilon": 0.02},
        {"beta": 8.0, "kappa": 0.01, "epsilon": 2.0},
    ],
)
def test_non_default_parameters(params):
    assert_each_game_agrees(league_games(11, 300, 60, sizes=(1, 2), tables=(2, 4)), **params)


@pytest.mark.parametrize(
    "exponent, gamma",
    [
        (0.0, lambda *args: 1.0),
        (0.5, lambda c, k, mu, sigma_squared, *rest: (sigma_squared**0.5 / c) ** 0.5),
    ],
)
def test_gamma_exponent_matches_openskill_with_custom_gamma(exponent, gamma):
    games = league_games(13, 300, 60, sizes=(1, 2), tables=(2, 4))
    assert_each_game_agrees(games, gamma_exponent=exponent, gamma=gamma)


@pytest.mark.parametrize("x", [-3.0, -2.5, -0.3, 0.0, 0.4, 1.7, 3.0])
@pytest.mark.parametrize("t", [0.0, 0.01, 0.5, 2.0])
def test_tie_terms_match_openskill(x, t):
    vt, wt = tie_terms(x, t)
    assert vt == pytest.approx(weng_lin_common.vt(x, t), abs=TOL)
    assert wt == pytest.approx(weng_lin_common.wt(x, t), abs=TOL)
    # The other side of a draw sees -v~ and the same w~.
    assert tie_terms(-x, t) == pytest.approx((-vt, wt), abs=1e-15)


def test_normal_cdf_keeps_its_digits_in_the_far_tail():
    # Phi(-8) = 6.22096057427178e-16; 1 + erf(-8/sqrt 2) is 2 % off there.
    assert _cdf(-8.0) == pytest.approx(6.22096057427178e-16, rel=1e-12)
    assert _cdf(0.0) == 0.5


def test_two_team_update_is_trueskills_with_gamma_one_and_no_draw_margin():
    """With gamma = 1 and no draw margin a duel is the closed-form Gaussian update."""
    rater = make_rater("thurstone_mosteller", gamma_exponent=0.0, epsilon=0.0, tau=0.0)
    rater.rate_game([["a"], ["b"]], [1, 2])
    rater.rate_game([["a", "c"], ["b", "d"]], [2, 1])
    before = {p: rater.get(p) for p in "abcd"}
    rater.rate_game([["a", "b"], ["c", "d"]], [1, 2])
    var = {p: before[p].sigma ** 2 for p in "abcd"}
    c = math.sqrt(sum(var.values()) + 2 * (25 / 6) ** 2)
    x = (before["a"].mu + before["b"].mu - before["c"].mu - before["d"].mu) / c
    pdf = math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
    v = pdf / (0.5 * math.erfc(-x / math.sqrt(2)))
    w = v * (v + x)
    for p, sign in (("a", 1), ("b", 1), ("c", -1), ("d", -1)):
        after = rater.get(p)
        assert after.mu == pytest.approx(before[p].mu + sign * var[p] / c * v, rel=1e-12)
        assert after.sigma**2 == pytest.approx(var[p] * (1 - var[p] / c**2 * w), rel=1e-12)


def test_win_probability_is_the_normal_cdf_of_the_gap():
    rater = make_rater("thurstone_mosteller")
    rater.rate_game([["a"], ["b"]], [1, 2])
    a, b = rater.get("a"), rater.get("b")
    c = math.sqrt(a.sigma**2 + b.sigma**2 + 2 * (25 / 6) ** 2)
    expected = 0.5 * math.erfc(-(a.mu - b.mu) / c / math.sqrt(2))
    assert rater.win_probability(["a"], ["b"]) == pytest.approx(expected, rel=1e-12)
    assert rater.win_probability(["a"], ["b"]) + rater.win_probability(["b"], ["a"]) == (
        pytest.approx(1.0)
    )


def test_spellings_and_bad_parameters():
    assert make_rater("thurstone-mosteller").kind == "thurstone_mosteller"
    assert make_rater("TM").kind == "thurstone_mosteller"
    with pytest.raises(ValueError, match="epsilon"):
        make_rater("thurstone_mosteller", epsilon=-1.0)
    with pytest.raises(ValueError, match="make_rater"):
        make_rater("thurstone_mosteller", k=24)
    with pytest.raises(ValueError, match="unknown rater kind"):
        make_rater("glicko")


def test_two_team_games_reproduce_the_trueskill_package():
    """TrueSkill adds beta**2 per player, we add it per team: a team of two
    here with beta * sqrt(2) is TrueSkill with its default beta."""
    trueskill = pytest.importorskip("trueskill")
    env = trueskill.TrueSkill(draw_probability=0.0)
    for size in (1, 2):
        ours = make_rater(
            "thurstone_mosteller", beta=25 / 6 * math.sqrt(size), gamma_exponent=0, epsilon=0
        )
        theirs = {}
        rng = random.Random(size)
        for _ in range(200):
            players = rng.sample(range(20), 2 * size)
            teams = [players[:size], players[size:]]
            ranks = rng.choice([[1, 2], [2, 1]])
            groups = [tuple(theirs.get(p) or env.create_rating() for p in t) for t in teams]
            for team, rated in zip(teams, env.rate(groups, ranks=ranks), strict=True):
                theirs.update(zip(team, rated, strict=True))
            ours.rate_game(teams, ranks)
        for p, r in theirs.items():
            # trueskill's own normal CDF is an approximation good to ~1e-7.
            assert ours.get(p).mu == pytest.approx(r.mu, abs=1e-5)
            assert ours.get(p).sigma == pytest.approx(r.sigma, abs=1e-5)
