"""Online tables under load: ten tables of four (two players and two bots each) played at
once by loopback clients against one gunicorn (the compose file's web command: 3 workers,
gthread, 16 threads) on PostgreSQL, with news through Redis.

Each player is two threads, as a browser tab is: one reads the seat's event stream
(`/seat/<token>/play/events/`, reconnecting after each bounded stream), the other asks
for the seat's part when news comes (`?part=1`) and, at its turn, posts a random legal
action with the version it saw, as the page's buttons do. Bots move after each commit in a
Celery worker on the online queue, as the compose file runs them (`--bots inline`: in the
web request after commit, as in the demo, so a player's post also pays for the bot moves
that follow it).

Printed: action latency (a post's round trip) p50/p90/max, update delay (from a post
being sent to the other player's stream hearing that version) p50/p90/max, every 5xx,
and the matches stored. The database (--db-url) is migrated and FLUSHED first.

    .venv/bin/python bench/online_bench.py
    .venv/bin/python bench/online_bench.py --tables 10 --max-cards 3 --redis-url redis://127.0.0.1:6379/8
"""

from __future__ import annotations

import argparse
import datetime
import html
import http.cookiejar
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VERSION = re.compile(r'class="online-state" data-version="(\d+)" data-status="(\w+)" '
                     r'data-your-turn="(\d)"')
ACTION = re.compile(r'<button type="submit" name="action" value="([^"]*)"')


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default="postgres://postgres@127.0.0.1:5432/online_bench")
    p.add_argument("--redis-url", default="redis://127.0.0.1:6379/8",
                   help="TABLE_NEWS_REDIS_URL of the web process ('' for DB polling)")
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--max-cards", type=int, default=3, help="Bluke's longest hand (3: 5 hands)")
    p.add_argument("--workers", type=int, default=3)
    p.add_argument("--threads", type=int, default=16)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", choices=("worker", "inline"), default="worker",
                   help="worker: a Celery worker on the online queue, as in the compose file "
                        "(broker: --redis-url); inline: in the web request after commit, "
                        "as in the demo")
    return p.parse_args()


ARGS = parse_args()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PORT = free_port()
WEB = f"http://127.0.0.1:{PORT}"
APP_ENV = {
    "DATABASE_URL": ARGS.db_url, "TABLE_NEWS_REDIS_URL": ARGS.redis_url,
    "SECRET_KEY": secrets.token_urlsafe(50), "DEBUG": "false",
    "ALLOWED_HOSTS": "127.0.0.1,localhost", "SECURE_SSL_REDIRECT": "false",
    "SECURE_COOKIES": "false", "DJANGO_SETTINGS_MODULE": "config.settings",
}
for name in ("REDIS_URL", "CELERY_BROKER_URL"):  # no broker: bot moves run in-process
    os.environ.pop(name, None)
if ARGS.bots == "worker":
    APP_ENV["CELERY_BROKER_URL"] = ARGS.redis_url
os.environ.update(APP_ENV)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: list[float] = []
        self.delay: list[float] = []
        self.errors: list[str] = []
        self.refused: dict[int, int] = {}

    def add(self, name: str, value: float) -> None:
        with self.lock:
            getattr(self, name).append(value)

    def status(self, url: str, code: int) -> None:
        if code >= 500:
            with self.lock:
                self.errors.append(f"{code} {url}")


STATS = Stats()


def build_night() -> list[list[tuple[int, str]]]:
    """The club, its night and its online tables; per table the two players' (seat, token)."""
    from league.models import Club, Membership, Player
    from league.permissions import SYSTEM
    from tournaments.models import Event, Round, Seat, Table
    from tournaments.services.online_tables import tables_set_online
    from tournaments.services.seat_links import seat_links_for_event, seat_token

    club = Club.objects.create(name="Online Bench Club", slug="online-bench", is_public=True)
    options = {"max_cards": ARGS.max_cards}
    event = Event.objects.create(club=club, name="Online bench night", game="bluke",
                                 options=options, date=datetime.date.today())
    round_ = Round.objects.create(event=event, number=1, published=True)
    for number in range(1, ARGS.tables + 1):
        table = Table.objects.create(round=round_, number=number, game="bluke",
                                     options=options)
        for position in range(4):
            player = None
            if position in (0, 2):
                player = Player.objects.create(display_name=f"Player {number}.{position + 1}")
                Membership.objects.create(club=club, player=player)
            Seat.objects.create(table=table, position=position, player=player)
    tables_set_online(event=event, user=SYSTEM, online=True, timeout_seconds=600)
    seats: dict[int, list] = {}
    for link in seat_links_for_event(event=event, user=SYSTEM):
        seats.setdefault(link.seat.table_id, []).append((link.seat.position, seat_token(link)))
    return [sorted(pair) for _, pair in sorted(seats.items())]


class Seat:
    """One player's tab: its stream listener and its moves."""

    def __init__(self, table: int, position: int, token: str):
        self.table, self.position = table, position
        self.page = f"{WEB}/seat/{token}/play/"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.heard: list[tuple[int, float]] = []
        self.news = threading.Condition()
        self.done = threading.Event()
        self.rng = random.Random(f"{ARGS.seed}/{table}/{position}")
        self.other: Seat | None = None

    def _open(self, request, timeout=60):
        url = request if isinstance(request, str) else request.full_url
        try:
            response = self.opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            STATS.status(url, error.code)
            return error.code, error.read().decode()
        with response:
            STATS.status(url, response.status)
            return response.status, response.read().decode()

    def listen(self) -> None:
        last = 0
        while not self.done.is_set():
            try:
                with urllib.request.urlopen(f"{self.page}events/?after={last}",
                                            timeout=60) as stream:
                    STATS.status("events", stream.status)
                    for raw in stream:
                        line = raw.decode().strip()
                        if line.startswith("data: "):
                            last = int(line[6:])
                            with self.news:
                                self.heard.append((last, time.perf_counter()))
                                self.news.notify_all()
                        if self.done.is_set():
                            return
            except urllib.error.HTTPError as error:
                STATS.status("events", error.code)
                time.sleep(0.5)
            except OSError:
                time.sleep(0.2)

    def heard_since(self, version: int) -> float | None:
        return next((at for v, at in self.heard if v >= version), None)

    def play(self) -> None:
        self._open(self.page)  # the full page: its CSRF cookie
        version = 0
        while True:
            code, body = self._open(self.page + "?part=1")
            found = VERSION.search(body) if code == 200 else None
            if found is None:
                time.sleep(0.5)
                continue
            version, status, turn = int(found[1]), found[2], found[3] == "1"
            if status == "finished":
                break
            if turn:
                self.move(version, [html.unescape(a) for a in ACTION.findall(body)])
                continue
            with self.news:
                self.news.wait_for(lambda v=version: any(h > v for h, _ in self.heard),
                                   timeout=2)
        self.done.set()

    def move(self, version: int, actions: list[str]) -> None:
        csrf = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"action": self.rng.choice(actions), "version": version,
                                       "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(self.page, data=body, headers={
            "X-Requested-With": "fetch", "Referer": self.page})
        sent = time.perf_counter()
        code, _ = self._open(request)
        STATS.add("latency", time.perf_counter() - sent)
        if code != 200:
            with STATS.lock:
                STATS.refused[code] = STATS.refused.get(code, 0) + 1
            return
        threading.Thread(target=self._measure_delay, args=(version + 1, sent),
                         daemon=True).start()

    def _measure_delay(self, version: int, sent: float) -> None:
        other = self.other
        with other.news:
            other.news.wait_for(lambda: other.heard_since(version) is not None, timeout=30)
        at = other.heard_since(version)
        if at is not None:
            STATS.add("delay", at - sent)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ms = [v * 1000 for v in values]
    return (f"{name}: n={len(ms)} p50={statistics.median(ms):.0f} ms "
            f"p90={quantile(ms, 0.9):.0f} ms max={max(ms):.0f} ms")


def main() -> None:
    call_command("migrate", "--noinput", verbosity=0)
    call_command("flush", "--noinput", verbosity=0)
    tables = build_night()
    from django.db import connections

    connections.close_all()
    worker = None
    if ARGS.bots == "worker":
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "online",
             "--concurrency", "2", "--loglevel", "WARNING"], cwd=ROOT, env=os.environ.copy(),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    web = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{PORT}", "--workers", str(ARGS.workers), "--worker-class", "gthread",
         "--threads", str(ARGS.threads)], cwd=ROOT, env=os.environ.copy(),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(WEB + "/", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        seats = []
        for pair in tables:
            table_seats = [Seat(len(seats), position, token) for position, token in pair]
            table_seats[0].other, table_seats[1].other = table_seats[1], table_seats[0]
            seats += table_seats
        started = time.perf_counter()
        threads = [threading.Thread(target=s.listen, daemon=True) for s in seats]
        players = [threading.Thread(target=s.play) for s in seats]
        for thread in threads + players:
            thread.start()
        for thread in players:
            thread.join(timeout=900)
        took = time.perf_counter() - started
    finally:
        for process in (web, worker):
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
    from tournaments.models import OnlineMove, TableResult

    stored = TableResult.objects.filter(source="online").count()
    moves = OnlineMove.objects.count()
    bots = OnlineMove.objects.filter(by_bot=True).count()
    print(f"{ARGS.tables} tables of 4 (2 players, 2 bots), Bluke max_cards={ARGS.max_cards}; "
          f"gunicorn {ARGS.workers} workers x {ARGS.threads} threads; news: "
          f"{ARGS.redis_url or 'DB polling'}; bots: {ARGS.bots}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"played in {took:.1f} s: {moves} moves ({bots} by bots), "
          f"{stored} of {ARGS.tables} matches stored")
    print(line("action latency", STATS.latency))
    print(line("update delay", STATS.delay))
    print(f"refused posts: {STATS.refused or 'none'}; 5xx: {len(STATS.errors)}")
    for error in STATS.errors[:10]:
        print("  ", error)


if __name__ == "__main__":
    main()
