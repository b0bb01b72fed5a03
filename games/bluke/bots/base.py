"""What the Bluke family's bots share: a game of the family and the seat's `View` of it."""

from __future__ import annotations

from games.bluke.bots.view import View, load_game
from games.bluke.family import FAMILY
from games.engine.bots import Bot


class BlukeFamilyBot(Bot):
    """A bot for the Bluke family only: it reasons on the family's table-driven core."""

    plays = tuple(FAMILY)

    def game_for(self, observation: dict):
        if self.game is not None:
            return self.game
        options = dict(observation.get("options") or {})
        options["players"] = observation["players"]
        return load_game(observation["game"], options)

    def view(self, observation: dict) -> View:
        return View.from_observation(self.game_for(observation), observation)
