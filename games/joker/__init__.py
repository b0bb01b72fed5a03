"""Georgian Joker: everything of the game in one folder.

The rules are told in full in docs/rules/joker.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.joker.heuristic import JokerHeuristicBot
from games.joker.rules import GeorgianJoker

RULES = (GeorgianJoker,)
BOTS = (JokerHeuristicBot,)

__all__ = ["BOTS", "RULES", "GeorgianJoker"]
