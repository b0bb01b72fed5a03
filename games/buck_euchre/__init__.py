"""Buck Euchre: everything of the game in one folder.

The rules are told in full in docs/rules/buck-euchre.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.buck_euchre.heuristic import BuckEuchreHeuristicBot
from games.buck_euchre.rules import BuckEuchre
from games.buck_euchre.search import BuckEuchreSearchBot

RULES = (BuckEuchre,)
BOTS = (BuckEuchreHeuristicBot, BuckEuchreSearchBot,)

__all__ = ["BOTS", "RULES", "BuckEuchre"]
