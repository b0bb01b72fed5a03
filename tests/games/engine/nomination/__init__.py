"""Nomination: the example game of docs/adding-a-game.md, in the folder a new game gets
under games/ (here under tests/, since it is not a game the league offers).

* `rules`: the rules (in its docstring) and the game class

Registering it is one line in games/catalogue.py; its tests register it for themselves.
"""

from tests.games.engine.nomination.rules import Nomination

RULES = (Nomination,)
BOTS = ()  # the engine's random and search bots play it

__all__ = ["BOTS", "RULES", "Nomination"]
