"""California Jack: everything of the game in one folder.

The rules are told in full in docs/rules/california-jack.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.california_jack.heuristic import CaliforniaJackHeuristicBot
from games.california_jack.rules import CaliforniaJack
from games.california_jack.search import CaliforniaJackSearchBot

RULES = (CaliforniaJack,)
BOTS = (CaliforniaJackHeuristicBot, CaliforniaJackSearchBot,)

__all__ = ["BOTS", "RULES", "CaliforniaJack"]
