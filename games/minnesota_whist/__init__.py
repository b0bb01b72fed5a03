"""Minnesota Whist: everything of the game in one folder.

The rules are told in full in docs/rules/minnesota-whist.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.minnesota_whist.heuristic import MinnesotaWhistHeuristicBot
from games.minnesota_whist.rules import MinnesotaWhist
from games.minnesota_whist.search import MinnesotaWhistSearchBot

RULES = (MinnesotaWhist,)
BOTS = (MinnesotaWhistHeuristicBot, MinnesotaWhistSearchBot,)

__all__ = ["BOTS", "RULES", "MinnesotaWhist"]
