"""Record checks and submissions are throttled per API token and per logged-in person
(issue 25 point 5), and a failing cache lets them through instead of failing them."""

import pytest

from league.api.throttles import RecordWorkThrottle
from tests.factories import played_record

pytestmark = pytest.mark.django_db

SEATS_B = ["Bob", "Bea", "Cal", "Dot"]
CHECK = "/api/v1/records/check/"


@pytest.fixture(autouse=True)
def three_a_minute(settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    before = RecordWorkThrottle.THROTTLE_RATES
    RecordWorkThrottle.THROTTLE_RATES = {**rates, "records": "3/minute"}
    yield
    RecordWorkThrottle.THROTTLE_RATES = before


def _check(client):
    return client.post(CHECK, played_record(seats=SEATS_B, hands=2), format="json")


def test_a_token_past_its_rate_gets_429_and_another_token_does_not(client_as, club_a):
    from tests.factories import api_token

    busy = client_as("token_b")
    assert [_check(busy).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert "Retry-After" in _check(busy)
    _, key = api_token(club_a)
    other = client_as("anonymous")
    other.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert _check(other).status_code == 200


def test_a_logged_in_person_is_counted_apart_from_the_others(client_as):
    bob = client_as("bob")
    assert [_check(bob).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert _check(client_as("alice")).status_code == 200


def test_submissions_count_against_the_same_rate(client_as, table_b):
    client = client_as("token_b")
    for _ in range(3):
        assert _check(client).status_code == 200
    response = client.post(f"/api/v1/tables/{table_b.pk}/result/",
                           played_record(seats=SEATS_B), format="json")
    assert response.status_code == 429


class Down:
    """A cache whose server does not answer."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("the cache server does not answer")

        return fail


def test_a_failing_cache_lets_checks_and_submissions_through(client_as, table_b, monkeypatch,
                                                             caplog):
    client = client_as("bob")  # a session: the token's login counters are not this test's
    monkeypatch.setattr(RecordWorkThrottle, "cache", Down())
    assert [_check(client).status_code for _ in range(4)] == [200] * 4
    response = client.post(f"/api/v1/tables/{table_b.pk}/result/",
                           played_record(seats=SEATS_B), format="json")
    assert response.status_code == 201
    assert "record throttle skipped" in caplog.text


def test_the_bytes_of_records_a_token_sends_are_limited_per_minute(client_as, club_a, settings):
    import json

    from tests.factories import api_token

    record = played_record(seats=SEATS_B)
    settings.RECORD_BYTES_PER_MINUTE = 2 * len(json.dumps(record)) + 100
    RecordWorkThrottle.THROTTLE_RATES = {**RecordWorkThrottle.THROTTLE_RATES,
                                         "records": "100/minute"}
    busy = client_as("token_b")
    statuses = [busy.post(CHECK, record, format="json").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    refused = busy.post(CHECK, record, format="json")
    assert 1 <= int(refused["Retry-After"]) <= 60
    _, key = api_token(club_a)
    other = client_as("anonymous")
    other.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert other.post(CHECK, record, format="json").status_code == 200


def test_a_failing_cache_lets_records_of_any_size_through(client_as, settings, monkeypatch,
                                                         caplog):
    from league.api import throttles

    settings.RECORD_BYTES_PER_MINUTE = 10
    monkeypatch.setattr(throttles, "cache", Down())
    client = client_as("bob")
    assert [_check(client).status_code for _ in range(2)] == [200, 200]
    assert "record size throttle skipped" in caplog.text
