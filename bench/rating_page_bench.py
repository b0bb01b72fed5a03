"""A player's page in a rating pool: how long the peaks take at a pool's size.

Adds a club "rating-page-bench" with a synthetic pool (four-player games, random rating
steps: `peak()` reads only the history) to the database of DATABASE_URL unless it is there,
then times `peak()` and `nights()` for one player, three times each.

    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \\
        .venv/bin/python bench/rating_page_bench.py --games 50000
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SLUG = "rating-page-bench"


def build(games: int, players: int):
    from league.models import Club, Player
    from rankings.models import RatingHistory, RatingPool

    club = Club.objects.create(name="Rating page bench", slug=SLUG)
    pool = RatingPool.objects.create(club=club, game="bluke")
    ids = [p.pk for p in Player.objects.bulk_create(
        Player(display_name=f"Bench player {n}") for n in range(players))]
    rng, mu = random.Random(1), dict.fromkeys(ids, 25.0)
    start, rows = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC), []
    for game in range(games):
        for player in rng.sample(ids, 4):
            before = mu[player]
            mu[player] += rng.gauss(0, 1)
            rows.append(RatingHistory(
                pool=pool, player_id=player, game=None, game_order=game, record_hash="-",
                played_at=start + datetime.timedelta(minutes=game), mu_before=before,
                sigma_before=1.0, games_before=0, mu_after=mu[player], sigma_after=1.0,
                games_after=1))
        if len(rows) >= 20_000:
            RatingHistory.objects.bulk_create(rows)
            rows = []
    RatingHistory.objects.bulk_create(rows)
    return pool


def timed(label: str, call) -> None:
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    print(f"{label}: " + ", ".join(f"{run:.2f} s" for run in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--players", type=int, default=500)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from league.models import Player
    from rankings.models import RatingHistory, RatingPool
    from rankings.selectors_rating_page import nights, peak

    call_command("migrate", verbosity=0)
    pool = RatingPool.objects.filter(club__slug=SLUG).first() or build(args.games, args.players)
    me = Player.objects.get(pk=RatingHistory.objects.filter(pool=pool).values_list(
        "player_id", flat=True).first())
    rows = RatingHistory.objects.filter(pool=pool).count()
    print(f"database: {connection.vendor}; pool: {rows} history rows "
          f"({rows // 4} four-player games)")
    timed("peak()", lambda: peak(pool, me))
    timed("nights() (games without results: the reads only)", lambda: nights(pool, me))


if __name__ == "__main__":
    main()
