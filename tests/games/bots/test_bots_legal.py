"""Every bot, in every game, only ever answers with one of the legal actions it was given."""

import random

import pytest

from games import rules
from games.bots import make_bot


def play_checking(game, bots, seed, hands=None):
    """Play (the first `hands` hands of) a match, asserting each action is legal."""
    state = game.new_match(seed=seed)
    rngs = [random.Random(seat) for seat in range(game.num_players)]
    while not state.is_terminal() and (hands is None or state.hand_index < hands):
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].step(state.observation(seat), list(legal), rngs[seat])
        assert action in legal, (state, action, legal)
        state.apply(action)
    return state


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_it_plays_only_legal_actions_for_a_whole_match(game, name):
    bots = [make_bot(name, game=game) for _ in range(game.num_players)]
    assert play_checking(game, bots, seed=11).is_terminal()


def test_the_search_bot_plays_only_legal_actions(game):
    bots = [make_bot("search", game=game, time_budget=None, max_samples=2)]
    bots += [make_bot("heuristic", game=game) for _ in range(game.num_players - 1)]
    play_checking(game, bots, seed=5, hands=4)


def test_bots_work_from_the_observation_alone_when_no_game_is_given():
    game = rules.load("bluke", players=4)
    bots = [make_bot(name) for name in ("heuristic", "search", "random", "heuristic")]
    bots[1].max_samples = 2
    bots[1].time_budget = None
    play_checking(game, bots, seed=2, hands=3)


def test_mixed_bots_in_a_partnership_game_stay_legal():
    game = rules.load("back-alley", players=4)
    bots = [make_bot(name, game=game, time_budget=None, max_samples=2)
            for name in ("search", "random", "heuristic", "random")]
    play_checking(game, bots, seed=8, hands=5)


def test_an_unknown_bot_name_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
    with pytest.raises(ValueError, match="unknown bot parameter"):
        make_bot("heuristic", depth=3)


@pytest.mark.parametrize("params", [{"rollout": "heuristic", "max_samples": 2, "time_budget": None},
                                    {"time_budget": 0.001}])
def test_the_search_bot_stays_legal_with_other_settings(params):
    game = rules.load("back-alley-individual", players=3)
    bots = [make_bot("search", game=game, **params), make_bot("random", game=game),
            make_bot("heuristic", game=game)]
    play_checking(game, bots, seed=4, hands=3)
