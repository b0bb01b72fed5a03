"""Rating pools: which pool a game belongs to, and the engine each pool uses."""

from __future__ import annotations

import json

from django.db import connection, transaction

from games import rules
from rankings.models import FederationNight, RatingPool
from rankings.ratings import Rater, make_rater
from rankings.selectors_stats import complete_games
from tournaments.models import TableResult

# Ahead of TrueSkill in every league of bench/ratings_bench.py, partnerships
# included, at over 5x openskill's batch speed (docs/ratings.md, "Whole history").
DEFAULT_KIND = "whole_history"
# Partnership games too: the whole-history rater also beat TrueSkill there, where
# Thurstone-Mosteller (the kind before) only tied it.
PARTNERSHIP_KIND = DEFAULT_KIND


def default_kind(game_name: str) -> str:
    """The engine a new pool starts with, by the shape of the game's tables."""
    game = rules.GAMES.get(game_name)
    return PARTNERSHIP_KIND if game is not None and game.partnership else DEFAULT_KIND


def variant_key(options: dict | None) -> str:
    """The options signature of a rating pool: canonical JSON without the player count."""
    clean = {k: v for k, v in (options or {}).items() if k != "players"}
    return json.dumps(clean, sort_keys=True, separators=(",", ":"))


def pool_for_game(game: TableResult) -> RatingPool:
    table = game.table
    pool, _ = RatingPool.objects.get_or_create(
        club_id=table.round.event.club_id, game=table.game, variant=variant_key(table.options),
        defaults={"kind": default_kind(table.game)},
    )
    return pool


def federation_pools_for_game(game: TableResult) -> list[RatingPool]:
    """The pools of every federation that counts the game's night (created on demand)."""
    table = game.table
    federations = FederationNight.objects.filter(event_id=table.round.event_id).values_list(
        "federation_id", flat=True)
    return [RatingPool.objects.get_or_create(
        federation_id=federation, game=table.game, variant=variant_key(table.options),
        defaults={"kind": default_kind(table.game)})[0] for federation in sorted(federations)]


def ensure_federation_pools(*, federation_id: int | None = None) -> list[RatingPool]:
    """Pools for every federation/game/variant its counted nights hold (created on demand)."""
    games = complete_games().filter(table__round__event__federation_counts__isnull=False)
    if federation_id is not None:
        games = games.filter(table__round__event__federation_counts__federation_id=federation_id)
    distinct = games.order_by().values_list(
        "table__round__event__federation_counts__federation_id", "table__game",
        "table__options").distinct()
    keys = {(federation, name, variant_key(options)) for federation, name, options in distinct}
    for federation, name, variant in sorted(keys):
        RatingPool.objects.get_or_create(federation_id=federation, game=name, variant=variant,
                                         defaults={"kind": default_kind(name)})
    pools = RatingPool.objects.filter(federation__isnull=False)
    return list(pools.filter(federation_id=federation_id) if federation_id else pools)


def pool_rater(pool: RatingPool) -> Rater:
    """A fresh engine configured as the pool says."""
    return make_rater(pool.kind, **(pool.params or {}))


def ensure_pools(*, club_id: int | None = None) -> list[RatingPool]:
    """Pools for every club/game/variant that has complete games (created on demand)."""
    games = complete_games()
    if club_id is not None:
        games = games.filter(table__round__event__club_id=club_id)
    keys = set()
    # DISTINCT in SQL: a million games have a handful of (club, game, options).
    distinct = games.order_by().values_list(
        "table__round__event__club_id", "table__game", "table__options").distinct()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # JIT compiling this one scan cost more than it saved (0.86 s -> 0.43 s
            # for 200,000 games).
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL jit = off")
        for club, name, options in distinct:
            keys.add((club, name, variant_key(options)))
    for club, name, variant in sorted(keys):
        RatingPool.objects.get_or_create(
            club_id=club, game=name, variant=variant, defaults={"kind": default_kind(name)})
    if club_id is None:
        ensure_federation_pools()
    pools = RatingPool.objects.all()
    return list(pools.filter(club_id=club_id) if club_id is not None else pools)
