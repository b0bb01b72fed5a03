"""Standings and statistics computed from results (pure Python, no database).

`rankings.services.standings` and `rankings.selectors_stats` load games from the
database into `GameResult` values and call these functions.
"""

from league.standings_config import (
    DEFAULT_CONFIG,
    StandingsConfig,
    StandingsConfigError,
    game_config,
    parse_config,
)
from rankings.standings.compute import Line, compute_standings, rank_lines
from rankings.standings.results import GameResult, Side
from rankings.standings.schemes import beaten_points, game_points, placement_points
from rankings.standings.statistics import HandStats, bluke_cards, contracts, head_to_head

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
