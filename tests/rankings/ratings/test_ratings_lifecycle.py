"""Inactivity inflation and the provisional rule."""

import math

import pytest

from rankings.ratings import PlayerState, inflate_for_inactivity, is_provisional


def test_inflation_increases_sigma_and_keeps_mu():
    state = PlayerState(30.0, 2.0, 50)
    later = inflate_for_inactivity(state, days_idle=100, tau_per_day=0.1)
    assert later.mu == state.mu and later.games == state.games
    assert later.sigma == pytest.approx(math.sqrt(4.0 + 100 * 0.01))
    longer = inflate_for_inactivity(state, days_idle=200, tau_per_day=0.1)
    assert longer.sigma > later.sigma > state.sigma


def test_inflation_capped_and_neutral_cases():
    state = PlayerState(30.0, 2.0, 50)
    assert inflate_for_inactivity(state, 10_000, 1.0, max_sigma=5.0).sigma == 5.0
    assert inflate_for_inactivity(state, 0, 0.1) == state
    elo = PlayerState(1600.0, 0.0, 12)
    assert inflate_for_inactivity(elo, 365, 0.1) == elo
    with pytest.raises(ValueError):
        inflate_for_inactivity(state, -1, 0.1)


def test_provisional_rule():
    assert is_provisional(PlayerState(25.0, 2.0, 3))
    assert is_provisional(PlayerState(25.0, 6.5, 40))
    assert not is_provisional(PlayerState(25.0, 2.0, 40))
    assert not is_provisional(PlayerState(1500.0, 0.0, 40))
    assert is_provisional(PlayerState(1500.0, 0.0, 9), min_games=10)
    assert not is_provisional(PlayerState(25.0, 6.5, 40), max_sigma=None)
    # A long absence can make a settled player provisional again.
    settled = PlayerState(25.0, 2.0, 40)
    assert is_provisional(inflate_for_inactivity(settled, 4000, 0.1))
