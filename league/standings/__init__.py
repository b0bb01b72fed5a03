"""Standings and statistics computed from results (pure Python, no database).

`league.services.standings` and `league.selectors_stats` load games from the
database into `GameResult` values and call these functions.
"""

from league.standings.compute import Line, compute_standings, rank_lines
from league.standings.config import (
    DEFAULT_CONFIG,
    StandingsConfig,
    StandingsConfigError,
    game_config,
    parse_config,
)
from league.standings.results import GameResult, Side
from league.standings.schemes import beaten_points, game_points, placement_points
from league.standings.statistics import HandStats, bluke_cards, contracts, head_to_head

__all__ = [
    "DEFAULT_CONFIG",
    "GameResult",
    "HandStats",
    "Line",
    "Side",
    "StandingsConfig",
    "StandingsConfigError",
    "beaten_points",
    "bluke_cards",
    "compute_standings",
    "contracts",
    "game_config",
    "game_points",
    "head_to_head",
    "parse_config",
    "placement_points",
    "rank_lines",
]
