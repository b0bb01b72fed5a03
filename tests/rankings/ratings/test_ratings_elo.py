import pytest

from rankings.ratings import PlayerState, make_rater


def total(rater, players):
    return sum(rater.rating(p) for p in players)


def test_zero_sum_for_equal_k():
    rater = make_rater("elo", k=24)
    rater.rate_game([["a"], ["b"], ["c"], ["d"]], [1, 2, 3, 4])
    rater.rate_game([["a"], ["c"], ["e"]], [3, 1, 2])
    changes = rater.rate_game([["a"], ["b"], ["c"], ["d"], ["e"]], [2, 2, 1, 5, 4])
    assert sum(ch.delta for ch in changes) == pytest.approx(0.0, abs=1e-9)
    assert total(rater, "abcde") == pytest.approx(5 * 1500.0, abs=1e-9)


def test_zero_sum_for_pairs():
    rater = make_rater("elo")
    rater.rate_game([["a"], ["b"]], [1, 2])
    changes = rater.rate_game([["a", "b"], ["c", "d"]], [2, 1])
    assert sum(ch.delta for ch in changes) == pytest.approx(0.0, abs=1e-9)
    # Both partners share the team's result.
    deltas = {ch.player_id: ch.delta for ch in changes}
    assert deltas["a"] == deltas["b"] < 0 < deltas["c"] == deltas["d"]


def test_winner_gains_loser_loses():
    rater = make_rater("elo")
    changes = rater.rate_game([["a"], ["b"], ["c"]], [1, 2, 3])
    deltas = {ch.player_id: ch.delta for ch in changes}
    assert deltas["a"] > 0
    assert deltas["c"] < 0
    assert deltas["a"] > deltas["b"] > deltas["c"]


def test_tie_between_equals_changes_nothing_and_ties_split():
    rater = make_rater("elo")
    changes = rater.rate_game([["a"], ["b"]], [1, 1])
    assert [ch.delta for ch in changes] == [0.0, 0.0]
    # Against a stronger player a tie gains exactly half of a win's gain
    # plus half of a loss's loss (score 0.5 is the midpoint).
    rater.set("strong", rater.get("a").__class__(1700.0, 0.0, 5))
    gains = {}
    for outcome, ranks in (("win", [1, 2]), ("tie", [1, 1]), ("loss", [2, 1])):
        trial = make_rater("elo")
        trial.set("strong", rater.get("strong"))
        gains[outcome] = trial.rate_game([["x"], ["strong"]], ranks)[0].delta
    assert gains["tie"] == pytest.approx((gains["win"] + gains["loss"]) / 2)
    assert gains["win"] > gains["tie"] > 0 > gains["loss"]


def test_k_scaled_by_table_size():
    # Winner of an all-equal table: surprise (n-1)*0.5, times K/(n-1) -> K/2
    # for every table size with exponent 1.  (Newcomer K off: fresh players.)
    for n in (2, 3, 4, 6, 8):
        rater = make_rater("elo", k=32, k_exponent=1.0, newcomer_factor=1.0)
        teams = [[i] for i in range(n)]
        changes = rater.rate_game(teams, list(range(1, n + 1)))
        assert changes[0].delta == pytest.approx(16.0)
    # With exponent 0, K is per opponent, so swings grow with the table.
    rater = make_rater("elo", k=32, k_exponent=0.0, newcomer_factor=1.0)
    changes = rater.rate_game([[i] for i in range(4)], [1, 2, 3, 4])
    assert changes[0].delta == pytest.approx(48.0)
    # The default exponent 0.5 sits between: K * 1.5 / sqrt(3) at four players.
    changes = make_rater("elo", k=32, newcomer_factor=1.0).rate_game(
        [[i] for i in range(4)], [1, 2, 3, 4]
    )
    assert changes[0].delta == pytest.approx(32 * 1.5 / 3**0.5)


def test_expected_score_matches_textbook_elo():
    rater = make_rater("elo", k=32)  # two players: the exponent does not matter
    rater.set("a", PlayerState(1600.0, 0.0, 30))
    rater.set("b", PlayerState(1500.0, 0.0, 30))
    p = 1 / (1 + 10 ** ((1500 - 1600) / 400))
    assert rater.win_probability(["a"], ["b"]) == pytest.approx(p)
    changes = rater.rate_game([["a"], ["b"]], [1, 2])
    assert changes[0].delta == pytest.approx(32 * (1 - p))


def test_newcomers_get_the_larger_k_until_they_have_played_enough():
    rater = make_rater("elo", k=20, newcomer_games=3, newcomer_factor=2.5)
    deltas = []
    for _ in range(5):
        rater.set("vet", PlayerState(1500.0, 0.0, 50))  # same opponent every time
        rater.set("new", PlayerState(1500.0, 0.0, rater.get("new").games))
        changes = {ch.player_id: ch.delta for ch in rater.rate_game([["new"], ["vet"]], [1, 2])}
        assert changes["vet"] == pytest.approx(-10.0)  # K * (0 - 1/2)
        deltas.append(changes["new"])
    # Games 0, 1, 2 are played as a newcomer; from the third game on, plain K.
    assert deltas == pytest.approx([25.0, 25.0, 25.0, 10.0, 10.0])
    assert rater.get("new").games == 5


def test_newcomer_k_is_per_player_inside_a_team():
    rater = make_rater("elo", k=16, newcomer_factor=3.0)
    for p in ("vet1", "vet2", "vet3"):
        rater.set(p, PlayerState(1500.0, 0.0, 40))
    changes = {
        ch.player_id: ch.delta
        for ch in rater.rate_game([["new", "vet1"], ["vet2", "vet3"]], [1, 2])
    }
    assert changes["new"] == pytest.approx(3 * changes["vet1"])
    assert changes["vet1"] == pytest.approx(-changes["vet2"]) == pytest.approx(8.0)


def test_factor_one_turns_newcomer_k_off_and_keeps_zero_sum():
    rater = make_rater("elo", newcomer_factor=1.0)
    rater.set("vet", PlayerState(1600.0, 0.0, 40))
    changes = rater.rate_game([["new"], ["vet"], ["x"]], [1, 3, 2])
    assert sum(ch.delta for ch in changes) == pytest.approx(0.0, abs=1e-9)


def test_newcomer_parameters_are_stored_and_checked():
    rater = make_rater("elo")
    assert rater.params["newcomer_games"] == 20 and rater.params["newcomer_factor"] > 1
    assert make_rater("elo", **rater.params).params == rater.params
    with pytest.raises(ValueError, match="newcomer_factor"):
        make_rater("elo", newcomer_factor=0.0)
