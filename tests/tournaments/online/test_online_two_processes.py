"""One online table served by two web processes, as docker-compose.yml runs them (web and
web2): Ann's seat on one, Bob's on the other, both gunicorn with threaded workers on the same
PostgreSQL database and Redis. Every move Ann makes on the first reaches Bob's event stream
on the second, and the news went through Redis (a subscriber of the table's channel hears
it): no process keeps the table in its memory.

Needs PostgreSQL (the test database, shared with the processes) and the Redis on 6379
(database 8, this work's own); skipped without them.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from league.permissions import SYSTEM
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, seated_table
from tournaments.models import OnlineMatch, Seat, TableResult
from tournaments.services import online_state
from tournaments.services.online_tables import tables_set_online
from tournaments.services.seat_links import seat_links_for_event, seat_token

ROOT = Path(__file__).resolve().parents[3]
REDIS_URL = os.environ.get("ONLINE_TEST_REDIS_URL", "redis://127.0.0.1:6379/8")
WAIT = 30.0  # seconds a step may take on a loaded machine; nothing waits longer than needed

pytestmark = pytest.mark.django_db(transaction=True)


def _redis():
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except (redis.RedisError, OSError):
        pytest.skip(f"no Redis at {REDIS_URL}")
    return client


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return (f"postgres://{db['USER']}{password}@{db.get('HOST') or '127.0.0.1'}:"
            f"{db.get('PORT') or 5432}/{db['NAME']}")


class Web:
    """One gunicorn process with the compose file's worker class."""

    def __init__(self, name: str):
        self.name, self.port = name, _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items()
               if k not in ("REDIS_URL", "CELERY_BROKER_URL", "DATABASE_URL")}
        env.update(DATABASE_URL=_database_url(), TABLE_NEWS_REDIS_URL=REDIS_URL,
                   DEBUG="true", SECRET_KEY=settings.SECRET_KEY, SECURE_SSL_REDIRECT="false",
                   DJANGO_SETTINGS_MODULE="config.settings")
        self.log = open(f"/tmp/online-two-processes-{name}.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
             f"127.0.0.1:{self.port}", "--workers", "1", "--worker-class", "gthread",
             "--threads", "8", "--graceful-timeout", "2"], cwd=ROOT, env=env, stdout=self.log,
            stderr=subprocess.STDOUT, start_new_session=True)

    def wait_up(self) -> None:
        deadline = time.monotonic() + WAIT * 2
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{self.name} did not start (log /tmp/online-two-processes-"
                           f"{self.name}.log)")

    def stop(self) -> None:
        # The whole process group: killing only the master would orphan its worker, whose
        # database sessions then keep pytest-django from dropping the test database.
        group = os.getpgid(self.process.pid)
        os.killpg(group, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(group, signal.SIGKILL)
            self.process.wait()
        self.log.close()


class SeatClient:
    """A seat's browser without the browser: its page (cookies, CSRF) on one web process."""

    def __init__(self, web: Web, token: str):
        self.page = f"{web.url}/seat/{token}/play/"
        self.events = self.page + "events/"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def html(self) -> str:
        with self.opener.open(self.page + "?part=1", timeout=WAIT) as response:
            return response.read().decode()

    def play(self, action: str, version: int) -> int:
        csrf = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"action": action, "version": version,
                                       "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(self.page, data=body, headers={
            "X-Requested-With": "fetch", "Referer": self.page})
        with self.opener.open(request, timeout=WAIT) as response:
            return response.status


class Listener(threading.Thread):
    """Reads a seat's event stream, reconnecting after each bounded stream."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.versions, self.stop = url, [], threading.Event()

    def run(self) -> None:
        last = 0
        while not self.stop.is_set():
            request = urllib.request.Request(f"{self.url}?after={last}")
            try:
                with urllib.request.urlopen(request, timeout=WAIT) as stream:
                    for raw in stream:
                        line = raw.decode().strip()
                        if line.startswith("data: "):
                            last = int(line[6:])
                            self.versions.append(last)
                        if self.stop.is_set():
                            return
            except OSError:
                time.sleep(0.2)

    def heard(self, version: int) -> bool:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if any(v >= version for v in self.versions):
                return True
            time.sleep(0.05)
        return False


@pytest.fixture
def table():
    if connection.vendor != "postgresql":
        pytest.skip("two web processes share the test database: PostgreSQL only")
    club = ClubFactory(name="Two Rooms", slug="two-rooms", is_public=True)
    players = [PlayerFactory(display_name=name) for name in ("Ann", "Bob")]
    for player in players:
        MembershipFactory(club=club, player=player)
    table = seated_table(club, [players[0], None, players[1], None], options={"max_cards": 2})
    tables_set_online(table=table, user=SYSTEM, online=True, timeout_seconds=600)
    return table


def _tokens(table) -> dict[int, str]:
    links = seat_links_for_event(event=table.round.event, user=SYSTEM)
    return {link.seat.position: seat_token(link) for link in links}


def _match(table):
    match = OnlineMatch.objects.get(table=table)
    return match, online_state.replay(match).state


def test_a_move_on_one_web_process_reaches_a_seat_on_the_other_through_redis(table):
    redis_client = _redis()
    assert Seat.objects.filter(table=table, player__isnull=True).count() == 2
    webs = [Web("web"), Web("web2")]
    heard_on_redis: list[str] = []
    pubsub = redis_client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(f"table:{table.pk}")
    listener = None
    try:
        for web in webs:
            web.wait_up()
        tokens = _tokens(table)
        ann, bob = SeatClient(webs[0], tokens[0]), SeatClient(webs[1], tokens[2])
        ann.html()
        bob.html()  # both seen: the match starts, bots in the empty seats
        listener = Listener(bob.events)
        listener.start()
        ann_moves = 0
        for _ in range(200):
            match, state = _match(table)
            if match.status == "finished":
                break
            to_act = state.current_player()
            if to_act not in (0, 2):  # bots move after each commit; wait for them
                time.sleep(0.05)
                continue
            seat = ann if to_act == 0 else bob
            seat.html()  # as the page does before a move
            action = state.action_to_string(state.legal_actions()[0])
            assert seat.play(action, match.version) == 200
            if to_act == 0:
                ann_moves += 1
                after = OnlineMatch.objects.get(table=table).version
                assert listener.heard(after), f"web2's stream never heard version {after}"
        quiet_until = time.monotonic() + 2
        while time.monotonic() < quiet_until:  # what the subscriber holds by now
            message = pubsub.get_message(timeout=0.2)  # None also for the subscription
            if message is not None:
                heard_on_redis.append(message["data"].decode())
    finally:
        if listener is not None:
            listener.stop.set()
        pubsub.close()
        for web in webs:
            web.stop()
    assert ann_moves == 8  # three bids, five cards
    assert TableResult.objects.filter(table=table, source="online").exists()
    versions = [int(v) for v in heard_on_redis if re.fullmatch(r"\d+", v)]
    assert versions and max(versions) == OnlineMatch.objects.get(table=table).version
