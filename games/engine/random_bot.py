"""The random bot: a uniformly drawn legal action."""

from __future__ import annotations

import random

from games.engine.bots import Bot


class RandomBot(Bot):
    name = "random"
    needs_observation = False

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        return legal_actions[rng.randrange(len(legal_actions))]
