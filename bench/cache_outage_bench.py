"""The site with its cache's Redis up, stopped and frozen: answers, 5xx and waits.

Asks the requests that answered 500 in issue 25 (a token read, a token result submission,
an unknown token, the anonymous record check, a wrong and a right password, five cached
public pages) through the whole middleware stack (Django's test client in this process),
with the production cache settings (`config.cache.redis_cache`) on a redis-server of its
own on a free port (the shared Redis on 6379 is never touched). Each phase repeats the
set `--rounds` times; a round of the frozen phase runs while Redis is SIGSTOPped.

    .venv/bin/python bench/cache_outage_bench.py --rounds 20

The database (--db-url, default a new SQLite file) is migrated first.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.own_redis import OwnRedis  # noqa: E402


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default=f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    p.add_argument("--rounds", type=int, default=20, help="request sets per phase")
    return p.parse_args()


ARGS = parse_args()
REDIS = OwnRedis()
os.environ.update({
    "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": ARGS.db_url,
    "REDIS_URL": REDIS.url, "ALLOWED_HOSTS": "testserver", "SECRET_KEY": secrets.token_hex(32),
    "SECURE_SSL_REDIRECT": "false", "SECURE_COOKIES": "false", "LOG_LEVEL": "ERROR",
})

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

PASSWORD = "a-long-enough-passphrase"


def make_site() -> dict:
    from tests.factories import (
        ClubFactory,
        MembershipFactory,
        PlayerFactory,
        SeasonFactory,
        UserFactory,
        api_token,
        seated_table,
    )

    club = ClubFactory(name="Bench club", slug="bench-club", is_public=True)
    players = [PlayerFactory(display_name=f"P{n}") for n in range(4)]
    for player in players:
        MembershipFactory(club=club, player=player)
    user = UserFactory(username="rae")
    user.set_password(PASSWORD)
    user.save()
    _, key = api_token(club)
    return {"club": club, "season": SeasonFactory(club=club), "players": players, "key": key,
            "seated_table": seated_table}


def request_set(client: Client, site: dict, seed: int) -> list[tuple[str, int, float]]:
    from tests.factories import played_record

    club, season = site["club"], site["season"]
    table = site["seated_table"](club, site["players"])
    token = {"HTTP_AUTHORIZATION": f"Token {site['key']}"}
    json = "application/json"
    asks = [
        ("token read", lambda: client.get("/api/v1/clubs/", **token)),
        ("token result", lambda: client.post(f"/api/v1/tables/{table.pk}/result/",
                                             played_record(seed=seed), content_type=json,
                                             **token)),
        ("unknown token", lambda: client.get("/api/v1/clubs/",
                                             HTTP_AUTHORIZATION="Token blk_nope")),
        ("record check", lambda: client.post("/api/v1/records/check/",
                                             played_record(seed=seed), content_type=json)),
        ("wrong password", lambda: client.post("/accounts/login/",
                                               {"username": "rae", "password": "not-it"})),
        ("club page", lambda: client.get(f"/clubs/{club.slug}/")),
        ("season page", lambda: client.get(f"/seasons/{season.pk}/")),
        ("standings page", lambda: client.get(f"/seasons/{season.pk}/standings/")),
        ("standings api", lambda: client.get(f"/api/v1/seasons/{season.pk}/standings/")),
        ("ratings page", lambda: client.get(f"/clubs/{club.slug}/ratings/")),
        ("login", lambda: client.post("/accounts/login/",
                                      {"username": "rae", "password": PASSWORD})),
    ]
    answers = []
    for what, ask in asks:
        start = time.perf_counter()
        status = ask().status_code
        answers.append((what, status, time.perf_counter() - start))
    client.logout()
    return answers


def phase(name: str, client: Client, site: dict, seed: int) -> tuple[dict, int]:
    answers = []
    for _ in range(ARGS.rounds):
        seed += 1
        answers += request_set(client, site, seed)
    times = sorted(t for _, _, t in answers)
    row = {"phase": name, "requests": len(answers),
           "5xx": sum(status >= 500 for _, status, _ in answers),
           "median ms": round(1000 * statistics.median(times), 1),
           "p95 ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
           "max ms": round(1000 * times[-1], 1),
           "over 500 ms": sum(t > 0.5 for t in times)}
    for what in dict.fromkeys(w for w, _, _ in answers):
        row[what] = round(1000 * statistics.median(t for w, _, t in answers if w == what))
    return row, seed


def main() -> None:
    REDIS.start()
    try:
        call_command("migrate", verbosity=0)
        site = make_site()
        client, seed, rows = Client(), 0, []
        row, seed = phase("Redis up", client, site, seed)
        rows.append(row)
        REDIS.stop()
        row, seed = phase("Redis stopped", client, site, seed)
        rows.append(row)
        REDIS.start()
        time.sleep(6)  # past the 5 s rest: the cache is asked again
        REDIS.freeze()
        row, seed = phase("Redis frozen", client, site, seed)
        rows.append(row)
        REDIS.thaw()
        time.sleep(6)
        row, seed = phase("Redis back", client, site, seed)
        rows.append(row)
    finally:
        REDIS.stop()
    columns = list(rows[0])[:7]
    print("| " + " | ".join(columns) + " |")
    print("|" + " --- |" * len(columns))
    for row in rows:
        print("| " + " | ".join(str(row[c]) for c in columns) + " |")
    kinds = list(rows[0])[7:]
    print("\nmedian ms per request\n\n| request | " + " | ".join(r["phase"] for r in rows) + " |")
    print("|" + " --- |" * (len(rows) + 1))
    for kind in kinds:
        print(f"| {kind} | " + " | ".join(str(r[kind]) for r in rows) + " |")


if __name__ == "__main__":
    main()
