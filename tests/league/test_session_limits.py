"""Logins end after 30 minutes idle and 12 hours in all (issue 25, point 7; ASVS 3.3.2)."""

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
MINUTE = 60


@pytest.fixture
def clock(monkeypatch, settings):
    settings.SECURE_SSL_REDIRECT = False
    now = [1_000_000.0]
    monkeypatch.setattr("league.session_limits.time.time", lambda: now[0])
    return now


@pytest.fixture
def rae_client(client, clock):
    client.force_login(UserFactory(username="rae"))
    return client


def _still_logged_in(client) -> bool:
    client.get("/")
    return "_auth_user_id" in client.session


def test_a_login_used_within_30_minutes_stays(rae_client, clock):
    clock[0] += 29 * MINUTE
    assert _still_logged_in(rae_client)
    clock[0] += 29 * MINUTE  # counted from the last request, not from the login
    assert _still_logged_in(rae_client)


def test_a_login_left_alone_for_31_minutes_is_logged_out_with_a_message(rae_client, clock):
    clock[0] += 31 * MINUTE
    page = rae_client.get("/")
    assert "_auth_user_id" not in rae_client.session
    assert "You were logged out" in page.content.decode()


def test_a_busy_login_ends_12_hours_after_the_password(rae_client, clock):
    for _ in range(12 * 3):  # a request every 20 minutes for 12 hours
        clock[0] += 20 * MINUTE
        assert _still_logged_in(rae_client)
    clock[0] += 20 * MINUTE
    assert not _still_logged_in(rae_client)


def test_logging_in_again_starts_a_new_12_hours(rae_client, clock):
    for _ in range(11 * 3):
        clock[0] += 20 * MINUTE
        assert _still_logged_in(rae_client)
    rae_client.force_login(UserFactory(username="rae"))
    for _ in range(2 * 3):  # 13 hours after the first login, 2 after the second
        clock[0] += 20 * MINUTE
        assert _still_logged_in(rae_client)


def test_the_cookie_lasts_no_longer_than_the_login(settings):
    assert settings.SESSION_COOKIE_AGE == settings.SESSION_MAX_AGE_SECONDS == 12 * 3600
    assert settings.SESSION_IDLE_SECONDS == 30 * MINUTE
