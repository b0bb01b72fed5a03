"""Mighty: everything of the game in one folder.

The rules are told in full in docs/rules/mighty.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `phases`: the game's own phases
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.mighty.heuristic import MightyHeuristicBot
from games.mighty.rules import Mighty
from games.mighty.search import MightySearchBot

RULES = (Mighty,)
BOTS = (MightyHeuristicBot, MightySearchBot,)

__all__ = ["BOTS", "RULES", "Mighty"]
