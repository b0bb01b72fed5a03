"""Writes for ratings: rate new results, replay after corrections, full recompute, fitting.

The package splits the work by stage; callers import from here:

* `pools`: which pool a game belongs to, and the engine a pool uses;
* `games`: reading a pool's rateable games in rating order;
* `history`: writing history rows (binary COPY on PostgreSQL);
* `rebuild`: a full rebuild into a fresh PostgreSQL partition, swapped in;
* `replay`: incremental updates and replays from a point;
* `recompute`: full recompute of every pool, and fitting.
"""

from rankings.ratings import canonical_kind
from rankings.services.ratings.games import Rated, pool_games, rateable
from rankings.services.ratings.pools import (
    DEFAULT_KIND,
    default_kind,
    ensure_pools,
    pool_for_game,
    variant_key,
)
from rankings.services.ratings.recompute import MIN_FIT_GAMES, ratings_fit, ratings_recompute
from rankings.services.ratings.replay import (
    ratings_update,
    ratings_update_for_game,
    ratings_update_for_games,
    replay_point,
)

__all__ = [
    "DEFAULT_KIND",
    "MIN_FIT_GAMES",
    "Rated",
    "canonical_kind",
    "default_kind",
    "ensure_pools",
    "pool_for_game",
    "pool_games",
    "ratings_fit",
    "ratings_recompute",
    "ratings_update",
    "ratings_update_for_game",
    "ratings_update_for_games",
    "rateable",
    "replay_point",
    "variant_key",
]
