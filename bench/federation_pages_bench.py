"""A federation's pages and API at scale, from PostgreSQL: the federation page (its clubs
and pools with their game counts), a pool's leaderboard page, a person's page in the pool,
and the API's leaderboard and rating history.

Builds the synthetic history of `bench/federation_bench.py` (one club's 500 players and
its games, every night closed, the club in a federation, a tenth of the players linked to
rows in a second club), syncs the federation, then times each page through Django's test
client: the first request, then the median of 5 more (served from the page cache where
the page has one), with the queries the last one ran.

    .venv/bin/python bench/federation_pages_bench.py                  # 20,000 games
    .venv/bin/python bench/federation_pages_bench.py --games 5000
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import federation_bench as fed  # noqa: E402  (the federation builder)
import recompute_bench as base  # noqa: E402  (the history builder)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=20_000)
    p.add_argument("--players", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default="federation_pages_bench")
    p.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    return p.parse_args()


def measure(client, label: str, url: str) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t0 = time.perf_counter()
    assert client.get(url).status_code == 200, url  # the first request (fills a cache)
    first = time.perf_counter() - t0
    times = []
    for _ in range(5):
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - t0)
        assert response.status_code == 200, (url, response.status_code)
    print(f"  {label:<34} first {first * 1000:6.0f} ms, then {statistics.median(times) * 1000:6.0f} ms"
          f"  {len(queries.captured_queries):3d} queries")


def run(club_id: int) -> None:
    from django.test import Client

    from rankings.models import PlayerRating, RatingPool
    from rankings.services.federations import federation_sync

    federation_id = fed.federate(club_id)
    later = datetime(2100, 1, 1, tzinfo=UTC)
    fed.timed("federation, first sync", lambda: federation_sync(federation_id=federation_id,
                                                                now=later))
    pool = RatingPool.objects.get(federation_id=federation_id)
    player = PlayerRating.objects.filter(pool=pool).order_by("-mu").values_list(
        "player_id", flat=True)[10]
    client = Client(HTTP_HOST="localhost")
    print(f"load average before: {base.load_average()}")
    measure(client, "federation page", "/federations/bench/")
    measure(client, "pool leaderboard page", f"/federations/bench/ratings/{pool.pk}/")
    measure(client, "person's page in the pool",
            f"/federations/bench/ratings/{pool.pk}/players/{player}/")
    measure(client, "API: federation", "/api/v1/federations/bench/")
    measure(client, "API: pool leaderboard", f"/api/v1/federations/bench/pools/{pool.pk}/")
    measure(client, "API: person's standing", f"/api/v1/players/{player}/ratings/{pool.pk}/")
    measure(client, "API: person's history, page 1",
            f"/api/v1/players/{player}/ratings/{pool.pk}/history/")
    print(f"load average after:  {base.load_average()}")


def main() -> None:
    args = parse_args()
    print(f"games={args.games:,} players={args.players} db={args.db} "
          f"CPython {platform.python_version()} cores={os.cpu_count()}")
    base.create_database(args.server, args.db)
    base.setup_django(args.server, args.db)
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["localhost"]
    settings.SECURE_SSL_REDIRECT = False  # the test client speaks plain HTTP
    try:
        call_command("migrate", verbosity=0)
        fed.defaults_for_new_columns()
        club_id = base.build_history(args.games, args.players, args.seed)
        run(club_id)
    finally:
        base.drop_database(args.server, args.db)
        print(f"dropped database {args.db}")


if __name__ == "__main__":
    main()
