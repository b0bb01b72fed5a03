"""A federation's pool against its club's own pool, from PostgreSQL: the cost of the
federation's source (the counted nights' join, each player as their person).

Builds the synthetic club history of `bench/recompute_bench.py` in a database of its
own (created, migrated and dropped here), closes every night, puts the club in a
federation, links a tenth of the players to rows in a second club, and times:
the club pool's full recompute, the federation's first sync (counting every night and
rating them), a from-scratch federation recompute, and the replay after one correction
in the middle of the history: the club pool's replay, the federation pool's rebuild (what a
correction does there; player statistics, which follow every result, are left out) and, for comparison, the federation pool replayed instead. It
checks that the replay leaves the federation pool equal to a from-scratch recompute.

    .venv/bin/python bench/federation_bench.py                  # 20,000 games
    .venv/bin/python bench/federation_bench.py --games 50000
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import recompute_bench as base  # noqa: E402  (the history builder)

PROFILE = "--profile" in sys.argv


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=20_000)
    p.add_argument("--players", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default="federation_bench")
    p.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    p.add_argument("--profile", action="store_true",
                   help="print a cProfile top 30 of the correction's federation step")
    return p.parse_args()


def defaults_for_new_columns() -> None:
    """Columns added after the history builder was written (a table's `online`, …) get a
    column default in this throwaway database, so its COPY can leave them out."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_name LIKE 'tournaments_%%' AND is_nullable = 'NO' "
            "AND column_default IS NULL AND column_name <> 'id'")
        for table, column, kind in cursor.fetchall():
            value = {"boolean": "false", "integer": "0", "smallint": "0", "bigint": "0",
                     "text": "''", "character varying": "''", "jsonb": "'{}'"}.get(kind)
            if value is not None:
                cursor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" '
                               f"SET DEFAULT {value}")


def timed(label: str, call):
    t0 = time.perf_counter()
    result = call()
    print(f"  {label:<44} {time.perf_counter() - t0:7.2f} s")
    return result


def federate(club_id: int) -> int:
    """Close every night, make a federation of the club, link a tenth of the players."""
    from league.models import (
        Club,
        Federation,
        FederationClub,
        FederationState,
        Membership,
        Player,
        PlayerLink,
    )
    from tournaments.models import Event, EventStatus

    Event.objects.filter(club_id=club_id).update(status=EventStatus.CLOSED)
    federation = Federation.objects.create(name="Bench federation", slug="bench")
    now = datetime.now(UTC)
    FederationClub.objects.create(federation=federation, club_id=club_id, game="bluke",
                                  state=FederationState.MEMBER, requested_at=now,
                                  joined_at=now)
    other = Club.objects.create(name="Other club", slug="other-club")
    people = list(Player.objects.filter(memberships__club_id=club_id).order_by("pk")[::10])
    rows = Player.objects.bulk_create([Player(display_name=f"{p} (other)") for p in people])
    Membership.objects.bulk_create([Membership(club=other, player=row) for row in rows])
    # The bench's own shortcut: a person links their rows through the claim flow.
    PlayerLink.objects.bulk_create([PlayerLink(player=p, person=row)
                                    for p, row in zip(people, rows, strict=True)])
    return federation.pk


def state(pool_id: int):
    from rankings.models import PlayerRating

    return sorted(PlayerRating.objects.filter(pool_id=pool_id).values_list(
        "player_id", "mu", "sigma", "games"))


def run(club_id: int, games: int) -> None:
    from rankings.models import RatingPool
    from rankings.services.federations import federation_recompute, federation_sync
    from rankings.services.ratings import ensure_pools, ratings_update, ratings_update_for_game
    from tests.league.played_games import correct_game
    from tournaments.models import TableResult

    (club_pool,) = ensure_pools(club_id=club_id)
    federation_id = federate(club_id)
    later = datetime(2100, 1, 1, tzinfo=UTC)  # every night's window has passed
    print(f"load average before: {base.load_average()}")
    timed("club pool, full recompute", lambda: ratings_update(pool_id=club_pool.pk, full=True))
    report = timed("federation, first sync (count nights, rate)",
                   lambda: federation_sync(federation_id=federation_id, now=later))
    assert report.rated == games, report
    timed("federation, recompute from scratch",
          lambda: federation_recompute(federation_id=federation_id))
    pool = RatingPool.objects.get(federation_id=federation_id)
    game = TableResult.objects.order_by("played_at", "pk")[games // 2]
    correct_game(game, totals=list(reversed(game.totals)))
    timed("a correction mid-history: club pool replay",
          lambda: ratings_update(pool_id=club_pool.pk, game_id=game.pk))
    # Player statistics follow every result in ratings_update_for_game; their first build
    # is not the federation's cost (134 s for these 5,000 games, profiled), so it is left out.
    import rankings.services.ratings.replay as replay

    replay._player_stats_follow = lambda game_id: None
    if PROFILE:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
    timed("  then the federation pool (rebuilt, as served)",
          lambda: ratings_update_for_game(game_id=game.pk))
    if PROFILE:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    rebuilt = state(pool.pk)
    other = TableResult.objects.order_by("played_at", "pk")[games // 2 + 1]
    correct_game(other, totals=list(reversed(other.totals)))
    timed("another: federation pool replayed instead",
          lambda: ratings_update(pool_id=pool.pk, game_id=other.pk))
    ratings_update_for_game(game_id=other.pk)
    replayed = state(pool.pk)
    assert rebuilt != replayed  # the second correction moved the ratings
    federation_recompute(federation_id=federation_id)
    assert replayed == state(pool.pk), "the replay differs from a from-scratch recompute"
    print("the replay after the correction equals a from-scratch recompute")
    print(f"load average after:  {base.load_average()}")


def main() -> None:
    args = parse_args()
    print(f"games={args.games:,} players={args.players} db={args.db} "
          f"CPython {platform.python_version()} cores={os.cpu_count()}")
    base.create_database(args.server, args.db)
    base.setup_django(args.server, args.db)
    from django.core.management import call_command

    try:
        call_command("migrate", verbosity=0)
        defaults_for_new_columns()
        club_id = base.build_history(args.games, args.players, args.seed)
        run(club_id, args.games)
    finally:
        base.drop_database(args.server, args.db)
        print(f"dropped database {args.db}")


if __name__ == "__main__":
    main()
