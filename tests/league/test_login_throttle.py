"""Login back-off on the site, the admin and API tokens (issue 10, point 6; issue 25, point 3).

Limits are the defaults: 5 free failures per account, 20 per address, then waits that
double up to 60 s; counts forgotten 15 minutes after the last failure.
"""

import logging
import re

import pytest
from django.test import Client
from rest_framework.throttling import AnonRateThrottle

from league.api.auth import AnonymousThrottle
from league.services.logins import client_address, login_failed, login_wait
from tests.factories import UserFactory

PASSWORD = "right-horse-battery"
LOGIN_PAGES = {"site": "/accounts/login/", "admin": "/admin/login/"}


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False  # the test client speaks plain HTTP
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # quick


@pytest.fixture
def rae(db):
    user = UserFactory(username="rae", is_staff=True)
    user.set_password(PASSWORD)
    user.save()
    return user


def _login(client, page, username, password, **headers):
    return client.post(LOGIN_PAGES[page], {"username": username, "password": password},
                       **headers)


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("page", sorted(LOGIN_PAGES))
def test_150_wrong_passwords_then_the_right_one_does_not_log_in(client, rae, page):
    for attempt in range(150):
        _login(client, page, "rae", f"guess-{attempt}")
    response = _login(client, page, "rae", PASSWORD)
    assert not _logged_in(client)
    assert "Too many failed logins" in response.content.decode()
    assert _wait_shown(response) <= 60


@pytest.mark.parametrize("page", sorted(LOGIN_PAGES))
def test_a_few_mistakes_then_the_right_password_logs_in(client, rae, page):
    for attempt in range(4):
        _login(client, page, "RAE ", f"guess-{attempt}")
    _login(client, page, "rae", PASSWORD)
    assert _logged_in(client)


@pytest.fixture
def clock(settings, monkeypatch):
    """A clock the test moves; the in-memory cache expires keys by time.time() too."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    now = [1_000_000.0]
    monkeypatch.setattr("time.time", lambda: now[0])
    return now


def _wait_shown(response) -> int:
    match = re.search(r"Try again in (\d+) seconds?", response.content.decode())
    return int(match.group(1)) if match else 0


def test_each_failure_past_the_free_ones_doubles_the_wait_up_to_a_minute(client, rf, rae,
                                                                         clock):
    waits = []
    for attempt in range(12):
        _login(client, "site", "rae", f"guess-{attempt}")
        waits.append(login_wait(request=rf.post("/", REMOTE_ADDR="127.0.0.1"), username="rae"))
        clock[0] += waits[-1]
    assert waits == [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]
    _login(client, "site", "rae", PASSWORD)
    assert _logged_in(client)


def test_the_owner_gets_in_from_a_new_address_after_a_short_wait(client, rae, clock):
    for attempt in range(200):  # an attacker elsewhere, failing whenever allowed
        clock[0] += 60
        _login(client, "site", "rae", f"guess-{attempt}", REMOTE_ADDR=f"10.0.{attempt}.1")
    wait = _wait_shown(_login(client, "site", "rae", PASSWORD, REMOTE_ADDR="198.51.100.2"))
    assert 0 < wait <= 60
    clock[0] += wait
    _login(client, "site", "rae", PASSWORD, REMOTE_ADDR="198.51.100.2")
    assert _logged_in(client)


def test_a_guesser_gets_at_most_100_tries_an_hour_at_one_account(rf, rae, clock):
    checked = 0
    for second in range(3600):  # one attempt a second, each from a new address
        request = rf.post("/accounts/login/", REMOTE_ADDR=f"10.{second // 250}.{second % 250}.1")
        if not login_wait(request=request, username="rae"):
            checked += 1
            login_failed(request=request, username="rae")
        clock[0] += 1
    assert 50 < checked <= 100


def test_the_counts_are_forgotten_a_window_after_the_last_failure(client, rae, clock, settings):
    for attempt in range(8):
        _login(client, "site", "rae", f"guess-{attempt}")
        clock[0] += 30
    clock[0] += settings.LOGIN_FAILURE_WINDOW_SECONDS
    _login(client, "site", "rae", "guess-again")
    assert _wait_shown(_login(client, "site", "rae", PASSWORD)) == 0
    assert _logged_in(client)


def test_an_empty_password_does_not_reset_the_accounts_count(client, rae):
    for attempt in range(4):
        _login(client, "site", "rae", f"guess-{attempt}")
    _login(client, "site", "rae", "")
    _login(client, "site", "rae", "guess-5")
    _login(client, "site", "rae", PASSWORD)
    assert not _logged_in(client)


def test_an_address_guessing_many_accounts_waits_but_others_do_not(client, rae):
    for attempt in range(20):
        _login(client, "site", f"user{attempt}", "guess")
    _login(client, "site", "rae", PASSWORD)
    assert not _logged_in(client)
    _login(client, "site", "rae", PASSWORD, REMOTE_ADDR="198.51.100.2")
    assert _logged_in(client)


def test_x_forwarded_for_changes_nothing_without_trusted_proxies(client, rae):
    for attempt in range(20):
        _login(client, "site", f"user{attempt}", "guess",
               HTTP_X_FORWARDED_FOR=f"10.0.{attempt}.1")
    _login(client, "site", "rae", PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert not _logged_in(client)


def test_with_one_trusted_proxy_the_right_most_address_is_the_client(client, rae, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for attempt in range(20):  # the left part is the client's own writing: ignored
        _login(client, "site", f"user{attempt}", "guess",
               HTTP_X_FORWARDED_FOR=f"10.0.{attempt}.1, 203.0.113.7")
    _login(client, "site", "rae", PASSWORD, HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7")
    assert not _logged_in(client)
    _login(client, "site", "rae", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7, 198.51.100.2")
    assert _logged_in(client)


@pytest.mark.parametrize(("proxies", "forwarded", "expected"), [
    (0, "1.1.1.1", "127.0.0.1"), (0, None, "127.0.0.1"), (1, "1.1.1.1, 2.2.2.2", "2.2.2.2"),
    (2, "1.1.1.1, 2.2.2.2, 3.3.3.3", "2.2.2.2"), (2, "3.3.3.3", "3.3.3.3"),
    (1, None, "127.0.0.1")])
def test_logins_and_the_api_throttle_agree_on_the_address(rf, settings, proxies, forwarded,
                                                          expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", **headers)
    assert client_address(request) == AnonRateThrottle().get_ident(request) == expected


def test_the_anonymous_api_throttle_ignores_x_forwarded_for(client, db, monkeypatch):
    monkeypatch.setattr(AnonymousThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    statuses = [client.post("/api/v1/records/check/", {}, content_type="application/json",
                            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
                for n in range(5)]
    assert statuses[-1] == 429 and 429 not in statuses[:3]


def test_unknown_tokens_get_a_429_after_the_address_limit(client, db, token_b):
    statuses = [client.get("/api/v1/clubs/", HTTP_AUTHORIZATION=f"Token wrong-{n}").status_code
                for n in range(20)]
    locked = client.get("/api/v1/clubs/", HTTP_AUTHORIZATION="Token wrong-again")
    assert set(statuses) == {401}
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0


def test_a_valid_token_is_never_refused_for_others_unknown_tokens(client, db, token_b):
    _, key = token_b
    for n in range(40):
        client.get("/api/v1/clubs/", HTTP_AUTHORIZATION=f"Token wrong-{n}")
    assert client.get("/api/v1/clubs/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 200


@pytest.fixture
def proxy_warning(monkeypatch, caplog):
    monkeypatch.setattr("config.proxy_headers._warned", False)
    caplog.set_level(logging.WARNING, logger="config.proxy_headers")
    return caplog


def test_proxy_headers_with_no_trusted_proxy_log_one_warning(client, db, proxy_warning):
    for _ in range(3):
        client.get("/healthz", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert proxy_warning.text.count("TRUSTED_PROXY_COUNT is 0") == 1
    assert "X-FORWARDED-FOR" in proxy_warning.text


def test_no_proxy_warning_when_the_proxies_are_counted_or_absent(client, db, settings,
                                                                 proxy_warning):
    client.get("/healthz")
    settings.TRUSTED_PROXY_COUNT = 1
    client.get("/healthz", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert "TRUSTED_PROXY_COUNT" not in proxy_warning.text


def test_the_owners_own_browser_is_not_slowed_by_a_guesser_elsewhere(client, rae, clock):
    _login(client, "site", "rae", PASSWORD)
    client.post("/accounts/logout/")  # the session ends, the browser stays known
    guesser = Client()
    for attempt in range(30):
        _login(guesser, "site", "rae", f"guess-{attempt}", REMOTE_ADDR=f"10.0.{attempt}.1")
        clock[0] += 1
    assert _wait_shown(_login(guesser, "site", "rae", PASSWORD, REMOTE_ADDR="10.9.9.9")) > 0
    _login(client, "site", "rae", PASSWORD)
    assert _logged_in(client)


def test_a_known_browser_still_backs_off_on_its_own_wrong_passwords(client, rae, clock):
    _login(client, "site", "rae", PASSWORD)
    client.post("/accounts/logout/")  # the session ends, the browser stays known
    for attempt in range(8):
        _login(client, "site", "rae", f"guess-{attempt}")
    assert _wait_shown(_login(client, "site", "rae", PASSWORD)) > 0
    assert not _logged_in(client)


def test_a_forged_known_login_cookie_counts_for_nothing(client, rae, clock):
    client.cookies["known_login"] = "eyJpZCI6ICJ4In0:forged:signature"
    for attempt in range(8):
        _login(client, "site", "rae", f"guess-{attempt}", REMOTE_ADDR=f"10.0.{attempt}.1")
    assert _wait_shown(_login(client, "site", "rae", PASSWORD)) > 0
