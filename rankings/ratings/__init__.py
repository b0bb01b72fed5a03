"""Multiplayer rating engines for Bluke leagues (pure Python, no Django).

Typical use::

    rater = make_rater("plackett_luce")   # or "thurstone_mosteller", "whole_history", "elo"
    changes = rater.rate_game([[1], [2], [3], [4]], [1, 2, 2, 4])
    rater.rating(1), rater.conservative(1), rater.get(1)

See docs/ratings.md for the models and parameter choices.
"""

from .base import PlayerState, RatedGame, Rater, RatingChange, check_game
from .elo import EloRater
from .evaluation import Score, kendall_tau, score_rater
from .fitting import (
    DEFAULT_GRIDS,
    RaterFit,
    fit_parameters,
    fit_rater,
    recommended_kind,
    score_parameters,
)
from .inactivity import inflate_for_inactivity
from .plackett_luce import PlackettLuceRater
from .provisional import is_provisional
from .registry import RATERS, canonical_kind, make_rater
from .thurstone_mosteller import ThurstoneMostellerRater
from .whole_history import WholeHistoryRater

__all__ = [
    "DEFAULT_GRIDS",
    "RATERS",
    "EloRater",
    "RatedGame",
    "PlackettLuceRater",
    "PlayerState",
    "RaterFit",
    "Rater",
    "RatingChange",
    "Score",
    "ThurstoneMostellerRater",
    "WholeHistoryRater",
    "canonical_kind",
    "check_game",
    "fit_parameters",
    "fit_rater",
    "inflate_for_inactivity",
    "is_provisional",
    "kendall_tau",
    "make_rater",
    "recommended_kind",
    "score_parameters",
    "score_rater",
]
