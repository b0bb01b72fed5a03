"""The Bluke family's own bots: they reason on the family's table-driven core (cards as
bits, the seat's `View`), so they play only Bluke, Back Alley and Back Alley for
individuals. See docs/bots.md."""

from games.bluke.bots.heuristic import BlukeFamilyHeuristicBot
from games.bluke.bots.noisy import NOISY_BOTS
from games.bluke.bots.search import BlukeFamilySearchBot

BOTS = (BlukeFamilyHeuristicBot, BlukeFamilySearchBot, *NOISY_BOTS.values())

__all__ = ["BOTS"]
