"""Twenty-Nine: everything of the game in one folder.

The rules are told in full in docs/rules/twenty-nine.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot
* `sheet`: the scoresheet reader (a hand written as its summary line)

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.twenty_nine.heuristic import TwentyNineHeuristicBot
from games.twenty_nine.rules import TwentyNine
from games.twenty_nine.search import TwentyNineSearchBot

RULES = (TwentyNine,)
BOTS = (TwentyNineHeuristicBot, TwentyNineSearchBot,)

__all__ = ["BOTS", "RULES", "TwentyNine"]
