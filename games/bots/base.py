"""What every bot shares: the `step(observation, legal_actions, rng)` contract."""

from __future__ import annotations

import random

from games import rules

from .view import View, load_game


class Bot:
    """A player. Bots hold no randomness of their own: `rng` is injected per call."""

    name = ""
    needs_observation = True

    def __init__(self, game: rules.Rules | None = None):
        self.game = game

    def game_for(self, observation: dict) -> rules.Rules:
        """The rules of the game this observation belongs to (the one given at construction, if any)."""
        if self.game is not None:
            return self.game
        options = dict(observation.get("options") or {})
        options["players"] = observation["players"]
        return load_game(observation["game"], options)

    def view(self, observation: dict) -> View:
        return View.from_observation(self.game_for(observation), observation)

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
