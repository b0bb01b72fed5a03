"""Fault table in the production shape: docker-compose.yml run as local processes.

One command starts what the compose file starts, with its commands and options: a
`redis-server` of its own on a free port (broker on database 0, cache on 1, as in
`x-app-env`; the shared Redis on 6379 is never touched), `migrate` then gunicorn with 3
workers, one Celery worker per queue (`celery` ×1, `followups` ×2, `bots` ×2) and beat,
against PostgreSQL. The code is the committed HEAD, exported to a directory of its own
with `collectstatic` run as the Dockerfile does, so other work in the tree never leaks in.

For each fault, clients store results through the API (one club token each, an
Idempotency-Key per table, retrying on 5xx, 409 and 429 as a client does) while readers
ask the club's public pages; the fault starts after a few submissions and lasts
--outage seconds. Afterwards it reports results lost and duplicated, the 5xx seen, the
time until the outbox is empty, and whether the stored standings, ratings and player
statistics equal a from-scratch recompute.

    .venv/bin/python bench/compose_faults_bench.py            # every fault
    .venv/bin/python bench/compose_faults_bench.py --runs redis_frozen --outage 10

The database (--db-url, default `faults`) is migrated and FLUSHED first.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
FAULTS = ("redis_stopped", "redis_frozen", "worker_killed", "database_cut", "beat_stopped")


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default="postgres://postgres@127.0.0.1:5432/faults")
    p.add_argument("--runs", default=",".join(FAULTS),
                   help="comma-separated, repeats allowed: " + ", ".join(FAULTS))
    p.add_argument("--games", type=int, default=40, help="results submitted per run")
    p.add_argument("--clients", type=int, default=4, help="submitting clients, a token each")
    p.add_argument("--readers", type=int, default=2, help="clients reading public pages")
    p.add_argument("--outage", type=float, default=20, help="seconds each fault lasts")
    p.add_argument("--timeout", type=float, default=300, help="give up converging after")
    return p.parse_args()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def export_head() -> tuple[Path, str]:
    """The committed tree in a directory of its own (the image's `COPY . .`)."""
    commit = subprocess.run(["git", "-C", str(CHECKOUT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()
    tree = Path(tempfile.mkdtemp(prefix=f"compose-faults-{commit}-"))
    archive = subprocess.run(["git", "-C", str(CHECKOUT), "archive", "HEAD"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree, commit


ARGS = parse_args()
ROOT, COMMIT = export_head()
REDIS_PORT, WEB_PORT = free_port(), free_port()
WEB = f"http://127.0.0.1:{WEB_PORT}"
LOGS = Path(tempfile.gettempdir()) / f"compose-faults-{COMMIT}"
LOGS.mkdir(exist_ok=True)
# docker-compose.yml's x-app-env, with the services' host names replaced by local ports.
APP_ENV = {
    "DATABASE_URL": ARGS.db_url,
    "CELERY_BROKER_URL": f"redis://127.0.0.1:{REDIS_PORT}/0",
    "REDIS_URL": f"redis://127.0.0.1:{REDIS_PORT}/1",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "DEBUG": "false", "STATIC_MANIFEST": "true", "ALLOWED_HOSTS": "localhost",
    "CSRF_TRUSTED_ORIGINS": "https://localhost", "SECURE_SSL_REDIRECT": "false",
    "DJANGO_SETTINGS_MODULE": "config.settings",
}
os.environ.update(APP_ENV)
os.chdir(ROOT)  # Celery's Django fixup puts the working directory first on sys.path
sys.path.insert(0, str(ROOT))
python = str(CHECKOUT / ".venv" / "bin" / "python")
subprocess.run([python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import InterfaceError, OperationalError, connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.utils import timezone  # noqa: E402

from games import rules  # noqa: E402
from league.models import ApiToken, Club, Membership, PendingRecompute, Player, Season  # noqa: E402
from league.models.access import hash_token_key  # noqa: E402
from rankings.models import (  # noqa: E402
    HeadToHead,
    PlayerGameStat,
    PlayerRating,
    PlayerStats,
    StandingRow,
)
from rankings.services.player_stats import player_stats_recompute  # noqa: E402
from rankings.services.ratings import ratings_recompute  # noqa: E402
from rankings.services.standings import standings_recompute  # noqa: E402
from tournaments.models import Event, Hand, Round, Seat, Table, TableResult  # noqa: E402

SEATS = 4
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
WARM_UP = 8.0  # seconds of submissions before the fault, and after it
SECOND = dt.timedelta(seconds=1)


# --- the compose services as processes ----------------------------------------------------------

class Service:
    """One compose service: its command, in a process group of its own (a container),
    restarted when it exits by itself (the compose file's `restart: unless-stopped`)."""

    def __init__(self, name: str, args: list[str]):
        self.name, self.args, self.process = name, args, None
        self.lock = threading.Lock()
        self.restarts: list[int] = []  # exit codes of the processes restarted

    def _start(self) -> None:
        log = open(LOGS / f"{self.name}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(self.args, cwd=ROOT, env=dict(os.environ), stdout=log,
                                        stderr=log, start_new_session=True)

    def start(self) -> None:
        with self.lock:
            self._start()

    def send(self, sig: int) -> None:
        os.killpg(self.process.pid, sig)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        with self.lock:
            if self.process and self.process.poll() is None:
                self.send(sig)
                self.process.wait(60)
            self.process = None

    def revive(self) -> None:
        """Start again a process that exited without being stopped."""
        with self.lock:
            if self.process is not None and self.process.poll() is not None:
                self.restarts.append(self.process.returncode)
                self._start()


def celery(*args: str) -> list[str]:
    return [python, "-m", "celery", "-A", "config", *args, "--loglevel", "INFO"]


REDIS = Service("redis", ["redis-server", "--port", str(REDIS_PORT), "--save", "",
                          "--appendonly", "no"])
SERVICES = {
    "web": Service("web", ["sh", "-c", f"{python} manage.py migrate --noinput && {python} -m "
                           f"gunicorn config.wsgi:application --bind 127.0.0.1:{WEB_PORT} "
                           "--workers 3"]),
    "worker": Service("worker", celery("worker", "-Q", "celery", "--concurrency", "1")),
    "worker-followups": Service("worker-followups",
                                celery("worker", "-Q", "followups", "--concurrency", "2")),
    "worker-bots": Service("worker-bots", celery("worker", "-Q", "bots", "--concurrency", "2")),
    "beat": Service("beat", celery("beat", "--schedule", str(LOGS / "celerybeat-schedule"))),
}


def wait_for(what: str, ready, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up (logs in {LOGS})")


def redis_up() -> bool:
    ping = subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "ping"], capture_output=True,
                          text=True, timeout=2)
    return ping.stdout.strip() == "PONG"


def supervise() -> None:
    """Docker's restart policy for the app's services (Redis is started by the faults)."""
    while True:
        for service in SERVICES.values():
            service.revive()
        time.sleep(0.5)


def compose_up() -> None:
    REDIS.start()
    wait_for("redis", redis_up)
    for service in SERVICES.values():
        service.start()
    threading.Thread(target=supervise, daemon=True).start()
    wait_for("web", lambda: http("/api/v1/rulesets/")[0] == 200, 120)


def compose_down() -> None:
    for service in SERVICES.values():
        service.stop()
    REDIS.stop()


# --- data ---------------------------------------------------------------------------------------

def db(fn, *args):
    """Run a query, reconnecting if the database connection was cut under us."""
    for _ in range(100):
        try:
            return fn(*args)
        except (OperationalError, InterfaceError):
            connection.close()
            time.sleep(0.1)
    raise RuntimeError("the database did not come back")


def world(run: str):
    """A public club of its own per run: a season, eight players, seated tables, tokens."""
    club = Club.objects.create(name=f"Faults {run}", slug=run.replace("_", "-"))
    season = Season.objects.create(club=club, name="Bench", game="bluke", starts_on="2026-01-05")
    players = [Player.objects.create(display_name=f"{n} {run}") for n in NAMES]
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    rng, tables = random.Random(run), []
    for night in range(0, ARGS.games, 2):
        event = Event.objects.create(club=club, season=season, name=f"Night {night // 2 + 1}",
                                     date=f"2026-02-{night // 2 % 28 + 1:02d}", game="bluke")
        rnd = Round.objects.create(event=event, number=1)
        seated = rng.sample(players, len(players))
        for number in (1, 2)[: ARGS.games - night]:
            table = Table.objects.create(round=rnd, number=number, game="bluke", options={})
            for position, player in enumerate(seated[(number - 1) * SEATS: number * SEATS]):
                Seat.objects.create(table=table, position=position, player=player)
            tables.append(table)
    keys = []
    for n in range(ARGS.clients):
        key = ApiToken.new_key()
        ApiToken.objects.create(club=club, name=f"client {n}", key_hash=hash_token_key(key),
                                prefix=key[4:12])
        keys.append(key)
    records = [record_for(t, i + 1) for i, t in enumerate(tables)]
    return club, season, players, tables, records, keys


def record_for(table: Table, seed: int) -> dict:
    names = [s.player.display_name for s in table.seats.order_by("position")]
    state = rules.load("bluke", players=SEATS).new_match(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record(names)


def public_pages(club: Club, season: Season, players: list[Player]) -> list[str]:
    return ["/", f"/clubs/{club.slug}/", f"/seasons/{season.pk}/",
            f"/seasons/{season.pk}/standings/", f"/clubs/{club.slug}/ratings/",
            f"/players/{players[0].pk}/", f"/api/v1/seasons/{season.pk}/standings/"]


# --- clients ------------------------------------------------------------------------------------

def http(path: str, body: bytes | None = None, headers: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(WEB + path, data=body, headers={
        "Host": "localhost", "X-Forwarded-Proto": "https", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)
    except OSError:  # refused or reset: no answer at all
        return 0, {}


class Tally:
    """Statuses and latencies of one kind of client, shared by its threads."""

    def __init__(self):
        self.statuses: dict[int, int] = {}
        self.asked: list[tuple[float, float, str]] = []  # started, seconds, path
        self.lock = threading.Lock()

    def ask(self, path: str, body: bytes | None = None, headers: dict | None = None):
        started = time.monotonic()
        status, answer_headers = http(path, body, headers)
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.asked.append((started, time.monotonic() - started, path))
        return status, answer_headers

    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500 or status == 0)

    def summary(self, fault: tuple[float, float]) -> str:
        ms = sorted(seconds * 1000 for _, seconds, _ in self.asked)
        during = sorted(seconds * 1000 for started, seconds, _ in self.asked
                        if fault[0] <= started <= fault[1])
        slowest = max(self.asked, key=lambda asked: asked[1])
        return (f"{len(ms)} requests, statuses {dict(sorted(self.statuses.items()))}, "
                f"median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms ({slowest[2]}, "
                f"{slowest[0] - fault[0]:+.1f} s from the fault's start); during the fault "
                + (f"{len(during)}, median {statistics.median(during):.0f} ms, max "
                   f"{during[-1]:.0f} ms" if during else "none"))


def submit_all(key: str, jobs: list[tuple[Table, dict]], pace: float, tally: Tally,
               refused: list[str]) -> None:
    """A scorekeeper's app: one result every `pace` seconds, each until it is stored."""
    headers = {"Authorization": f"Token {key}", "Content-Type": "application/json"}
    for table, record in jobs:
        started, body = time.monotonic(), json.dumps(record).encode()
        while True:
            status, answer = tally.ask(f"/api/v1/tables/{table.pk}/result/", body,
                                       {**headers, "Idempotency-Key": f"faults-{table.pk}"})
            if status in (200, 201):
                break
            if status in (409, 429):
                time.sleep(min(float(answer.get("Retry-After", 1)), 10))
            elif status >= 500 or status == 0:
                time.sleep(0.5)
            else:
                refused.append(f"table {table.pk}: {status}")
                break
        time.sleep(max(0.0, pace - (time.monotonic() - started)))


def read_pages(pages: list[str], tally: Tally, stop: threading.Event, pause: float = 0.2) -> None:
    while not stop.is_set():
        for page in pages:
            tally.ask(page)
            time.sleep(pause)


# --- checks -------------------------------------------------------------------------------------

def owed() -> int:
    return db(lambda: PendingRecompute.objects.count())


def fields(model, *, skip=("id", "computed_at", "updated_at")) -> list[str]:
    """Every column but the bookkeeping ones (row id, when it was written)."""
    return [f.attname for f in model._meta.concrete_fields if f.attname not in skip]


def snapshot(club: Club, season: Season, players: list[Player]) -> dict:
    def rows(queryset):
        return sorted(queryset.values_list(*fields(queryset.model)), key=repr)

    return {
        "standings": rows(StandingRow.objects.filter(season=season)),
        "ratings": rows(PlayerRating.objects.filter(player__in=players)),
        "statistics": rows(PlayerStats.objects.filter(club=club))
        + rows(HeadToHead.objects.filter(club=club)) + rows(PlayerGameStat.objects.filter(club=club)),
    }


def verdict(club, season, players, tables, records) -> dict:
    stored = {r.table_id: r for r in TableResult.objects.filter(table__in=tables)}
    hands = dict(Hand.objects.filter(game__table__in=tables).values_list("game__table_id")
                 .annotate(n=Count("id")).values_list("game__table_id", "n"))
    lost = sum(1 for t, r in zip(tables, records, strict=True)
               if t.pk not in stored or stored[t.pk].totals != r["totals"])
    duplicated = sum(1 for t, r in zip(tables, records, strict=True)
                     if t.pk in stored and hands.get(t.pk) != len(r["hands"]))
    drained = snapshot(club, season, players)
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    player_stats_recompute(club_id=club.pk)
    fresh = snapshot(club, season, players)
    return {"lost": lost, "duplicated": duplicated,
            "equal": {part: drained[part] == fresh[part] for part in drained},
            "rows": {part: len(drained[part]) for part in drained}}


# --- faults -------------------------------------------------------------------------------------

def drained_after(since: float, owed_at: dt.datetime, out: dict) -> None:
    """Seconds from `since` until no recompute requested by `owed_at` is still owed."""
    while db(lambda: PendingRecompute.objects.filter(requested_at__lte=owed_at).exists()):
        if time.monotonic() - since > ARGS.timeout:
            out["drained"] = float("inf")
            connection.close()
            return
        time.sleep(0.2)
    out["drained"] = time.monotonic() - since
    connection.close()


def claim_held() -> bool:
    return db(lambda: PendingRecompute.objects.exclude(claimed_by=None).exists())


def inject(fault: str, outage: float) -> tuple[str, float]:
    """Start the fault and end it within `outage` seconds; say what was done and when the
    fault ended (the worker's restart, the last cut, beat's stop)."""
    if fault == "redis_stopped":
        REDIS.stop()
        time.sleep(outage)
        REDIS.start()
        wait_for("redis", redis_up)
        return f"redis-server stopped for {outage:.0f} s, then started empty", time.monotonic()
    if fault == "redis_frozen":
        REDIS.send(signal.SIGSTOP)
        time.sleep(outage)
        REDIS.send(signal.SIGCONT)
        return f"redis-server frozen (SIGSTOP) for {outage:.0f} s, then SIGCONT", time.monotonic()
    if fault == "worker_killed":
        waited = time.monotonic()
        while not claim_held() and time.monotonic() - waited < outage:
            time.sleep(0.01)
        held = claim_held()
        SERVICES["worker-followups"].stop(signal.SIGKILL)
        SERVICES["worker-followups"].start()  # the container restarts
        ended = time.monotonic()
        time.sleep(max(0.0, outage - (ended - waited)))
        return (f"worker-followups SIGKILLed (process group) "
                f"{'while it held a claim' if held else 'with no claim held'}, restarted at "
                "once", ended)
    if fault == "database_cut":
        cuts, ends = [], time.monotonic() + outage
        while time.monotonic() < ends:
            cuts.append(terminate_backends())
            last = time.monotonic()
            time.sleep(5)
        return (f"pg_terminate_backend on every connection, {len(cuts)} times 5 s apart "
                f"({sum(cuts)} connections cut)", last)
    if fault == "beat_stopped":
        SERVICES["beat"].stop()
        return "beat stopped (SIGTERM) until the outbox is empty", time.monotonic()
    raise ValueError(fault)


def health_notices(since: float) -> float | None:
    """Seconds from `since` until /healthz answers 503 (a dead beat: its heartbeat ages)."""
    while time.monotonic() - since < 180:
        if http("/healthz")[0] == 503:
            return time.monotonic() - since
        time.sleep(1)
    return None


def terminate_backends() -> int:
    import psycopg

    with psycopg.connect(ARGS.db_url, autocommit=True) as conn:
        return len(conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (connection.settings_dict["NAME"],)).fetchall())


def run(fault: str, number: int) -> dict:
    club, season, players, tables, records, keys = db(world, f"{fault}-{number}")
    restarted_before = {name: len(s.restarts) for name, s in SERVICES.items()}
    connection.close()
    writes, reads, refused, stop = Tally(), Tally(), [], threading.Event()
    per_client = [list(zip(tables, records, strict=True))[n::ARGS.clients]
                  for n in range(ARGS.clients)]
    pace = (ARGS.outage + 2 * WARM_UP) / max(len(jobs) for jobs in per_client)
    clients = [threading.Thread(target=submit_all, args=(keys[n], per_client[n], pace, writes,
                                                         refused), daemon=True)
               for n in range(ARGS.clients)]
    readers = [threading.Thread(target=read_pages,
                                args=(public_pages(club, season, players), reads, stop),
                                daemon=True)
               for _ in range(ARGS.readers)]
    # A load balancer's probe: its 503s are the point, so they are not counted as errors.
    health = Tally()
    readers.append(threading.Thread(target=read_pages, args=(["/healthz"], health, stop, 1.0),
                                    daemon=True))
    for thread in clients + readers:
        thread.start()
    time.sleep(WARM_UP)
    fault_began = time.monotonic()
    what, fault_over = inject(fault, ARGS.outage)
    owed_then, drained = timezone.now() - (time.monotonic() - fault_over) * SECOND, {}
    watcher = threading.Thread(target=drained_after, args=(fault_over, owed_then, drained),
                               daemon=True)
    watcher.start()
    for thread in clients:
        thread.join()
    submitted = time.monotonic()
    while owed():
        if time.monotonic() - submitted > ARGS.timeout:
            raise RuntimeError(f"{fault}: {owed()} recomputes still owed after {ARGS.timeout} s")
        time.sleep(0.2)
    converged = time.monotonic()
    watcher.join()
    stop.set()
    for thread in readers:
        thread.join()
    noticed = None
    if fault == "beat_stopped":
        noticed = health_notices(fault_over)
        SERVICES["beat"].start()
    restarted = {name: s.restarts[restarted_before[name]:] for name, s in SERVICES.items()
                 if len(s.restarts) > restarted_before[name]}
    window = (fault_began, max(fault_over, fault_began + ARGS.outage))
    return {"fault": what, "restarted": restarted, "window": window, "writes": writes,
            "health": health, "noticed": noticed, "reads": reads, "refused": refused,
            "after fault": drained["drained"], "after last result": converged - submitted,
            **db(verdict, club, season, players, tables, records)}


def report(fault: str, result: dict) -> str:
    """Print one run's details; its row of the fault table."""
    equal = result["equal"]
    print(f"\n## {fault}\n- fault: {result['fault']}")
    print("- exited by themselves and restarted (exit codes): "
          f"{result['restarted'] or 'none'}")
    print(f"- submissions (API, {ARGS.clients} tokens): {result['writes'].summary(result['window'])}")
    print(f"- public pages ({ARGS.readers} readers): {result['reads'].summary(result['window'])}")
    print(f"- /healthz every second: {result['health'].summary(result['window'])}")
    if fault == "beat_stopped":
        noticed = result["noticed"]
        print("- /healthz answered 503 " + (f"{noticed:.0f} s after beat stopped"
                                            if noticed is not None else "not within 180 s"))
    print(f"- refused (4xx other than 409/429): {result['refused'] or 'none'}")
    print(f"- lost {result['lost']}, duplicated {result['duplicated']} of {ARGS.games}")
    print(f"- recomputes owed when the fault ended (the worker's restart, the last cut, beat's "
          f"stop) drained {result['after fault']:.1f} s later; outbox empty "
          f"{result['after last result']:.1f} s after the last result was stored")
    print(f"- equal to a from-scratch recompute: {equal} (rows {result['rows']})")
    restarted = ", ".join(f"{name} ×{len(codes)}" for name, codes in result["restarted"].items())
    return (f"| {fault} | {restarted or 'none'} | {result['lost']} | {result['duplicated']} | "
          f"{result['writes'].errors()} + {result['reads'].errors()} | "
          f"{result['after fault']:.1f} s ({result['after last result']:.1f} s) | "
            f"{'yes' if all(equal.values()) else 'NO: ' + str(equal)} |")


def main() -> None:
    print(f"# compose faults at {COMMIT}: redis :{REDIS_PORT}, web :{WEB_PORT}, "
          f"database {connection.settings_dict['NAME']}, {ARGS.games} results per run, "
          f"logs in {LOGS}, code from {Path(rules.__file__).parents[2]}")
    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    connection.close()
    compose_up()
    rows = []
    try:
        for number, fault in enumerate(ARGS.runs.split(","), 1):
            rows.append(report(fault, run(fault, number)))
    finally:
        compose_down()
        shutil.rmtree(ROOT, ignore_errors=True)  # the exported tree; the logs stay
    print("\n| fault | restarted | lost | duplicated | 5xx (writes + page reads) | owed at the fault's end "
          "drained after (outbox empty after the last result) | equal to a from-scratch "
          "recompute |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
