"""Hostile input through the seat's ways in (issue 27): bad bodies on the seat token's
endpoints, mangled `Authorization: Seat` headers, and forged links and short codes on the
seat pages. Each gets a 4xx that says why (JSON on the API), never a 5xx, and nothing is
written."""

import pytest
from rest_framework.test import APIClient

from tests.api.test_api_input import BAD_BODIES
from tests.factories import played_record, row_counts

pytestmark = pytest.mark.django_db

SEAT_OPERATIONS = ["result/", "result/confirm/", "result/dispute/"]


def _client(authorization: str | None = None) -> APIClient:
    client = APIClient(HTTP_X_FORWARDED_PROTO="https")
    client.raise_request_exception = False
    if authorization is not None:
        client.credentials(HTTP_AUTHORIZATION=authorization)
    return client


@pytest.mark.parametrize("bad", sorted(BAD_BODIES))
@pytest.mark.parametrize("operation", SEAT_OPERATIONS)
def test_a_seat_tokens_bad_body_gets_a_json_4xx_and_writes_nothing(world, seat_a, operation,
                                                                   bad):
    before = row_counts()
    response = _client(f"Seat {seat_a}").generic(
        "POST", f"/api/v1/tables/{world['free_a'].pk}/{operation}", BAD_BODIES[bad],
        content_type="application/json")
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["detail"]
    assert row_counts() == before


def _mangled(token: str) -> dict:
    return {
        "scheme alone": "Seat",
        "two words": f"Seat {token} {token}",
        "forged signature": f"Seat {token[:-3]}abc",
        "another salt's signature": "Seat 1:abc:def",
        "very long": "Seat " + "A" * 20_000,
        # UTF-8 bytes, as a WSGI server hands them on (decoded as latin-1).
        "utf-8 bytes": "Seat " + ("Ωλ" * 20).encode().decode("latin-1"),
        "latin-1 accents": "Seat " + "é" * 40,
        "control characters": f"Seat {token}\x7f\x01",
        "path and quotes": "Seat ../../etc/passwd';--",
        "compressed payload": "Seat .eJzLSM3JyVcozy_KSQEAGgQEXQ:1:abc",
    }


@pytest.mark.parametrize("case", sorted(_mangled("x")))
def test_a_mangled_seat_header_gets_401_with_a_reason(world, seat_a, case):
    before = row_counts()
    client = _client(_mangled(seat_a)[case])
    for response in (client.get("/api/v1/clubs/"),
                     client.post(f"/api/v1/tables/{world['free_a'].pk}/result/",
                                 played_record(seed=3), format="json")):
        assert response.status_code == 401, (case, response.status_code, response.content[:200])
        assert response.json()["detail"]
    assert row_counts() == before


def test_forged_seat_tokens_from_one_address_end_in_429_and_a_real_one_still_enters(
        world, seat_a, settings):
    settings.LOGIN_FAILURES_PER_ADDRESS = 3
    statuses = [_client(f"Seat {seat_a[:-4]}{n:04d}").get("/api/v1/clubs/").status_code
                for n in range(6)]
    assert statuses[:3] == [401, 401, 401]
    assert statuses[-1] == 429
    # The seat's own token is looked up before any wait: a table is never locked out by
    # somebody else's guessing from the same venue's address.
    response = _client(f"Seat {seat_a}").post(
        f"/api/v1/tables/{world['free_a'].pk}/result/", played_record(seed=3), format="json")
    assert response.status_code == 202, response.content[:300]


HOSTILE_PATHS = ["x", "A" * 5000, "%00", "..%2F..%2Fadmin", "%E2%80%AE", "1:abc:def",
                 "'%20OR%201=1--"]


@pytest.mark.parametrize("token", HOSTILE_PATHS)
def test_a_forged_seat_page_is_404_on_its_page_and_its_check(client, token):
    before = row_counts()
    assert client.get(f"/seat/{token}/", secure=True).status_code == 404
    assert client.post(f"/seat/{token}/check/", {"hand-0-bid-0": "1"},
                       secure=True).status_code == 404
    assert client.post(f"/seat/{token}/", {"entry_action": "submit"},
                       secure=True).status_code == 404
    assert row_counts() == before


HOSTILE_CODES = ["\x00\x00\x00", "A" * 5000, "٣٣٣٣٣٣", "ABC-DEF' OR 1=1", "<script>", " "]


@pytest.mark.parametrize("code", HOSTILE_CODES)
def test_a_hostile_short_code_is_answered_without_error(client, code):
    response = client.get("/seat/", {"code": code}, secure=True)
    assert response.status_code in (400, 404), response.status_code
    assert b"<script>" not in response.content.replace(b"&lt;script&gt;", b"")


@pytest.mark.parametrize("table_id", ["%0B%F1%B9%A5%88", "abc", "1e3", "-1", "%D9%A3",
                                      "9" * 30])
@pytest.mark.parametrize("operation", SEAT_OPERATIONS)
def test_a_table_id_that_is_no_number_is_404_for_a_seat_token(world, seat_a, operation,
                                                               table_id):
    # Found by schemathesis: a control character as the table id answered 500.
    before = row_counts()
    response = _client(f"Seat {seat_a}").post(f"/api/v1/tables/{table_id}/{operation}",
                                              played_record(seed=3), format="json")
    assert response.status_code == 404, (response.status_code, response.content[:200])
    assert response.json()["detail"]
    assert row_counts() == before
