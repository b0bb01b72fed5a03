"""Rankings data: stored standings, ratings and per-player statistics, all rebuilt from results.

The tables keep the names they had in the league app (`db_table`): the models moved,
the data did not (see migrations/0001_initial.py).
"""

from rankings.models.federations import FederationNight
from rankings.models.imports import ClubImport, ImportState
from rankings.models.player_stats import HeadToHead, PlayerGameStat, PlayerStats
from rankings.models.ratings import PlayerRating, RatingHistory, RatingPool
from rankings.models.reviews import (
    BoardPar,
    NightReview,
    ReviewedDecision,
    ReviewedGame,
    ReviewStatus,
)
from rankings.models.standings import StandingRow

__all__ = [
    "BoardPar",
    "ClubImport",
    "FederationNight",
    "HeadToHead",
    "ImportState",
    "NightReview",
    "PlayerGameStat",
    "PlayerRating",
    "PlayerStats",
    "RatingHistory",
    "RatingPool",
    "ReviewStatus",
    "ReviewedDecision",
    "ReviewedGame",
    "StandingRow",
]
