"""Ribs: everything of the game in one folder.

The rules are told in full in docs/rules/ribs.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `model`: the quick model the bots play out
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot
* `sheet`: the scoresheet reader (a hand written as its summary line)

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.ribs.heuristic import RibsHeuristicBot
from games.ribs.rules import Ribs
from games.ribs.search import RibsSearchBot

RULES = (Ribs,)
BOTS = (RibsHeuristicBot, RibsSearchBot,)

__all__ = ["BOTS", "RULES", "Ribs"]
