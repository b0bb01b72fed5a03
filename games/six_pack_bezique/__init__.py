"""Six-Pack Bezique: everything of the game in one folder.

The rules are told in full in docs/rules/six-pack-bezique.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `lays`: laying and restoring melds
* `melds`: the melds and their scores
* `play`: the play phases
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot
* `sheet`: the scoresheet reader (a hand written as its summary line)
* `turn`: one player's turn

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.six_pack_bezique.heuristic import SixPackBeziqueHeuristicBot
from games.six_pack_bezique.rules import SixPackBezique
from games.six_pack_bezique.search import SixPackBeziqueSearchBot

RULES = (SixPackBezique,)
BOTS = (SixPackBeziqueHeuristicBot, SixPackBeziqueSearchBot,)

__all__ = ["BOTS", "RULES", "SixPackBezique"]
