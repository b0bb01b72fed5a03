"""The site without its Redis cache (issue 25, point 1): stopped or frozen, no 5xx.

The cache is the production one (`config.cache.redis_cache`) on a redis-server of the
test's own. Logins, token calls, a result submission, the anonymous record check and the
cached public pages are asked while that server is stopped or frozen (SIGSTOP).
"""

import logging
import subprocess
from types import SimpleNamespace

import pytest

from config import cache as forgiving
from config.cache import redis_cache
from league import page_cache
from tests.factories import (
    SeasonFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tests.own_redis import OwnRedis

PASSWORD = "a-long-enough-passphrase"


@pytest.fixture
def own_redis():
    server = OwnRedis()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_site(settings, own_redis, club_b, players_b, monkeypatch):
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {"default": redis_cache(own_redis.url)}
    monkeypatch.setattr(forgiving, "_resting_until", {})
    monkeypatch.setattr(forgiving, "_dropped_writes", set())
    user = UserFactory(username="rae")
    user.set_password(PASSWORD)
    user.save()
    return {"club_b": club_b, "season": SeasonFactory(club=club_b),
            "free_b": seated_table(club_b, players_b)}


def _every_kind_of_request(client, site, key) -> list[tuple[str, int]]:
    """(what, status) for each request the issue saw answer 500 with Redis down."""
    club, season = site["club_b"], site["season"]
    token = {"HTTP_AUTHORIZATION": f"Token {key}"}
    answers = [
        ("token read", client.get("/api/v1/clubs/", **token)),
        ("token result", client.post(f"/api/v1/tables/{site['free_b'].pk}/result/",
                                     played_record(seed=9), content_type="application/json",
                                     **token)),
        ("unknown token", client.get("/api/v1/clubs/", HTTP_AUTHORIZATION="Token blk_nope")),
        ("record check", client.post("/api/v1/records/check/", played_record(seed=3),
                                     content_type="application/json")),
        ("wrong password", client.post("/accounts/login/",
                                       {"username": "rae", "password": "not-it"})),
        ("club page", client.get(f"/clubs/{club.slug}/")),
        ("season page", client.get(f"/seasons/{season.pk}/")),
        ("standings page", client.get(f"/seasons/{season.pk}/standings/")),
        ("standings api", client.get(f"/api/v1/seasons/{season.pk}/standings/")),
        ("ratings page", client.get(f"/clubs/{club.slug}/ratings/")),
        ("login", client.post("/accounts/login/", {"username": "rae", "password": PASSWORD})),
    ]
    return [(what, response.status_code) for what, response in answers]


def _server_errors(answers) -> list[tuple[str, int]]:
    return [(what, status) for what, status in answers if status >= 500]


def test_with_redis_up_the_requests_answer_and_fill_the_cache(client, redis_site, own_redis,
                                                              token_b):
    answers = dict(_every_kind_of_request(client, redis_site, token_b[1]))
    assert answers["token result"] == 201 and answers["login"] == 302, answers
    assert not _server_errors(answers.items())
    assert own_redis.keys() > 0


def test_with_redis_stopped_nothing_answers_5xx(client, redis_site, own_redis, token_b,
                                                caplog):
    own_redis.stop()
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        answers = _every_kind_of_request(client, redis_site, token_b[1])
    assert _server_errors(answers) == []
    assert dict(answers)["token result"] == 201 and dict(answers)["login"] == 302, answers
    assert "Cache unreachable" in caplog.text


def test_with_redis_frozen_nothing_answers_5xx_and_it_is_waited_for_once(
        client, redis_site, own_redis, token_b, caplog, monkeypatch):
    monkeypatch.setattr(forgiving, "REST_SECONDS", 600.0)  # however slow the machine is
    own_redis.freeze()
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        answers = _every_kind_of_request(client, redis_site, token_b[1])
        answers += _every_kind_of_request(client, redis_site, token_b[1])
    assert _server_errors(answers) == []
    # One socket timeout, then the process leaves Redis alone instead of waiting on every call.
    assert caplog.text.count("Cache unreachable") == 1
    assert "TimeoutError" in caplog.text


def test_once_redis_answers_again_the_cache_is_used_again(client, redis_site, own_redis,
                                                           token_b, monkeypatch):
    monkeypatch.setattr(forgiving, "REST_SECONDS", 0.0)  # the rest is over at once
    own_redis.stop()
    client.get(f"/clubs/{redis_site['club_b'].slug}/")
    own_redis.start()
    client.get(f"/clubs/{redis_site['club_b'].slug}/")
    assert own_redis.keys() > 0


def test_while_redis_is_down_no_public_page_is_answered_304_from_an_old_etag(
        client, redis_site, own_redis):
    url = f"/seasons/{redis_site['season'].pk}/standings/"
    own_redis.stop()
    first = client.get(url)
    assert first.status_code == 200 and "ETag" not in first
    again = client.get(url, HTTP_IF_NONE_MATCH=first.get("ETag", '"x"'))
    assert again.status_code == 200


def test_a_page_invalidation_dropped_while_redis_was_frozen_is_not_lost(
        redis_site, own_redis, monkeypatch, django_capture_on_commit_callbacks):
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(forgiving, "time", SimpleNamespace(monotonic=lambda: clock.now))
    club_id = redis_site["club_b"].pk
    before = page_cache.club_version(club_id)
    own_redis.freeze()
    assert page_cache.club_version(club_id) is None  # a timeout: the process rests
    with django_capture_on_commit_callbacks(execute=True):
        page_cache.bump_club_versions([club_id])  # a result stored meanwhile: not sent
    own_redis.thaw()
    clock.now += forgiving.REST_SECONDS
    assert page_cache.club_version(club_id) not in (None, before)


def test_a_club_version_runs_out_within_an_hour(redis_site, own_redis):
    club_id = redis_site["club_b"].pk
    page_cache.club_version(club_id)
    ttl = subprocess.run(["redis-cli", "-p", str(own_redis.port), "--scan"],
                         capture_output=True, text=True).stdout.split()
    key = next(k for k in ttl if f"pages:club:{club_id}:version" in k)
    seconds = subprocess.run(["redis-cli", "-p", str(own_redis.port), "ttl", key],
                             capture_output=True, text=True).stdout.strip()
    assert 0 < int(seconds) <= 3600
