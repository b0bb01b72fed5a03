"""Duplicate nights through the API: created with their boards per round, seated through
the same seating service, their boards read at /api/v1/events/{id}/boards/."""

import pytest

from tests.tournaments.duplicate.helpers import bots
from tournaments.models import Event, EventFormat

pytestmark = pytest.mark.django_db


def create(client, club, **fields):
    return client.post("/api/v1/events/", {"club": club.pk, "name": "Duplicate",
                                           "date": "2026-12-04", "game": "bluke", **fields},
                       format="json")


def test_an_organiser_creates_a_duplicate_night_with_its_boards(client_as, club_b):
    response = create(client_as("bob"), club_b, format="duplicate", boards_per_round=4)
    assert response.status_code == 201
    body = response.json()
    assert body["format"] == "duplicate" and body["boards_per_round"] == 4
    event = Event.objects.get(pk=body["id"])
    assert event.format == EventFormat.DUPLICATE and event.boards_per_round == 4


@pytest.mark.parametrize(("fields", "field"), [
    ({"format": "duplicate", "boards_per_round": 26}, "boards_per_round"),  # Bluke: 25 hands
    ({"format": "duplicate", "boards_per_round": 0}, "boards_per_round"),
    ({"format": "duplicate", "boards_per_round": "many"}, "boards_per_round"),
    ({"format": "rotation", "boards_per_round": 4}, "boards_per_round"),
    ({"format": "mitchell"}, "format"),
])
def test_bad_board_counts_are_refused_naming_the_field(client_as, club_b, fields, field):
    response = create(client_as("bob"), club_b, **fields)
    assert response.status_code == 400 and field in response.json()
    assert not Event.objects.exists()


def test_the_api_seats_a_duplicate_night_and_shows_its_boards(
        client_as, club_b, eager_celery, django_capture_on_commit_callbacks):
    client = client_as("bob")
    event_id = create(client, club_b, format="duplicate", boards_per_round=2).json()["id"]
    players = [p.pk for p in bots(club_b, 8)]
    with django_capture_on_commit_callbacks(execute=True):  # the planning task runs
        response = client.post(f"/api/v1/events/{event_id}/seating/",
                               {"players": players, "rounds": 2, "seed": 4}, format="json")
    assert response.status_code == 202
    boards = client.get(f"/api/v1/events/{event_id}/boards/").json()
    assert [(b["round"], b["number"]) for b in boards] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    seating = client.get(f"/api/v1/events/{event_id}/seating/").json()
    assert all(len(t["seats"]) == 4 for r in seating["rounds"] for t in r["tables"])
    compared = seating["report"]["comparisons"]  # the plan says who is compared with whom
    assert compared["pairs_possible"] == 28
    assert sum(n for _a, _b, n in compared["pairs"]) == 2 * 4  # 2 rounds, 4 seats, 1 pair each
    assert client_as("anonymous").get(f"/api/v1/events/{event_id}/boards/").status_code == 404
