"""News of an online table: a waiter wakes when the version passes its own, by Redis
pub/sub or, with no Redis, by polling the row; never before the move is in the database."""

import threading
import time

import pytest
from django.db import connection

from tournaments.models import OnlineMatch
from tournaments.services import table_news

REDIS_DB7 = "redis://127.0.0.1:6379/7"


@pytest.fixture
def match(table_a):
    return OnlineMatch.objects.create(table=table_a, game="bluke", players=4, seed=1)


def _move_later(match, version, delay=0.3):
    def run():
        time.sleep(delay)
        OnlineMatch.objects.filter(pk=match.pk).update(version=version)
        table_news.announce(match.table_id, version)
        connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@pytest.fixture(params=["polling", "redis"])
def news_mode(request, settings):
    settings.TABLE_NEWS_REDIS_URL = REDIS_DB7 if request.param == "redis" else ""
    if request.param == "redis":
        import redis

        try:
            redis.Redis.from_url(REDIS_DB7, socket_connect_timeout=1).ping()
        except redis.exceptions.ConnectionError:
            pytest.skip("no Redis on 127.0.0.1:6379")
    return request.param


@pytest.mark.django_db(transaction=True)
def test_a_waiter_wakes_with_the_new_version(match, news_mode):
    thread = _move_later(match, 1)
    try:
        assert table_news.wait_for_news(match.table_id, 0, timeout=10) == 1
    finally:
        thread.join()


@pytest.mark.django_db(transaction=True)
def test_a_move_already_made_is_news_at_once(match, news_mode):
    OnlineMatch.objects.filter(pk=match.pk).update(version=3)
    assert table_news.wait_for_news(match.table_id, 2, timeout=5) == 3


@pytest.mark.django_db(transaction=True)
def test_no_move_means_none_at_the_timeout(match, news_mode):
    assert table_news.wait_for_news(match.table_id, 0, timeout=0.5) is None


@pytest.mark.django_db(transaction=True)
def test_news_not_yet_in_the_database_does_not_wake_the_waiter(match, settings):
    """Another site's table with the same id (or a stray message) says version 5: the row
    still says 0, so the waiter keeps waiting."""
    settings.TABLE_NEWS_REDIS_URL = REDIS_DB7

    def stray():
        time.sleep(0.2)
        table_news.announce(match.table_id, 5)

    thread = threading.Thread(target=stray)
    thread.start()
    try:
        assert table_news.wait_for_news(match.table_id, 0, timeout=1.0) is None
    finally:
        thread.join()


@pytest.mark.django_db(transaction=True)
def test_a_dead_redis_falls_back_to_polling(match, settings):
    settings.TABLE_NEWS_REDIS_URL = "redis://127.0.0.1:1/0"
    table_news.announce(match.table_id, 1)  # logged, not raised
    thread = _move_later(match, 1)
    try:
        assert table_news.wait_for_news(match.table_id, 0, timeout=10) == 1
    finally:
        thread.join()
