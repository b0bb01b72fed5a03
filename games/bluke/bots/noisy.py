"""The noisy heuristic: the heuristic bot with a share of its decisions made at random.

`BlukeFamilyNoisyBot(game, noise=p)` answers each decision (bid or card) with a
uniformly drawn legal action with probability `p`, and with the heuristic's
choice otherwise. `noise=0` plays exactly like `heuristic`, `noise=1` like `random`
(same distribution, another random stream); in between, strength falls as `noise` rises, which gives bot leagues
players of known, ordered strength (bench/bot_league_bench.py, docs/bot-league.md).

Registered kinds fix the share in the name: "noisy-25", "noisy-50" and "noisy-75"
make 25%, 50% and 75% of their decisions at random. All randomness comes from the
injected `rng`, so a match still replays from its seed.
"""

from __future__ import annotations

import random

from games.bluke.bots.base import BlukeFamilyBot
from games.bluke.bots.heuristic import heuristic_action


class BlukeFamilyNoisyBot(BlukeFamilyBot):
    name = "noisy"
    default_noise = 0.5

    def __init__(self, game=None, noise: float | None = None):
        super().__init__(game)
        noise = self.default_noise if noise is None else noise
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noisy bot: noise must be between 0 and 1, not {noise!r}")
        self.noise = float(noise)

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        # Draw the coin even for forced moves so the rng stream does not depend on them.
        if rng.random() < self.noise:
            return legal_actions[rng.randrange(len(legal_actions))]
        if len(legal_actions) == 1:
            return legal_actions[0]
        return heuristic_action(self.view(observation), legal_actions)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} noise={self.noise:g}>"


# The registered kinds: module-level classes (not made in a loop) so they pickle by name.
class BlukeFamilyNoisy25Bot(BlukeFamilyNoisyBot):
    name = "noisy-25"
    default_noise = 0.25


class BlukeFamilyNoisy50Bot(BlukeFamilyNoisyBot):
    name = "noisy-50"
    default_noise = 0.5


class BlukeFamilyNoisy75Bot(BlukeFamilyNoisyBot):
    name = "noisy-75"
    default_noise = 0.75


# What `registry.BOTS` adds, weakest last: kind name -> class.
NOISY_BOTS: dict[str, type[BlukeFamilyNoisyBot]] = {
    cls.name: cls for cls in (BlukeFamilyNoisy25Bot, BlukeFamilyNoisy50Bot, BlukeFamilyNoisy75Bot)
}
