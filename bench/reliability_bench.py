"""Fault runs for results' follow-ups: broker stopped, worker killed, database connections cut.

Each run submits results through the real API stack (Django's test client in this process,
with an API token and Idempotency-Key, retrying as a client would), against PostgreSQL and
a Redis broker of its own on --redis-port (started and stopped here; the shared Redis on
6379 is never touched), with a real Celery worker and Celery beat as subprocesses. It
injects one fault, then measures the time until every owed recompute is drained, and
checks that nothing was lost: every table has its one result, and the stored standings
and ratings equal a from-scratch recompute.

    .venv/bin/python bench/reliability_bench.py                   # every run
    .venv/bin/python bench/reliability_bench.py --runs broker --games 40
    .venv/bin/python bench/reliability_bench.py --runs records      # expensive records

The records run is different: gunicorn (3 workers, as in docker-compose.yml) serves the
site with its cache on the bench's Redis; four clients, each with its own API token, push
the largest legal records they can while two other users (a reader and a scorekeeper
checking a small record) measure their own latency.

The database (--db-url, default this engineer's `h2`) is migrated and FLUSHED first.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default="postgres://postgres@127.0.0.1:5432/h2")
    p.add_argument("--redis-port", type=int, default=6390)
    p.add_argument("--games", type=int, default=40, help="results submitted per run")
    p.add_argument("--runs", default="broker,stall,worker,database,nobeat,records",
                   help="comma-separated: broker, stall, worker, database, nobeat, records")
    p.add_argument("--push-seconds", type=float, default=60,
                   help="records run: how long the four clients push")
    p.add_argument("--web-port", type=int, default=8391, help="records run: gunicorn port")
    p.add_argument("--outage", type=float, default=20,
                   help="seconds the broker stays stopped (or frozen)")
    p.add_argument("--timeout", type=float, default=600, help="give up converging after")
    return p.parse_args()


ARGS = parse_args()
BROKER = f"redis://127.0.0.1:{ARGS.redis_port}/0"
os.environ.update({
    "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": ARGS.db_url,
    "CELERY_BROKER_URL": BROKER, "ALLOWED_HOSTS": "testserver,localhost",
    "SECRET_KEY": secrets.token_hex(32), "LOG_LEVEL": "ERROR",
})
# The fault runs' single client submits faster than a token may (30 a minute): they
# measure faults, not throttles. The records run's web server gets the defaults.
FAULT_RUN_LIMITS = {"RECORD_THROTTLE_RATE": "100000/minute",
                    "RECORD_BYTES_PER_MINUTE": str(2**40)}
os.environ.update(FAULT_RUN_LIMITS)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import InterfaceError, OperationalError, connection  # noqa: E402
from django.test import Client  # noqa: E402

from games import rules  # noqa: E402
from league.models import (  # noqa: E402
    ApiToken,
    Club,
    Membership,
    PendingRecompute,
    Player,
    Season,
)
from league.models.access import hash_token_key  # noqa: E402
from rankings.models import PlayerRating, StandingRow  # noqa: E402
from rankings.services.ratings import ratings_recompute  # noqa: E402
from rankings.services.standings import standings_recompute  # noqa: E402
from tournaments.models import Event, Round, Seat, Table, TableResult  # noqa: E402

SEATS = 4
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]


# --- processes ----------------------------------------------------------------------------------

def _spawn(args: list[str], log: str) -> subprocess.Popen:
    out = open(f"/tmp/reliability-bench-{log}.log", "ab")  # noqa: SIM115
    # Own process group: SIGKILL takes the worker's pool children with it (like an OOM kill).
    return subprocess.Popen(args, cwd=ROOT, env=dict(os.environ), stdout=out, stderr=out,
                            start_new_session=True)


class Redis:
    def __init__(self):
        self.process = None

    def start(self) -> None:
        self.process = _spawn(["redis-server", "--port", str(ARGS.redis_port), "--save", "",
                               "--appendonly", "no"], "redis")
        for _ in range(100):
            ping = subprocess.run(["redis-cli", "-p", str(ARGS.redis_port), "ping"],
                                  capture_output=True, text=True)
            if ping.stdout.strip() == "PONG":
                return
            time.sleep(0.05)
        raise RuntimeError("the bench's redis-server did not start")

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(30)
            self.process = None

    def freeze(self, frozen: bool) -> None:
        """SIGSTOP: connections are accepted by the kernel but never answered (a stall)."""
        self.process.send_signal(signal.SIGSTOP if frozen else signal.SIGCONT)


def celery(*args: str) -> list[str]:
    return [sys.executable, "-m", "celery", "-A", "config", *args, "--loglevel", "WARNING"]


class Worker:
    def __init__(self):
        self.process = None

    def start(self) -> None:
        # Every queue (docker-compose.yml gives each its own pool).
        self.process = _spawn(celery("worker", "--pool", "prefork", "--concurrency", "1",
                                     "-Q", "followups,bots,celery",
                                     "--without-gossip", "--without-mingle"), "worker")

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self.process = None

    def stop(self) -> None:
        if self.process:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(60)
            self.process = None


class Beat:
    def __init__(self):
        self.process = None

    def start(self) -> None:
        schedule = f"/tmp/reliability-bench-beat-{uuid.uuid4().hex[:6]}"
        self.process = _spawn(celery("beat", "--schedule", schedule), "beat")

    def stop(self) -> None:
        if self.process:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)
            self.process = None


# --- data ---------------------------------------------------------------------------------------

def db(fn, *args):
    """Run a read, reconnecting if the database connection was cut under us."""
    for _ in range(50):
        try:
            return fn(*args)
        except (OperationalError, InterfaceError):
            connection.close()
            time.sleep(0.1)
    raise RuntimeError("the database did not come back")


def world(games: int):
    """A club, its season, eight players and `games` seated tables; an API token key."""
    call_command("flush", interactive=False, verbosity=0)
    club = Club.objects.create(name="Reliability Club", slug="reliability-club")
    season = Season.objects.create(club=club, name="Bench", game="bluke",
                                   starts_on="2026-01-05")
    players = [Player.objects.create(display_name=n) for n in NAMES]
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    rng, tables = random.Random(1), []
    for night in range(0, games, 2):
        event = Event.objects.create(club=club, season=season, name=f"Night {night // 2 + 1}",
                                     date=f"2026-02-{night // 2 % 28 + 1:02d}", game="bluke")
        rnd = Round.objects.create(event=event, number=1)
        seated = rng.sample(players, len(players))
        for number in (1, 2)[: games - night]:
            table = Table.objects.create(round=rnd, number=number, game="bluke", options={})
            for position, player in enumerate(seated[(number - 1) * SEATS: number * SEATS]):
                Seat.objects.create(table=table, position=position, player=player)
            tables.append(table)
    key = ApiToken.new_key()
    ApiToken.objects.create(club=club, name="bench", key_hash=hash_token_key(key),
                            prefix=key[4:12])
    return club, season, tables, key


def record_for(table: Table, seed: int) -> dict:
    names = [s.player.display_name for s in table.seats.order_by("position")]
    state = rules.load("bluke", players=SEATS).new_match(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record(names)


class Submitter:
    """A client: POST each result with an Idempotency-Key until it is stored (201 or 200)."""

    def __init__(self, key: str, tables: list[Table], records: list[dict]):
        self.client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {key}",
                             HTTP_X_FORWARDED_PROTO="https")
        self.jobs = list(zip(tables, records, strict=True))
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self.first_statuses: list[int] = []
        self.done = 0

    def run(self, before_each=None) -> None:
        for index, (table, record) in enumerate(self.jobs):
            if before_each:
                before_each(index)
            self._submit(table, record, key=f"bench-{table.pk}")
            self.done += 1
        connection.close()

    def _submit(self, table: Table, record: dict, key: str) -> None:
        first = True
        while True:
            started = time.monotonic()
            response = self.client.post(f"/api/v1/tables/{table.pk}/result/", record,
                                        content_type="application/json",
                                        HTTP_IDEMPOTENCY_KEY=key)
            self.latencies.append(time.monotonic() - started)
            self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
            if first:
                self.first_statuses.append(response.status_code)
                first = False
            if response.status_code in (200, 201):
                return
            if response.status_code in (409, 429):
                time.sleep(min(float(response.get("Retry-After", 1)), 2))
            elif response.status_code >= 500:
                time.sleep(0.2)
            else:
                raise RuntimeError(f"table {table.pk}: {response.status_code} {response.content}")


def owed() -> int:
    return db(lambda: PendingRecompute.objects.count())


def wait_converged(start: float) -> float:
    """Seconds from `start` until the outbox is empty."""
    while owed():
        if time.monotonic() - start > ARGS.timeout:
            raise RuntimeError(f"not converged after {ARGS.timeout} s: {owed()} rows owed")
        time.sleep(0.2)
    return time.monotonic() - start


def snapshot(season: Season) -> tuple:
    standings = sorted(StandingRow.objects.filter(season=season).values_list(
        "player_id", "rank", "points", "games", "total_score"))
    ratings = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games"))
    return standings, ratings


def nothing_lost(club: Club, season: Season, tables: list[Table], records: list[dict]) -> dict:
    stored = dict(TableResult.objects.filter(table__in=tables).values_list("table_id", "totals"))
    results_ok = all(stored.get(t.pk) == r["totals"] for t, r in zip(tables, records, strict=True))
    drained = snapshot(season)
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    return {"results stored": f"{len(stored)}/{len(tables)}", "each as submitted": results_ok,
            "games rated": sum(r[3] for r in drained[1]) // SEATS,
            "equal to from-scratch recompute": snapshot(season) == drained}


def latency(sub: Submitter) -> str:
    ms = [x * 1000 for x in sub.latencies]
    slowest = max(range(len(ms)), key=ms.__getitem__)
    return (f"median {statistics.median(ms):.0f} ms, max {ms[slowest]:.0f} ms (request "
            f"{slowest + 1}) over {len(ms)} requests; statuses "
            f"{dict(sorted(sub.statuses.items()))}")


# --- the runs -----------------------------------------------------------------------------------

def run_broker(redis: Redis, worker: Worker, beat: Beat, stall: bool = False) -> dict:
    """Stop (or freeze) the broker after a quarter of the burst for --outage seconds."""
    club, season, tables, key = world(ARGS.games)
    records = [record_for(t, i + 1) for i, t in enumerate(tables)]
    worker.start()
    beat.start()
    marks = {}

    def fault(index):
        if index == len(tables) // 4:
            redis.freeze(True) if stall else redis.stop()
            marks["stopped"], marks["first"] = time.monotonic(), len(sub.latencies)
        if index == 3 * len(tables) // 4:
            marks["last"] = len(sub.latencies)
            time.sleep(max(0.0, marks["stopped"] + ARGS.outage - time.monotonic()))
            redis.freeze(False) if stall else redis.start()
            marks["restarted"] = time.monotonic()

    sub = Submitter(key, tables, records)
    sub.run(before_each=fault)
    during = sorted(sub.latencies[marks["first"]:marks["last"]])
    converge = wait_converged(marks["restarted"])
    beat.stop()
    worker.stop()
    what = "frozen (SIGSTOP)" if stall else "stopped"
    return {"submissions": len(tables), f"submitted while the broker was {what}": len(during),
            f"broker {what} for": f"{marks['restarted'] - marks['stopped']:.1f} s",
            "answers": latency(sub),
            "answers while the broker was down": f"median {statistics.median(during) * 1000:.0f}"
                                                 f" ms, max {during[-1] * 1000:.0f} ms",
            "first answers not 201": sum(1 for s in sub.first_statuses if s != 201),
            "converged after the broker came back": f"{converge:.1f} s",
            **nothing_lost(club, season, tables, records)}


def run_stall(redis: Redis, worker: Worker, beat: Beat) -> dict:
    return run_broker(redis, worker, beat, stall=True)


def run_worker(redis: Redis, worker: Worker, beat: Beat) -> dict:
    """Queue a backlog, let a worker start draining it, SIGKILL its whole process group."""
    club, season, tables, key = world(ARGS.games)
    records = [record_for(t, i + 1) for i, t in enumerate(tables)]
    beat.start()
    sub = Submitter(key, tables, records)
    sub.run()  # no worker yet: every result's recomputes are owed
    backlog = owed()
    worker.start()
    claimed = 0
    # Kill once a target is done and another is being recomputed (a claim is held).
    while owed() == backlog or not claimed:
        claimed = db(lambda: PendingRecompute.objects.exclude(claimed_by=None).count())
        time.sleep(0.01)
    killed = time.monotonic()
    worker.kill()
    left = owed()
    worker.start()  # the container is restarted
    converge = wait_converged(killed)
    beat.stop()
    worker.stop()
    return {"submissions": len(tables), "owed rows before the worker started": backlog,
            "rows claimed by the drain at the kill": claimed, "rows owed at the kill": left,
            "answers": latency(sub), "converged after the kill": f"{converge:.1f} s",
            **nothing_lost(club, season, tables, records)}


def run_nobeat(redis: Redis, worker: Worker, beat: Beat) -> dict:
    """No beat at all: results submitted while the broker is stopped lose their kicks;
    the worker's own periodic drain (config/celery.py) must still do what they owe."""
    club, season, tables, key = world(ARGS.games)
    records = [record_for(t, i + 1) for i, t in enumerate(tables)]
    worker.start()
    redis.stop()
    sub = Submitter(key, tables, records)
    sub.run()  # every kick is lost: the broker is down
    backlog = owed()
    redis.start()
    back = time.monotonic()
    converge = wait_converged(back)
    worker.stop()
    return {"submissions": len(tables), "beat": "not running",
            "owed rows when the broker came back": backlog, "answers": latency(sub),
            "converged after the broker came back": f"{converge:.1f} s",
            **nothing_lost(club, season, tables, records)}


def terminate_backends(db_name: str) -> int:
    import psycopg

    with psycopg.connect(ARGS.db_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()", (db_name,)).fetchall()
    return len(rows)


def run_database(redis: Redis, worker: Worker, beat: Beat) -> dict:
    """While a worker drains a backlog and a client submits, cut every database connection."""
    club, season, tables, key = world(ARGS.games)
    records = [record_for(t, i + 1) for i, t in enumerate(tables)]
    half = len(tables) // 2
    backlog_sub = Submitter(key, tables[:half], records[:half])
    backlog_sub.run()  # owed, not drained: no worker yet
    worker.start()
    beat.start()
    sub = Submitter(key, tables[half:], records[half:])
    thread = threading.Thread(target=sub.run)
    thread.start()
    while sub.done < len(sub.jobs) // 2 or owed() == 0:
        time.sleep(0.01)
    cut = time.monotonic()
    terminated = terminate_backends(connection.settings_dict["NAME"])
    connection.close()
    thread.join()
    converge = wait_converged(cut)
    beat.stop()
    worker.stop()
    return {"submissions": len(tables), "connections terminated": terminated,
            "answers (submissions around the cut)": latency(sub),
            "converged after the cut": f"{converge:.1f} s",
            **nothing_lost(club, season, tables, records)}


def largest_legal_record(seed: int) -> dict:
    """A legal Ribs match of ten players to 20 hands won: the most hands per check a legal
    record reaches in the bench's time (the cost limit allows 400 hands for it)."""
    state = rules.load("ribs", players=10, hands_to_win=20).new_match(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record([f"Seat {i + 1}" for i in range(10)])


class Web:
    """gunicorn as in docker-compose.yml, its cache on the bench's Redis."""

    def __init__(self):
        self.process = None

    def start(self) -> str:
        os.environ["REDIS_URL"] = f"redis://127.0.0.1:{ARGS.redis_port}/1"
        for name in FAULT_RUN_LIMITS:
            del os.environ[name]
        self.process = _spawn([sys.executable, "-m", "gunicorn", "config.wsgi:application",
                               "--bind", f"127.0.0.1:{ARGS.web_port}", "--workers", "3"],
                              "web")
        del os.environ["REDIS_URL"]
        os.environ.update(FAULT_RUN_LIMITS)
        url = f"http://127.0.0.1:{ARGS.web_port}"
        for _ in range(200):
            if self.process.poll() is not None:
                raise RuntimeError("gunicorn stopped (see /tmp/reliability-bench-web.log)")
            try:
                if http(f"{url}/api/v1/rulesets/")[0] == 200:
                    return url
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("gunicorn did not start")

    def stop(self) -> None:
        if self.process:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)
            self.process = None


def http(url: str, body: dict | None = None, token: str | None = None) -> tuple[int, float]:
    headers = {"X-Forwarded-Proto": "https", "Host": "localhost",
               "Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = None if body is None else json.dumps(body).encode()
    started = time.monotonic()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers),
                                    timeout=120) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.monotonic() - started


def _percentiles(seconds: list[float]) -> str:
    ms = sorted(x * 1000 for x in seconds)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return (f"median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms "
            f"over {len(ms)} requests")


def run_records(redis: Redis, worker: Worker, beat: Beat) -> dict:
    """Four token clients push the largest legal records while two other users work."""
    club, season, tables, key = world(2)
    keys = []
    for n in range(4):
        pusher_key = ApiToken.new_key()
        ApiToken.objects.create(club=club, name=f"pusher {n}", key_hash=hash_token_key(pusher_key),
                                prefix=pusher_key[4:12])
        keys.append(pusher_key)
    big = [largest_legal_record(seed) for seed in range(1, 5)]
    small = record_for(tables[0], 1)
    connection.close()
    web = Web()
    try:
        url = web.start()
        for record in big:
            assert http(f"{url}/api/v1/records/check/", record, keys[0])[0] == 200
        # The checks above used pusher 0's allowance too: start from a fresh minute.
        subprocess.run(["redis-cli", "-p", str(ARGS.redis_port), "-n", "1", "flushdb"],
                       capture_output=True)
        stop_at = time.monotonic() + ARGS.push_seconds
        pushed: list[tuple[int, float]] = []
        others: dict[str, list[float]] = {"reader": [], "scorekeeper": []}
        other_statuses: dict[int, int] = {}

        def push(n):
            while time.monotonic() < stop_at:
                pushed.append(http(f"{url}/api/v1/records/check/", big[n], keys[n]))

        def read():
            while time.monotonic() < stop_at:
                status, took = http(f"{url}/api/v1/clubs/")
                other_statuses[status] = other_statuses.get(status, 0) + 1
                others["reader"].append(took)
                time.sleep(0.5)

        def score():
            while time.monotonic() < stop_at:
                status, took = http(f"{url}/api/v1/records/check/", small, key)
                other_statuses[status] = other_statuses.get(status, 0) + 1
                others["scorekeeper"].append(took)
                time.sleep(2)

        threads = [threading.Thread(target=push, args=(n,)) for n in range(4)]
        threads += [threading.Thread(target=read), threading.Thread(target=score)]
        quiet = [http(f"{url}/api/v1/clubs/")[1] for _ in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        web.stop()
    statuses: dict[int, int] = {}
    for status, _ in pushed:
        statuses[status] = statuses.get(status, 0) + 1
    checked = [took for status, took in pushed if status == 200]
    sizes = [len(json.dumps(r)) for r in big]
    return {"pushed records": f"Ribs, 10 players, to 20 hands won: {min(len(r['hands']) for r in big)}"
                              f"-{max(len(r['hands']) for r in big)} hands, "
                              f"{min(sizes) // 1024}-{max(sizes) // 1024} KB",
            "push for": f"{ARGS.push_seconds:.0f} s by 4 clients",
            "pushers' statuses": dict(sorted(statuses.items())),
            "pushers' checks (200)": _percentiles(checked) if checked else "none",
            "reader before the push (GET /api/v1/clubs/)": _percentiles(quiet),
            "reader during the push": _percentiles(others["reader"]),
            "scorekeeper during the push (check of a 25-hand Bluke record)":
                _percentiles(others["scorekeeper"]),
            "other users' statuses": dict(sorted(other_statuses.items()))}


RUNS = {"broker": run_broker, "stall": run_stall, "worker": run_worker,
        "database": run_database, "nobeat": run_nobeat, "records": run_records}


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"# reliability bench: {ARGS.games} results per run, broker {BROKER}, "
          f"database {connection.settings_dict['NAME']}")
    redis, worker, beat = Redis(), Worker(), Beat()
    redis.start()
    try:
        for name in ARGS.runs.split(","):
            started = time.monotonic()
            report = RUNS[name](redis, worker, beat)
            print(f"\n## {name} ({time.monotonic() - started:.0f} s)")
            for label, value in report.items():
                print(f"- {label}: {value}")
    finally:
        worker.stop()
        beat.stop()
        redis.stop()


if __name__ == "__main__":
    main()
