"""The three games of the Bluke family, by name: they share the table-driven core of
this package (`game`, `state`, `table_phases`) and its flat record shape."""

from __future__ import annotations

from games.bluke.back_alley import BackAlley
from games.bluke.back_alley_individual import BackAlleyIndividual
from games.bluke.bluke import Bluke
from games.bluke.game import GameRules
from games.engine.errors import RulesError

FAMILY: dict[str, type[GameRules]] = {
    cls.name: cls for cls in (Bluke, BackAlley, BackAlleyIndividual)}


def load(name: str, players: int | None = None, **options) -> GameRules:
    """A configured game of the family (RulesError for any other name or a bad option)."""
    cls = FAMILY.get(name)
    if cls is None:
        raise RulesError(f"{name!r} is not a game of the Bluke family ({', '.join(FAMILY)})")
    return cls(players, **options)
