"""Calypso: everything of the game in one folder.

The rules are told in full in docs/rules/calypso.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.calypso.heuristic import CalypsoHeuristicBot
from games.calypso.rules import Calypso
from games.calypso.search import CalypsoSearchBot

RULES = (Calypso,)
BOTS = (CalypsoHeuristicBot, CalypsoSearchBot,)

__all__ = ["BOTS", "RULES", "Calypso"]
