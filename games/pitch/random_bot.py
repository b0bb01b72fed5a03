"""Pitch's random bot: random cards, and a bid only when the rules force one.

A bot drawing every legal action uniformly bids 3, 4 or smudge four times in five and
is mostly set: with such a player on each side both totals sink hand after hand and
nobody ever bids out. This one passes whenever it may; as the dealer after three
passes it makes the lowest bid, 2. Its cards stay uniformly random.
"""

from __future__ import annotations

import random

from games.engine.random_bot import RandomBot


class PitchRandomBot(RandomBot):
    plays = ("pitch",)

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        game = self.game
        if game.PASS in legal_actions:
            return game.PASS
        bids = [action for action in legal_actions if action in game.bid_actions]
        if bids:  # the forced dealer: no pass and nothing to steal
            return min(bids, key=game.bid_value)
        return super().step(observation, legal_actions, rng)
