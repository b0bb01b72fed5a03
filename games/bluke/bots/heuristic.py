"""The heuristic bot: bids its hand's expected tricks, plays to make the bid.

Bidding lives in `bidding` (per-card win chances, expected score per bid), card
play in `play` (win cheaply while tricks are needed, duck when they score nothing).
It is deterministic: `rng` is accepted for the common contract but not used.
"""

from __future__ import annotations

import random

from games.bluke import actions as A
from games.bluke.bots.base import BlukeFamilyBot
from games.bluke.bots.bidding import choose_bid
from games.bluke.bots.play import choose_play
from games.bluke.bots.view import View


def heuristic_action(view: View, legal_actions: list[int]) -> int:
    """The heuristic's choice for a view (shared with the search bot's rollouts)."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    if A.is_bid(legal_actions[0]):
        return choose_bid(view, legal_actions)
    return choose_play(view, legal_actions)


class BlukeFamilyHeuristicBot(BlukeFamilyBot):
    name = "heuristic"

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        return heuristic_action(self.view(observation), legal_actions)
