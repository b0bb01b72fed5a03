"""Shared helpers for the tests of the engine games (rules and bots): playing action
texts, the legal actions as texts, a bot's choice, and golden playthroughs.
(The Bluke family's own core has `rules_helpers`.)"""

from __future__ import annotations

import json
import pathlib
import random

from games.bots import make_bot

# Every registered game's golden files sit beside its tests (tests/games/<game>/golden/),
# in one list ordered by file name as when they shared one folder (the engine's example
# games keep theirs in tests/games/engine/golden/).
GOLDEN_FILES = sorted((path for path in pathlib.Path(__file__).parent.glob("*/golden/*.json")
                       if path.parts[-3] != "engine"), key=lambda p: p.name)


def golden_file(name: str) -> pathlib.Path:
    """The golden file called `name`, whichever game's folder holds it."""
    return next(path for path in GOLDEN_FILES if path.name == name)


def play(state, *texts):
    """Apply each action text in turn (raises on an illegal one); the state."""
    for text in texts:
        state.apply(text)
    return state


def legal_texts(state) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def bot_move(state, name: str = "heuristic", **params) -> str:
    """The action text the named bot chooses for the seat to move (its random
    generator seeded with 0); `params` tune a search (time_budget, max_samples)."""
    bot = make_bot(name, game=state.game, **params)
    seat = state.current_player()
    action = bot.step(state.observation(seat), state.legal_actions(), random.Random(0))
    assert action in state.legal_actions()
    return state.action_to_string(action)


def golden_playthrough(state, seed: int, seats: list[str], options: dict | None = None,
                       **extra) -> dict:
    """A finished match as a golden file holds it: game, options, seed, `extra` (such as
    the bots that played it), the actions and the record, as JSON reads it back."""
    game = state.game
    return json.loads(json.dumps({
        "game": game.name, "options": dict(game.options) if options is None else options,
        "seed": seed, **extra, "history": [state.action_to_string(a) for a in state.history],
        "record": state.to_record(seats)}))


def random_match(game, seed: int):
    """A whole match of random legal actions (the generator seeded with `seed`)."""
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state
