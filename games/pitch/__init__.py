"""Pitch: everything of the game in one folder.

The rules are told in full in docs/rules/pitch.md (every decision, with its sources
named) and in the docstring of `rules`.

* `heuristic`: the heuristic bot
* `random_bot`: the random bot that passes whenever it may
* `rules`: the rules (in its docstring) and the game class
* `search`: the search bot
* `sheet`: the scoresheet reader (a hand written as its summary line)

The catalogue (`games.catalogue`) reads `RULES` and `BOTS` from here.
"""

from games.pitch.heuristic import PitchHeuristicBot
from games.pitch.random_bot import PitchRandomBot
from games.pitch.rules import Pitch
from games.pitch.search import PitchSearchBot

RULES = (Pitch,)
BOTS = (PitchRandomBot, PitchHeuristicBot, PitchSearchBot,)

__all__ = ["BOTS", "RULES", "Pitch"]
