"""The noisy heuristic: heuristic choices with a share of random ones, weaker as noise rises."""

import random

import pytest

from games import rules
from games.bluke.bots.heuristic import heuristic_action
from games.bluke.bots.noisy import BlukeFamilyNoisyBot
from games.bluke.bots.view import View
from games.bots import bot_names, make_bot
from games.bots.arena import run_arena


def decisions(game, seed, count):
    """(observation, legal actions, heuristic's choice) at the first `count` real choices."""
    state = game.new_match(seed=seed)
    heuristic = make_bot("heuristic", game=game)
    out = []
    while len(out) < count:
        seat = state.current_player()
        legal = state.legal_actions()
        observation = state.observation(seat)
        choice = heuristic.step(observation, legal, random.Random(0))
        if len(legal) > 1:
            out.append((observation, legal, choice))
        state.apply(choice)
    return out


def test_it_is_registered_at_three_noise_levels():
    assert {"noisy-25", "noisy-50", "noisy-75"} <= set(bot_names())
    assert [make_bot(f"noisy-{p}").noise for p in (25, 50, 75)] == [0.25, 0.5, 0.75]


def test_with_no_noise_it_plays_exactly_like_the_heuristic():
    game = rules.load("bluke", players=4)
    bot = BlukeFamilyNoisyBot(game, noise=0.0)
    rng = random.Random(3)
    for observation, legal, choice in decisions(game, seed=4, count=60):
        assert bot.step(observation, legal, rng) == choice
        assert choice == heuristic_action(View.from_observation(game, observation), legal)


def test_with_full_noise_it_plays_uniformly_at_random():
    game = rules.load("bluke", players=4)
    observation, legal, _ = max(decisions(game, seed=4, count=60), key=lambda d: len(d[1]))
    bot = BlukeFamilyNoisyBot(game, noise=1.0)
    rng = random.Random(5)
    seen = [bot.step(observation, legal, rng) for _ in range(400)]
    assert set(seen) == set(legal)
    assert max(seen.count(a) for a in legal) < 3 * 400 / len(legal)


def test_half_noise_departs_from_the_heuristic_about_half_the_time():
    game = rules.load("bluke", players=4)
    bot = make_bot("noisy-50", game=game)
    rng = random.Random(6)
    choices = decisions(game, seed=9, count=200)
    differ = sum(bot.step(obs, legal, rng) != choice for obs, legal, choice in choices)
    # A random pick may still hit the heuristic's card, so fewer than half differ.
    assert 40 <= differ <= 100


@pytest.mark.parametrize("noise", [-0.1, 1.5])
def test_a_noise_outside_0_to_1_is_refused(noise):
    with pytest.raises(ValueError, match="noise must be between 0 and 1"):
        BlukeFamilyNoisyBot(noise=noise)


def test_registered_kinds_play_legal_whole_matches(game):
    state = game.new_match(seed=12)
    bots = [make_bot(["noisy-25", "noisy-50", "noisy-75"][seat % 3], game=game)
            for seat in range(game.num_players)]
    rngs = [random.Random(seat) for seat in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].step(state.observation(seat), list(legal), rngs[seat])
        assert action in legal
        state.apply(action)


def test_more_noise_means_a_lower_mean_score():
    stats = run_arena("bluke", ["heuristic", "noisy-25", "noisy-50", "noisy-75"], 12, seed=3)
    means = [s.mean for s in stats]
    assert means == sorted(means, reverse=True)
    assert len(set(means)) == 4
