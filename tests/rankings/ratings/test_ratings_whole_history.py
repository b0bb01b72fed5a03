"""The whole-history rater: refits that re-read old games, offered by the registry."""

import random

import pytest

from rankings.ratings import PlayerState, WholeHistoryRater, make_rater


def hidden_skill_league(seed=7, n_players=40, n_games=1500, table=4):
    """Games whose order follows hidden skills plus luck; returns (skills, games)."""
    rng = random.Random(seed)
    skill = [rng.gauss(0.0, 1.0) for _ in range(n_players)]
    games = []
    for _ in range(n_games):
        seated = rng.sample(range(n_players), table)
        perf = [skill[p] + rng.gauss(0.0, 1.0) for p in seated]
        games.append(([[p] for p in seated], [1 + sum(o > x for o in perf) for x in perf]))
    return skill, games


def mixed_games(seed=3, n_games=700):
    """Singles and pairs, ties included: every path of the refit."""
    rng = random.Random(seed)
    games = []
    for _ in range(n_games):
        if rng.random() < 0.3:
            players = rng.sample(range(30), 4)
            games.append(([players[:2], players[2:]], rng.choice([[1, 2], [2, 1], [1, 1]])))
        else:
            n = rng.randint(2, 6)
            players = rng.sample(range(30), n)
            games.append(([[p] for p in players], [rng.randint(1, n) for _ in range(n)]))
    return games


def test_it_rates_the_stronger_player_higher():
    skill, games = hidden_skill_league()
    rater = make_rater("whole_history", period=200)
    rater.rate_many(games)
    best = max(range(len(skill)), key=skill.__getitem__)
    worst = min(range(len(skill)), key=skill.__getitem__)
    assert rater.rating(best) > rater.rating(worst)
    # and the order of the whole field mostly follows the hidden skills
    pairs = [(a, b) for a in range(len(skill)) for b in range(a + 1, len(skill))]
    agree = sum((skill[a] > skill[b]) == (rater.rating(a) > rater.rating(b)) for a, b in pairs)
    assert agree / len(pairs) > 0.8


def test_an_early_loss_to_a_player_who_turned_out_strong_costs_less_after_the_refit():
    # Ann loses her only game to a newcomer, Zed, who then wins forty games in a row.
    games = [([["ann"], ["zed"]], [2, 1])]
    games += [([["zed"], [f"p{i}"]], [1, 2]) for i in range(40)]
    one_pass = make_rater("whole_history", period=1000)  # no refit within 41 games
    refitted = make_rater("whole_history", period=41)
    one_pass.rate_many(games)
    refitted.rate_many(games)
    # Read again, the loss was to a strong player, not to an average newcomer.
    assert refitted.rating("ann") > one_pass.rating("ann")


@pytest.mark.parametrize(("period", "doubling", "n_games"), [
    (1, 10, 120), (50, 10, 700), (333, 10, 700), (10_000, 10, 700),
    # spacing doubling from 20, 60 and 10 games on: refits at ever longer intervals
    (5, 2, 700), (3, 10, 700), (1, 5, 200),
])
def test_rate_many_leaves_the_state_that_rating_one_by_one_leaves(period, doubling, n_games):
    games = mixed_games(n_games=n_games)
    batch = make_rater("whole_history", period=period, doubling=doubling)
    batch.rate_many(games)
    single = make_rater("whole_history", period=period, doubling=doubling)
    for teams, ranks in games:
        single.rate_game(teams, ranks)
    assert batch.snapshot() == single.snapshot()  # exact float equality


@pytest.mark.parametrize("doubling", [10, 1])
def test_rate_many_in_chunks_equals_one_batch(doubling):
    games = mixed_games()
    whole = make_rater("whole_history", period=100, doubling=doubling)
    whole.rate_many(games)
    chunked = make_rater("whole_history", period=100, doubling=doubling)
    for start in range(0, len(games), 77):
        chunked.rate_many(games[start : start + 77])
    assert chunked.snapshot() == whole.snapshot()


def refit_points(rater, n_games):
    return [n for n in range(1, n_games + 1) if rater.last_refit(n) == n]


def test_refits_come_every_period_then_ever_further_apart():
    rater = make_rater("whole_history", period=10, doubling=2)
    # every 10 games below 2 * 2 * 10, every 20 below 80, every 40 below 160, then 80
    assert refit_points(rater, 239) == [10, 20, 30, 40, 60, 80, 120, 160]
    assert [rater.last_refit(n) for n in (9, 39, 41, 79, 159)] == [0, 30, 40, 60, 120]


def test_rating_a_million_games_one_by_one_rereads_a_bounded_multiple_of_them():
    # The default schedule: nothing changes below 20,000 games (every 1,000, as before);
    # a million games then need 75 refits, not 1,000, re-reading 14 million games, not 500.
    rater = make_rater("whole_history")
    points = refit_points(rater, 1_000_000)
    assert points[:20] == list(range(1000, 20_001, 1000))
    assert len(points) == 75 and sum(points) == 13_980_000
    # and the total stays linear as the history grows
    assert sum(refit_points(rater, 4_000_000)) < 15 * 4_000_000


def test_a_refit_reads_every_game_so_far_when_rating_one_by_one(monkeypatch):
    seen = []
    original = WholeHistoryRater._refit

    def spy(self, new_games):
        original(self, new_games)
        seen.append(self._arrays.n_games)

    monkeypatch.setattr(WholeHistoryRater, "_refit", spy)
    rater = make_rater("whole_history", period=10, doubling=1)
    for teams, ranks in mixed_games(n_games=100):
        rater.rate_game(teams, ranks)
    assert seen == [10, 20, 40, 80]
    # and the state after the last refit is the refit of all 80 games from the priors
    again = make_rater("whole_history", period=80, doubling=1000)
    again.rate_many(mixed_games(n_games=100))
    assert again.snapshot() == rater.snapshot()


def test_it_is_deterministic():
    a, b = make_rater("whole_history", period=100), make_rater("whole_history", period=100)
    a.rate_many(mixed_games())
    b.rate_many(mixed_games())
    assert a.snapshot() == b.snapshot()


def test_rate_game_reports_before_and_after_and_counts_games():
    rater = make_rater("whole_history", period=2)
    rater.rate_game([["ann"], ["bob"]], [1, 2])
    changes = rater.rate_game([["ann"], ["bob"]], [1, 2])  # the second game triggers a refit
    ann = changes[0]
    assert ann.player_id == "ann" and ann.before.games == 1 and ann.after.games == 2
    assert ann.after == rater.get("ann")
    assert rater.rating("ann") > rater.rating("bob")


def test_bad_input_changes_nothing():
    rater = make_rater("whole_history")
    rater.rate_game([["ann"], ["bob"]], [1, 2])
    before = rater.snapshot()
    with pytest.raises(ValueError, match="appears twice"):
        rater.rate_game([["ann"], ["ann"]], [1, 2])
    assert rater.snapshot() == before


def test_a_restored_state_is_where_the_player_starts_in_every_refit():
    restored = PlayerState(31.0, 2.0, 50)
    rater = make_rater("whole_history", period=10)
    rater.set("ann", restored)
    assert rater.get("ann") == restored
    for i in range(20):
        rater.rate_game([["ann"], [f"p{i}"]], [2, 1])
    state = rater.get("ann")
    assert state.games == 70
    # Twenty losses pull her down, but from 31 with a small sigma, not from the prior.
    fresh = make_rater("whole_history", period=10)
    for i in range(20):
        fresh.rate_game([["ann"], [f"p{i}"]], [2, 1])
    assert state.mu > fresh.rating("ann")


def test_a_state_cannot_be_restored_after_the_player_has_games():
    rater = make_rater("whole_history")
    rater.rate_game([["ann"], ["bob"]], [1, 2])
    with pytest.raises(ValueError, match="already has games"):
        rater.set("ann", PlayerState(30.0, 3.0, 5))


@pytest.mark.parametrize("name", ["whole_history", "Whole-History", "wh"])
def test_the_registry_builds_it_by_name(name):
    rater = make_rater(name)
    assert isinstance(rater, WholeHistoryRater)
    assert rater.kind == "whole_history"


def test_its_stored_params_rebuild_the_same_rater():
    rater = make_rater("whole_history", beta=10.0, tau=0.5, period=250, sweeps=2, doubling=3)
    again = make_rater(rater.kind, **rater.params)
    assert again.params == rater.params
    games = mixed_games()
    rater.rate_many(games)
    again.rate_many(games)
    assert again.snapshot() == rater.snapshot()


def test_unknown_or_bad_params_are_refused():
    with pytest.raises(ValueError, match="whole_history"):
        make_rater("whole_history", gamma_exponent=1.0)
    with pytest.raises(ValueError, match="period"):
        make_rater("whole_history", period=0)
    with pytest.raises(ValueError, match="sweeps >= 1"):  # a refit starts at the priors
        make_rater("whole_history", sweeps=0)
    with pytest.raises(ValueError, match="doubling >= 1"):
        make_rater("whole_history", doubling=0)
