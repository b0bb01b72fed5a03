"""Pure-Python rules core for Bluke and its family (no Django here).

    from games import rules
    game = rules.load("bluke", players=4)
    state = game.new_match(seed=7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    report = rules.check_record(state.to_record(["Ann", "Bob", "Cy", "Di"]))

Actions are ints (see `actions`); cards are ints (see `cards`).
"""

from __future__ import annotations

from ..engine.errors import IllegalAction, RulesError, RuleViolation
from ..engine.game import EngineGame
from .actions import BOARD, PASS, action_to_string, bid_action, string_to_action
from .back_alley import BackAlley
from .back_alley_individual import BackAlleyIndividual
from .bluke import Bluke
from .buck_euchre import BuckEuchre
from .california_jack import CaliforniaJack
from .calypso import Calypso
from .cards import card_code, parse_card
from .couillon import Couillon
from .game import GameRules
from .joker import GeorgianJoker
from .mighty import Mighty
from .minnesota_whist import MinnesotaWhist
from .pitch import Pitch
from .records import CheckReport, RecordError, check_record
from .ribs import Ribs
from .schema import record_schema
from .six_pack_bezique import SixPackBezique
from .state import State
from .twenty_nine import TwentyNine

# The configured rules of any registered game: the Bluke family's table-driven
# `GameRules` or a game written on the engine (`EngineGame`).
Rules = GameRules | EngineGame

GAMES: dict[str, type] = {
    cls.name: cls for cls in (Bluke, BackAlley, BackAlleyIndividual, GeorgianJoker, Couillon,
                          Calypso, TwentyNine, BuckEuchre, Pitch, Mighty, Ribs, SixPackBezique,
                          CaliforniaJack, MinnesotaWhist)
}


def is_engine_game(game) -> bool:
    """Whether `game` (a game class or a configured game) runs on the engine's own State
    and record shape (a summary per hand, a generated scoresheet); the Bluke family runs
    the engine's phases on its own table-driven `GameRules` and keeps its flat record."""
    return issubclass(game if isinstance(game, type) else type(game), EngineGame)


def register(cls) -> type:
    """Add a game class to the registry (engine games: one line per module)."""
    GAMES[cls.name] = cls
    return cls


def load(name: str, players: int | None = None, **options) -> Rules:
    """A configured game; raises RulesError for an unknown game or a bad option."""
    cls = GAMES.get(name)
    if cls is None:
        raise RulesError(f"unknown game {name!r} (games: {', '.join(sorted(GAMES))})")
    return cls(players, **options)


def games() -> list[dict]:
    """Description of every game: name, title, players, options, record JSON Schema."""
    return [
        {
            "name": cls.name,
            "title": cls.title,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "partnership": cls.partnership,
            "options": [option.to_dict() for option in cls.declared_options()],
            "record_schema": record_schema(cls.name),
        }
        for cls in GAMES.values()
    ]


__all__ = [
    "BOARD", "PASS", "CheckReport", "GameRules", "IllegalAction", "RecordError", "RuleViolation",
    "Rules", "RulesError", "State", "action_to_string", "bid_action", "card_code", "check_record",
    "games", "load", "parse_card", "record_schema", "register", "string_to_action",
]
