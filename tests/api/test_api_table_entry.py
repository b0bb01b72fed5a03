"""Table entry through the API: seat tokens submit, confirm and dispute; organisers decide.

Club A is private, club B public (tests/api/conftest.py's world). `seat_client(table, n)` is
an API client carrying the seat token of seat n at that table.
"""

import pytest
from rest_framework.test import APIClient

from league.models import AuditEntry
from tests.factories import played_record, row_counts, seated_table
from tournaments.models import PendingResult, TableResult
from tournaments.services.seat_links import seat_links_for_event, seat_token


def names(table):
    return [s.player.display_name for s in table.seats.order_by("position")]


@pytest.fixture
def seat_client(db, alice, bob):
    organisers = {"club-a": alice, "club-b": bob}

    def make(table, position, *, key=None) -> APIClient:
        event = table.round.event
        links = seat_links_for_event(event=event, user=organisers[event.club.slug])
        link = next(k for k in links if k.seat.table_id == table.pk
                    and k.seat.position == position)
        client = APIClient(HTTP_X_FORWARDED_PROTO="https")
        client.credentials(HTTP_AUTHORIZATION=f"Seat {key or seat_token(link)}")
        return client

    return make


def url(table, tail=""):
    return f"/api/v1/tables/{table.pk}/result/{tail}"


@pytest.fixture
def free_a(world):
    return world["free_a"]


def test_a_seat_submits_and_gets_202_pending(free_a, seat_client):
    record = played_record(seed=3, seats=names(free_a))
    response = seat_client(free_a, 0).post(url(free_a), record, format="json")
    assert response.status_code == 202, response.content
    body = response.json()
    assert (body["status"], body["submitted_seat"], body["submitted_via"]) == \
        ("pending", 0, "api")
    assert not TableResult.objects.filter(table=free_a).exists()
    shown = seat_client(free_a, 2).get(url(free_a)).json()
    assert shown["status"] == "pending" and shown["record"] == record


def test_the_submitter_confirming_gets_403_an_opponent_201(free_a, seat_client):
    seat_client(free_a, 0).post(url(free_a), played_record(seed=3, seats=names(free_a)),
                                format="json")
    refused = seat_client(free_a, 0).post(url(free_a, "confirm/"))
    assert refused.status_code == 403 and "You submitted" in refused.json()["detail"]
    confirmed = seat_client(free_a, 1).post(url(free_a, "confirm/"))
    assert confirmed.status_code == 201, confirmed.content
    game = TableResult.objects.get(table=free_a)
    assert confirmed.json()["id"] == game.pk and game.source == "table"
    assert seat_client(free_a, 1).get(url(free_a)).json()["status"] == "confirmed"


def test_in_pitch_the_partner_confirming_gets_403(club_a, players_a, seat_client):
    table = seated_table(club_a, players_a, game="pitch")
    record = played_record("pitch", seed=4, seats=names(table), hands=6)
    assert seat_client(table, 1).post(url(table), record, format="json").status_code == 202
    partner = seat_client(table, 3).post(url(table, "confirm/"))
    assert partner.status_code == 403 and "partner" in partner.json()["detail"]
    assert seat_client(table, 0).post(url(table, "confirm/")).status_code == 201


def test_a_second_different_submission_gets_409_and_opens_the_dispute(free_a, seat_client):
    seat_client(free_a, 0).post(url(free_a), played_record(seed=3, seats=names(free_a)),
                                format="json")
    other = played_record(seed=4, seats=names(free_a))
    response = seat_client(free_a, 1).post(url(free_a), other, format="json")
    assert response.status_code == 409
    assert response.json()["pending"]["status"] == "disputed"
    assert response.json()["pending"]["disputed_record"] == other
    assert PendingResult.objects.filter(table=free_a).count() == 1
    assert not TableResult.objects.filter(table=free_a).exists()


def test_a_record_that_fails_the_rules_gets_400_with_named_errors(free_a, seat_client):
    record = played_record(seed=3, seats=names(free_a))
    record["hands"][2]["tricks"] = [13, 0, 0, 0]
    before = row_counts()
    response = seat_client(free_a, 0).post(url(free_a), record, format="json")
    assert response.status_code == 400
    first = response.json()["errors"][0]
    assert (first["hand"], first["seat"], first["field"]) == (3, 0, "tricks")
    assert row_counts() == before and not PendingResult.objects.exists()


def test_a_dispute_carries_the_disputers_record(free_a, seat_client):
    seat_client(free_a, 0).post(url(free_a), played_record(seed=3, seats=names(free_a)),
                                format="json")
    mine = played_record(seed=5, seats=names(free_a))
    response = seat_client(free_a, 1).post(url(free_a, "dispute/"),
                                           {"record": mine, "reason": "hand 4"}, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["status"], response.json()["disputed_record"]) == \
        ("disputed", mine)
    assert AuditEntry.objects.filter(action="result.dispute", reason="hand 4").exists()


def test_the_organiser_resolves_and_a_seat_cannot(free_a, seat_client, client_as):
    seat_client(free_a, 0).post(url(free_a), played_record(seed=3, seats=names(free_a)),
                                format="json")
    mine = played_record(seed=5, seats=names(free_a))
    seat_client(free_a, 1).post(url(free_a, "dispute/"), {"record": mine}, format="json")
    assert seat_client(free_a, 1).post(url(free_a, "approve/"),
                                       {"version": "disputed"}).status_code in (401, 403, 404)
    assert client_as("sam").post(url(free_a, "approve/"),
                                 {"version": "disputed"}).status_code == 403
    response = client_as("alice").post(url(free_a, "approve/"), {"version": "disputed"},
                                       format="json")
    assert response.status_code == 201, response.content
    assert TableResult.objects.get(table=free_a).record == mine


def test_the_same_submission_with_the_same_idempotency_key_replays(free_a, seat_client):
    client = seat_client(free_a, 0)
    record = played_record(seed=3, seats=names(free_a))
    first = client.post(url(free_a), record, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = client.post(url(free_a), record, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, again.status_code) == (202, 202)
    assert first.json() == again.json()
    assert AuditEntry.objects.filter(action="result.table-submit").count() == 1


def test_organisers_list_the_nights_seat_links(free_a, client_as):
    event = free_a.round.event
    response = client_as("alice").get(f"/api/v1/events/{event.pk}/seat-links/")
    assert response.status_code == 200
    rows = response.json()
    seated = sum(t.seats.filter(player__isnull=False).count() for t in
                 [s for r in event.rounds.all() for s in r.tables.all()])
    assert len(rows) == seated
    row = next(r for r in rows if r["table"] == free_a.pk and r["seat"] == 0)
    assert row["player"] == "Alice" and row["link"].startswith("https://")
    assert f"/seat/{row['token']}/" in row["link"] and len(row["short_code"]) == 11
    for persona, expected in {"sam": 403, "pat": 403, "bob": 404, "token_b": 404,
                              "anonymous": 404}.items():
        assert client_as(persona).get(
            f"/api/v1/events/{event.pk}/seat-links/").status_code == expected, persona
