"""Pure-Python rules core for Bluke and its family (no Django here).

    from games import rules
    game = rules.load("bluke", players=4)
    state = game.new_match(seed=7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    report = rules.check_record(state.to_record(["Ann", "Bob", "Cy", "Di"]))

The games come from `games.catalogue`. The Bluke family's actions and cards are ints
(`games.bluke.actions`, `games.bluke.cards`); the names re-exported here are theirs.
"""

from __future__ import annotations

from functools import lru_cache

from games import catalogue
from games.bluke.actions import BOARD, PASS, action_to_string, bid_action, string_to_action
from games.bluke.cards import card_code, parse_card
from games.bluke.game import GameRules
from games.bluke.state import State
from games.engine import bots as _bots
from games.engine.errors import IllegalAction, RulesError, RuleViolation
from games.engine.game import EngineGame
from games.engine.options import clean_options
from games.engine.text import N_, Card, Text
from games.rules.records import CheckReport, RecordError, check_record
from games.rules.schema import record_schema

# The configured rules of any registered game: the Bluke family's table-driven
# `GameRules` or a game written on the engine (`EngineGame`).
Rules = GameRules | EngineGame

GAMES: dict[str, type] = {cls.name: cls for cls in catalogue.rules_classes()}


def writes_summaries(game) -> bool:
    """Whether a record of `game` (a game class or a configured game) writes each hand as
    its scoresheet line (`record_shape` "summary": a generated scoresheet) rather than
    the Bluke family's flat columns."""
    return game.record_shape == "summary"


def register(cls) -> type:
    """Add a game class to the registry for a while (tests register example games; a game
    the league offers is a package listed in `games.catalogue`)."""
    GAMES[cls.name] = cls
    return cls


def _unknown_game(name) -> RulesError:
    return RulesError(Text(N_("unknown game %(name)s (games: %(games)s)"), name=repr(name),
                           games=", ".join(sorted(GAMES))))


def load(name: str, players: int | None = None, **options) -> Rules:
    """A configured game; raises RulesError for an unknown game or a bad option."""
    cls = GAMES.get(name)
    if cls is None:
        raise _unknown_game(name)
    return cls(players, **options)


def options_of(name: str, **options) -> dict:
    """The options `load(name, **options)` would configure, normalized (defaults filled
    in), without building the game; raises RulesError like `load` for an unknown game or
    a bad option (a game may still refuse a combination when it is built)."""
    cls = GAMES.get(name)
    if cls is None:
        raise _unknown_game(name)
    return clean_options(cls.declared_options(), options, cls.name)


def deal_boards(name: str, players: int | None, seed, count: int, **options) -> list[dict]:
    """`count` boards of a game, dealt from `seed`: board i is the written deal of hand
    i (the record's `deal`, with its `dealer`, its `cards` per player when the game has
    a schedule, and any chance the deal decides), so that every table can play the same
    cards (`game.new_match(boards=...)`, `check_record(record, boards=...)`). The same
    seed gives the same boards. Each game deals them its own way (games.engine.boards);
    raises RulesError for an unknown game, a bad option, seed or count."""
    from games.engine.boards import check_count

    if seed is None or isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"the seed must be a whole number or a text (not {seed!r})")
    game = load(name, players=players, **options)
    check_count(game, count)
    return [game.board(seed, index) for index in range(count)]


@lru_cache(maxsize=64)
def _load_cached(name: str, options: tuple) -> Rules:
    return load(name, **dict(options))


# A bot made without its game loads it from the observation through this.
_bots.load_rules = lambda name, options: _load_cached(name, tuple(sorted(options.items())))


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
    "BOARD", "PASS", "Card", "CheckReport", "GameRules", "IllegalAction", "RecordError", "RuleViolation",
    "Rules", "RulesError", "State", "action_to_string", "bid_action", "card_code", "check_record",
    "deal_boards", "games", "load", "options_of", "parse_card", "record_schema", "register",
    "string_to_action", "Text", "writes_summaries",
]
