"""Couillon: everything of the game in one folder.

The rules are told in full in docs/rules/couillon.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.couillon.heuristic import CouillonHeuristicBot
from games.couillon.rules import Couillon
from games.couillon.search import CouillonSearchBot

RULES = (Couillon,)
BOTS = (CouillonHeuristicBot, CouillonSearchBot,)

__all__ = ["BOTS", "RULES", "Couillon"]
