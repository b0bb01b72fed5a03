"""The rules engine: what every game module is written with (no Django here).

A game is one module: a subclass of `EngineGame` that declares its pack, areas,
options and ranking, and builds its action vocabulary, the phases of a hand and
its end condition. Every game then has the same `State` API (see `state`).
docs/adding-a-game.md walks through a complete module.
"""

from __future__ import annotations

from games.engine.areas import (
    ALL,
    DISCARDS,
    HAND,
    NOBODY,
    OWNER,
    STOCK,
    TRICK,
    TURNED,
    WON,
    Area,
    Table,
)
from games.engine.ending import (
    HIGHER_WINS,
    LOWER_WINS,
    FixedSchedule,
    HandsWon,
    Ranking,
    SetNumberOfHands,
    TargetScore,
    VictoryPoints,
)
from games.engine.errors import IllegalAction, RulesError, RuleViolation
from games.engine.game import EngineGame
from games.engine.options import Option
from games.engine.pack import JOKER, Pack
from games.engine.phases import Auction, BidRound, Choice, Exchange, Phase, TrickPlay, next_bidder
from games.engine.state import CHANCE, OVER, State
from games.engine.tricks import (
    FOLLOW_OR_TRUMP_ANY_TIME,
    FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    NO_OBLIGATION,
    WILD,
    FollowRule,
    by_seat_trump,
    by_table_trump,
)
from games.engine.vocabulary import Vocabulary

__all__ = [
    "ALL", "CHANCE", "DISCARDS", "FOLLOW_OR_TRUMP_ANY_TIME", "FOLLOW_SUIT", "HAND", "HIGHER_WINS",
    "JOKER", "LOWER_WINS", "MUST_OVERTRUMP", "MUST_TRUMP", "NOBODY", "NO_OBLIGATION",
    "OVER", "OWNER", "STOCK", "TRICK", "TURNED", "WILD", "WON", "Area", "Auction",
    "BidRound", "Choice", "EngineGame", "Exchange", "FixedSchedule", "FollowRule", "HandsWon",
    "IllegalAction", "Option", "Pack", "Phase", "Ranking", "RuleViolation", "RulesError",
    "SetNumberOfHands", "State", "Table", "TargetScore", "TrickPlay", "VictoryPoints",
    "Vocabulary", "by_seat_trump", "by_table_trump", "next_bidder",
]
