"""The permission matrix for seat tokens: a seat token reaches its own table's entry only.

A seat token of club A's free table (seat 1) against the other tables of its club (private:
404), club B's tables (public: 403), every list, every write, and its own table's stored
result (no removal). Refusals leave the database unchanged.
"""

import pytest
from rest_framework.test import APIClient

from tests.api.test_api_permissions import LISTS
from tests.factories import played_record, row_counts
from tournaments.models import EventStatus, SeatLink
from tournaments.services.seat_links import seat_link_revoke, seat_links_for_event, seat_token


@pytest.fixture
def own_link(world, alice):
    links = seat_links_for_event(event=world["free_a"].round.event, user=alice)
    return next(k for k in links if k.seat.table_id == world["free_a"].pk
                and k.seat.position == 0)


def seat(key: str) -> APIClient:
    client = APIClient(HTTP_X_FORWARDED_PROTO="https")
    client.credentials(HTTP_AUTHORIZATION=f"Seat {key}")
    return client


@pytest.fixture
def client(own_link, world):
    round_b = world["table_b"].round  # published: the public (and a seat token) sees it
    round_b.published = True
    round_b.save()
    return seat(seat_token(own_link))


OTHER_TABLES = {"table_a": 404, "free_b": 403, "table_b": 403}


@pytest.mark.parametrize("other", sorted(OTHER_TABLES))
@pytest.mark.parametrize("tail", ["", "confirm/", "dispute/"])
def test_a_seat_token_cannot_write_another_table(world, client, other, tail):
    table = world[other]
    before = row_counts()
    response = client.post(f"/api/v1/tables/{table.pk}/result/{tail}",
                           played_record(seed=3) if not tail else {}, format="json")
    assert response.status_code == OTHER_TABLES[other]
    assert row_counts() == before


@pytest.mark.parametrize("other", sorted(OTHER_TABLES))
def test_a_seat_token_cannot_read_another_tables_entry(world, client, other):
    response = client.get(f"/api/v1/tables/{world[other].pk}/result/")
    assert response.status_code == OTHER_TABLES[other]


@pytest.mark.parametrize("endpoint", sorted(LISTS))
def test_a_seat_token_reads_nothing_of_its_private_club(world, client, endpoint):
    private_id = LISTS[endpoint](world)
    assert client.get(f"/api/v1/{endpoint}/{private_id}/").status_code == 404
    rows = client.get(f"/api/v1/{endpoint}/", {"page_size": 1000}).json()["results"]
    assert private_id not in {row["id"] for row in rows}


def test_a_seat_token_cannot_remove_or_manage(world, client):
    before = row_counts()
    game_a = world["game_a"]
    assert client.delete(f"/api/v1/tables/{game_a.table_id}/result/?reason=x"
                         ).status_code in (403, 404)
    assert client.post("/api/v1/events/", {"club": world["club_a"].pk, "name": "N",
                                           "date": "2026-04-01"}).status_code in (401, 403)
    event_b = world["table_b"].round.event_id
    assert client.get(f"/api/v1/events/{event_b}/seat-links/").status_code == 403
    event_a = world["free_a"].round.event_id
    assert client.get(f"/api/v1/events/{event_a}/seat-links/").status_code == 404
    assert row_counts() == before


def test_a_forged_revoked_or_closed_nights_seat_token_gets_401(world, own_link, alice):
    token = seat_token(own_link)
    assert seat(token[:-2] + "xx").get("/api/v1/clubs/").status_code == 401
    fresh = seat_link_revoke(link=own_link, user=alice)
    assert seat(token).get("/api/v1/clubs/").status_code == 401
    assert seat(seat_token(fresh)).get(
        f"/api/v1/tables/{world['free_a'].pk}/result/").status_code == 404  # nothing yet
    event = world["free_a"].round.event
    event.status = EventStatus.CLOSED
    event.save()
    assert seat(seat_token(fresh)).get("/api/v1/clubs/").status_code == 401
    assert SeatLink.objects.filter(seat=own_link.seat).count() == 2


@pytest.mark.parametrize("path", [
    "/api/v1/games/{id}/correct/", "/api/v1/seats/{id}/assign/", "/api/v1/clubs/{id}/members/",
])
def test_a_seat_tokens_refusal_elsewhere_does_not_tell_whether_the_object_exists(
        world, client, path):
    existing = {"games": world["game_b"].pk, "seats": world["free_b"].seats.first().pk,
                "clubs": world["club_b"].pk}[path.split("/")[3]]
    answers = {client.post(path.format(id=pk), {}, format="json").status_code
               for pk in (existing, 999_999)}
    assert answers == {403}
