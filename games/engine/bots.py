"""What every bot shares: the `step(observation, legal_actions, rng)` contract.

A bot declares the games it plays (`plays`, by name; empty: every game) and the name
it is asked for by (`name`: "random", "heuristic", "search"); the bot registry above
the game packages is built from those declarations.
"""

from __future__ import annotations

import random
from collections.abc import Callable

# Set by the catalogue (games.rules): loads a game's rules from its name and options, for a
# bot made without its game. The engine cannot import the catalogue, which stands above it.
load_rules: Callable | None = None


class Bot:
    """A player. Bots hold no randomness of their own: `rng` is injected per call."""

    name = ""
    plays: tuple[str, ...] = ()
    needs_observation = True

    def __init__(self, game=None):
        self.game = game

    def game_for(self, observation: dict):
        """The rules of the game this observation belongs to (the one given at construction, if any)."""
        if self.game is not None:
            return self.game
        options = dict(observation.get("options") or {})
        options["players"] = observation["players"]
        return load_rules(observation["game"], options)

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
