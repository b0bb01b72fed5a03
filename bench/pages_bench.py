"""Public pages under load at a given club history, against the login page as the floor.

For each history size: builds a club of 40 players with that many weekly nights
(10 tables of 4, 4 rounds, 25 scoresheet hands a game) in a PostgreSQL database
of its own, brings standings, ratings and player statistics up to date with the
production services, serves it with gunicorn (2 workers, Redis cache), and
drives each page with an aiohttp load generator (the ``bench`` extra). Printed
per page: requests/s, p50 and p95 under load and their ratio to the floor's,
and the single-request time with an empty cache (the cost of a rebuild).

The history rows are bulk-inserted (bench only); everything derived from them
goes through the services the result follow-ups call.

    .venv/bin/python bench/pages_bench.py                     # 50 nights
    .venv/bin/python bench/pages_bench.py --nights 50 500     # the scaling line
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TABLE = 4
ROUNDS = 4
CARDS = list(range(13, 0, -1)) + list(range(2, 14))  # 25 hands: 13..1..13
NIGHTS_PER_SEASON = 50
BENCH_KEY = "pages-bench-only-" + "k" * 40  # a throwaway server on 127.0.0.1


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nights", type=int, nargs="+", default=[50])
    p.add_argument("--players", type=int, default=40)
    p.add_argument("--seconds", type=float, default=8.0, help="load per page")
    p.add_argument("--connections", type=int, default=8)
    p.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default="pages_bench")
    p.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/10")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


# --- database --------------------------------------------------------------------------------


def admin(server: str, statement: sql.Composable) -> None:
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(statement)


def fresh_database(server: str, name: str) -> None:
    admin(server, sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    admin(server, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def setup_django(url: str, redis: str) -> None:
    os.environ.update(DATABASE_URL=url, REDIS_URL=redis, CELERY_BROKER_URL=redis,
                      SECRET_KEY=BENCH_KEY)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


# --- history ---------------------------------------------------------------------------------


def bluke_score(bid: int, won: int) -> int:
    return 10 * bid + (won - bid) if won >= bid else -10 * bid


def split(rng: random.Random, cards: int) -> list[int]:
    """Tricks won per seat: ``cards`` tricks dealt out at random."""
    tricks = [0] * TABLE
    for _ in range(cards):
        tricks[rng.randrange(TABLE)] += 1
    return tricks


def game_hands(rng: random.Random) -> list[dict]:
    hands = []
    for cards in CARDS:
        tricks = split(rng, cards)
        bids = [max(0, t + rng.choice((-1, 0, 0, 0, 1))) for t in tricks]
        hands.append({"cards": cards, "trump": rng.choice("SHDC"), "bids": bids,
                      "tricks": tricks, "scores": [bluke_score(b, t) for b, t in zip(bids, tricks, strict=True)]})
    return hands


def ranks_from(totals: list[int]) -> list[int]:
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def build_history(nights: int, players: int, seed: int) -> dict:
    """Club, members, seasons and ``nights`` closed nights of bulk-inserted results."""
    from league.models import Club, Membership, Player, Season
    from tournaments.models import Event, Hand, Round, Seat, Table, TableResult

    rng = random.Random(seed)
    club = Club.objects.create(name="Bench Club", slug="bench-club", is_public=True)
    people = Player.objects.bulk_create(
        [Player(display_name=f"Player {i:02d}") for i in range(players)])
    Membership.objects.bulk_create([Membership(club=club, player=p) for p in people])
    start = datetime(2016, 1, 4, 19, tzinfo=UTC)
    seasons = Season.objects.bulk_create([
        Season(club=club, name=f"Year {i + 1}", game="bluke",
               starts_on=(start + timedelta(weeks=i * NIGHTS_PER_SEASON)).date())
        for i in range((nights + NIGHTS_PER_SEASON - 1) // NIGHTS_PER_SEASON)])
    for week in range(nights):
        when = start + timedelta(weeks=week)
        event = Event.objects.create(club=club, season=seasons[week // NIGHTS_PER_SEASON],
                                     name=f"Night {week + 1}", date=when.date(),
                                     status="closed", game="bluke")
        rounds = Round.objects.bulk_create(
            [Round(event=event, number=n + 1, published=True) for n in range(ROUNDS)])
        tables, seatings = [], []
        for rnd in rounds:
            order = rng.sample(people, len(people))
            for t in range(len(people) // TABLE):
                tables.append(Table(round=rnd, number=t + 1, game="bluke"))
                seatings.append((rnd.number, order[t * TABLE:(t + 1) * TABLE]))
        Table.objects.bulk_create(tables)
        seats, games, hands = [], [], []
        for table, (number, seated) in zip(tables, seatings, strict=True):
            seats += [Seat(table=table, position=i, player=p) for i, p in enumerate(seated)]
            rows = game_hands(rng)
            totals = [sum(h["scores"][i] for h in rows) for i in range(TABLE)]
            record = {"game": "bluke", "options": {"players": TABLE},
                      "seats": [p.display_name for p in seated], "hands": rows}
            digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
            games.append(TableResult(table=table, status="complete", source="import", record=record,
                              record_hash=digest, totals=totals, ranks=ranks_from(totals),
                              played_at=when + timedelta(minutes=45 * number)))
            hands.append(rows)
        Seat.objects.bulk_create(seats)
        TableResult.objects.bulk_create(games)
        Hand.objects.bulk_create([
            Hand(game=game, number=n + 1, dealer=n % TABLE, cards=h["cards"], trump=h["trump"],
                 bids=h["bids"], tricks=h["tricks"], scores=h["scores"])
            for game, rows in zip(games, hands, strict=True) for n, h in enumerate(rows)], batch_size=2000)
    return {"club": club, "seasons": seasons, "players": people}


def derive(built: dict) -> dict[str, float]:
    """Standings, ratings and player statistics by the services the follow-ups call."""
    from rankings.services.player_stats import player_stats_recompute
    from rankings.services.ratings import ratings_recompute
    from rankings.services.standings import standings_recompute

    seconds = {}
    started = time.perf_counter()
    for season in built["seasons"]:
        standings_recompute(season_id=season.pk)
    seconds["standings"] = time.perf_counter() - started
    started = time.perf_counter()
    ratings_recompute(club_id=built["club"].pk)
    seconds["ratings"] = time.perf_counter() - started
    started = time.perf_counter()
    player_stats_recompute(club_id=built["club"].pk)
    seconds["player statistics"] = time.perf_counter() - started
    return seconds


def page_urls(built: dict) -> dict[str, str]:
    from rankings.models import RatingPool
    from tournaments.models import Event

    club, season = built["club"], built["seasons"][-1]
    event = Event.objects.filter(club=club).order_by("-date").first()
    pool = RatingPool.objects.get(club=club)
    return {
        "floor: /accounts/login/": "/accounts/login/",
        "standings": f"/seasons/{season.pk}/standings/",
        "player": f"/players/{built['players'][len(built['players']) // 2].pk}/",
        "night": f"/events/{event.pk}/",
        "club": f"/clubs/{club.slug}/",
        "leaderboard": f"/ratings/{pool.pk}/",
        "club ratings": f"/clubs/{club.slug}/ratings/",
        "API standings": f"/api/v1/seasons/{season.pk}/standings/",
    }


# --- serving and load ------------------------------------------------------------------------


def start_gunicorn(args, url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": args.redis,
           "CELERY_BROKER_URL": args.redis, "DEBUG": "false", "SECRET_KEY": BENCH_KEY,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "false",
           "SECURE_COOKIES": "false", "SECURE_HSTS_SECONDS": "0",
           # whitenoise warns once per worker that collectstatic was not run: not measured here
           "PYTHONWARNINGS": "ignore::UserWarning"}
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "-w", str(args.workers),
         "-b", f"127.0.0.1:{args.port}", "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True)
    import urllib.request

    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{args.port}/accounts/login/", timeout=2)
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not answer within 20 s")


async def _drive(base: str, path: str, seconds: float, connections: int) -> list[float]:
    import aiohttp

    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=connections)
    async with aiohttp.ClientSession(base, connector=connector) as session:
        async def worker():
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                async with session.get(path) as response:
                    await response.read()
                    if response.status != 200:
                        raise SystemExit(f"{path}: HTTP {response.status}")
                latencies.append(time.perf_counter() - started)
        await asyncio.gather(*(worker() for _ in range(connections)))
    return latencies


def load(base: str, path: str, seconds: float, connections: int) -> dict[str, float]:
    asyncio.run(_drive(base, path, 1.0, connections))  # warm: workers, connections, cache
    latencies = sorted(asyncio.run(_drive(base, path, seconds, connections)))
    return {"rps": len(latencies) / seconds, "p50": latencies[len(latencies) // 2] * 1000,
            "p95": latencies[int(len(latencies) * 0.95)] * 1000}


def forget_pages(redis: str) -> None:
    """Drop the cached pages and versions only: the Redis database may also be a broker."""
    import redis as redis_client

    client = redis_client.Redis.from_url(redis)
    keys = list(client.scan_iter(match="*pages:*", count=1000))
    if keys:
        client.delete(*keys)


def cold_queries(path: str) -> int:
    """SQL statements of one request with an empty cache, counted in this process."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    forget_pages(os.environ["REDIS_URL"])
    with override_settings(ALLOWED_HOSTS=["*"], SECURE_SSL_REDIRECT=False):
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(path).status_code == 200, path
    return len(captured)


def cold_ms(base: str, path: str, redis: str, repeat: int = 5) -> float:
    """One request with an empty cache (what the first visitor after a result waits)."""
    import urllib.request

    times = []
    for _ in range(repeat):
        forget_pages(redis)
        started = time.perf_counter()
        urllib.request.urlopen(base + path, timeout=30).read()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


# --- one history size ------------------------------------------------------------------------


def run(args, nights: int) -> None:
    from django.core.management import call_command
    from django.db import connections

    name = f"{args.db}_{nights}"
    fresh_database(args.server, name)
    url = f"{args.server}/{name}"
    os.environ["DATABASE_URL"] = url
    connections["default"].settings_dict["NAME"] = name
    connections.close_all()
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    built = build_history(nights, args.players, args.seed)
    build_s = time.perf_counter() - started
    derived = derive(built)
    with connections["default"].cursor() as cursor:  # what autovacuum does on a live server
        cursor.execute("ANALYZE")
    from tournaments.models import Hand, TableResult

    print(f"\n## {nights} nights: {TableResult.objects.count():,} games, {Hand.objects.count():,} hands "
          f"(inserted in {build_s:.0f} s; "
          + ", ".join(f"{k} {v:.1f} s" for k, v in derived.items()) + ")")
    urls = page_urls(built)
    queries = {page: cold_queries(path) for page, path in urls.items()}
    connections.close_all()
    server = start_gunicorn(args, url)
    base = f"http://127.0.0.1:{args.port}"
    try:
        results = {page: {**load(base, path, args.seconds, args.connections),
                          "cold": cold_ms(base, path, args.redis)}
                   for page, path in urls.items()}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    floor = results["floor: /accounts/login/"]
    print("load average during the run (the machine is shared): "
          + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    print("| page | requests/s | p50 ms | p95 ms | p95 vs floor | one request, empty cache |"
          " its SQL queries |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for page, r in results.items():
        print(f"| {page} | {r['rps']:,.0f} | {r['p50']:.1f} | {r['p95']:.1f} | "
              f"{r['p95'] / floor['p95']:.2f}× | {r['cold']:.0f} ms | {queries[page]} |")
    admin(args.server, sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
        sql.Identifier(name)))


def main() -> None:
    args = parse_args()
    setup_django(f"{args.server}/{args.db}_{args.nights[0]}", args.redis)
    print(f"pages bench: {args.players} players, gunicorn -w {args.workers}, "
          f"{args.connections} connections, {args.seconds:g} s a page, Python "
          f"{sys.version.split()[0]}, {os.cpu_count()} cores")
    for nights in args.nights:
        run(args, nights)


if __name__ == "__main__":
    main()
