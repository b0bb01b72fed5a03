"""News of an online table: "version n is out", from the process that committed a move to
every process waiting on the table (docs/online.md).

`announce(table_id, version)` publishes on the Redis channel ``table:<id>``; the online
service calls it through `transaction.on_commit`, so news never runs ahead of the row.
`wait_for_news(table_id, after_version, timeout)` subscribes, then reads the version from
the database (a move committed between the caller's read and the subscription is not
missed), and returns the first version past `after_version`, or None at the timeout.
News carries only a number, never a card: a seat then asks for its own view.

Without Redis (the demo, the tests) the waiter polls the match row every 0.2 s. With
Redis the waiter still reads the row every few seconds, so a lost message (a Redis
restart, a failed publish) costs seconds, not a stuck table.
"""

from __future__ import annotations

import logging
import time

import redis
from django.conf import settings
from redis.exceptions import RedisError

from tournaments.models import OnlineMatch

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
RECHECK_SECONDS = 3.0
_clients: dict[str, redis.Redis] = {}


def channel(table_id: int) -> str:
    return f"table:{table_id}"


def _client() -> redis.Redis | None:
    url = getattr(settings, "TABLE_NEWS_REDIS_URL", "")
    if not url:
        return None
    client = _clients.get(url)
    if client is None:
        client = _clients[url] = redis.Redis.from_url(
            url, socket_connect_timeout=1, socket_timeout=2, health_check_interval=30)
    return client


def current_version(table_id: int) -> int:
    """The table's match version in the database (0 before its match starts)."""
    version = (OnlineMatch.objects.filter(table_id=table_id)
               .values_list("version", flat=True).first())
    return version or 0


def announce(table_id: int, version: int) -> None:
    """Tell every waiter that `version` is out; a Redis failure is logged, never raised
    (the waiters' periodic read of the row still finds the move)."""
    client = _client()
    if client is None:
        return
    try:
        client.publish(channel(table_id), str(version))
    except (RedisError, OSError):
        log.warning("table news: could not publish table %s version %s", table_id, version)


def wait_for_news(table_id: int, after_version: int, timeout: float) -> int | None:
    """The table's version once it passes `after_version`, or None after `timeout` seconds."""
    deadline = time.monotonic() + max(0.0, timeout)
    client = _client()
    if client is not None:
        try:
            return _wait_subscribed(client, table_id, after_version, deadline)
        except (RedisError, OSError):
            log.warning("table news: Redis failed; polling table %s", table_id)
    return _poll(table_id, after_version, deadline)


def _poll(table_id: int, after_version: int, deadline: float) -> int | None:
    while True:
        version = current_version(table_id)
        if version > after_version:
            return version
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        time.sleep(min(POLL_SECONDS, left))


def _wait_subscribed(client, table_id: int, after_version: int, deadline: float) -> int | None:
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(channel(table_id))
        recheck = 0.0  # read the row at once: closes the race with the subscription
        while True:
            now = time.monotonic()
            if now >= recheck:
                version = current_version(table_id)
                if version > after_version:
                    return version
                recheck = now + RECHECK_SECONDS
            left = deadline - now
            if left <= 0:
                return None
            message = pubsub.get_message(timeout=min(left, recheck - now, 1.0))
            if message and message.get("type") == "message":
                news = _version_of(message.get("data"))
                # The row decides: another site on the same Redis may share the table id.
                if news is not None and news > after_version:
                    recheck = 0.0
    finally:
        pubsub.close()


def _version_of(data) -> int | None:
    try:
        return int(data)
    except (TypeError, ValueError):
        return None
