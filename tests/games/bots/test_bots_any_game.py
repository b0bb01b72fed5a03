"""Bots on a game they were not written for: `random` and `search` play any engine game
(here the engine's example game), and `manage.py bot_arena` runs it."""

import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from nomination import Nomination  # noqa: E402


@pytest.fixture
def nomination():
    rules.register(Nomination)
    yield
    rules.GAMES.pop("nomination", None)


def test_search_beats_random_on_a_game_it_was_not_written_for(nomination):
    stats = run_arena("nomination", ["search", "random", "random", "random"], 12, seed=3,
                      options={"top": 4}, bot_params={"time_budget": None, "max_samples": 6})
    search, *randoms = stats
    assert search.mean > max(r.mean for r in randoms)


def test_a_bot_written_for_bluke_says_which_games_it_plays(nomination):
    game = rules.load("nomination", players=4)
    with pytest.raises(ValueError, match="does not play Nomination.*random, search"):
        make_bot("heuristic", game=game)


def test_bot_arena_runs_any_registered_game(nomination):
    out = StringIO()
    call_command("bot_arena", game="nomination", bots="search,random,random,random",
                 matches=2, time_budget_ms=5, no_progress=True, stdout=out)
    assert "nomination" in out.getvalue() and "search" in out.getvalue()


def test_search_plays_out_with_the_games_own_heuristic_when_it_has_one():
    from games.engine.any_game_search import AnyGameSearchBot
    from games.joker.heuristic import JokerHeuristicBot

    game = rules.load("joker", players=4)
    bot = make_bot("search", game=game)
    assert isinstance(bot, AnyGameSearchBot) and isinstance(bot.policy, JokerHeuristicBot)
    assert make_bot("search", game=game, rollout="random").policy is None


def test_a_heuristic_rollout_is_only_played_by_the_games_own_moves(monkeypatch):
    from games.engine.any_game_search import AnyGameSearchBot

    game = rules.load("joker", players=4)
    bot = make_bot("search", game=game, time_budget=None, max_samples=1)
    seen = []
    original = bot.policy.step

    def spying(observation, legal, rng):
        seen.append(observation["game"])
        choice = original(observation, legal, rng)
        assert choice in legal
        return choice

    monkeypatch.setattr(bot.policy, "step", spying)
    state = game.new_match(seed=5)
    while state.current_player() != 1:  # a seat with a real choice to make
        state.apply(state.legal_actions()[0])
    action = bot.step(state.observation(1), state.legal_actions(), __import__("random").Random(1))
    assert action in state.legal_actions() and seen and set(seen) == {"joker"}
    with pytest.raises(ValueError, match="unknown rollout"):
        AnyGameSearchBot(game, rollout="smart")
