"""A night's format in the API: read on every event, set when creating one, and the next
round of a king's table or Swiss night formed on request (the permission matrix of that
new way in, and its refusals of bad input)."""

import pytest

from league.permissions import SYSTEM
from tests.factories import EventFactory, played_record, row_counts
from tournaments.models import Event
from tournaments.services.results import result_submit
from tournaments.services.seating import event_plan_seating, event_set_attendance

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "seat_a", "anonymous"]


@pytest.fixture
def kings_night(club_a, players_a, alice):
    """Club A's king's table night, its first round finished."""
    event = EventFactory(club=club_a, format="kings")
    event_set_attendance(event=event, players=players_a, user=alice)
    event_plan_seating(event=event, players=players_a, rounds=3, seed=2, user=alice)
    for table in event.rounds.get(number=1).tables.all():
        seats = [s.player.display_name for s in table.seats.order_by("position")]
        result_submit(table=table, record=played_record(players=len(seats), seats=seats),
                      source="import", user=SYSTEM)
    return event


NEXT_ROUND = {"alice": 201, "sam": 403, "pat": 403, "bob": 404, "token_b": 404,
              "seat_a": 403, "anonymous": 401}


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_clubs_organisers_form_the_next_round(world, kings_night, client_as, persona):
    before = row_counts()
    response = client_as(persona).post(f"/api/v1/events/{kings_night.pk}/next-round/",
                                       {}, format="json")
    assert response.status_code == NEXT_ROUND[persona], response.content
    if response.status_code == 201:
        assert response.json()["number"] == 2
        assert kings_night.rounds.count() == 2
    else:
        assert row_counts() == before


def test_the_format_is_read_with_the_event(kings_night, client_as):
    body = client_as("alice").get(f"/api/v1/events/{kings_night.pk}/").json()
    assert body["format"] == "kings"


def test_an_event_is_created_in_a_format(club_b, client_as):
    response = client_as("bob").post("/api/v1/events/", {
        "club": club_b.pk, "name": "Swiss night", "date": "2026-04-01", "game": "bluke",
        "format": "swiss"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["format"] == "swiss"
    assert Event.objects.get(pk=response.json()["id"]).format == "swiss"
    plain = client_as("bob").post("/api/v1/events/", {
        "club": club_b.pk, "name": "Night", "date": "2026-04-01", "game": "bluke"},
        format="json")
    assert plain.json()["format"] == "rotation", "left out: the seat rotation"


@pytest.mark.parametrize("value", ["knockout", "", None, 3, ["kings"], "KINGS", "kings\x00"])
def test_a_bad_format_is_refused_naming_the_field(club_b, client_as, value):
    bob = client_as("bob")
    before = row_counts()
    response = bob.post("/api/v1/events/", {
        "club": club_b.pk, "name": "Night", "date": "2026-04-01", "game": "bluke",
        "format": value}, format="json")
    assert response.status_code == 400
    assert "format" in str(response.json()), response.json()  # the field is named
    assert row_counts() == before


def test_a_partnership_game_cannot_be_played_as_a_kings_night(club_b, client_as):
    response = client_as("bob").post("/api/v1/events/", {
        "club": club_b.pk, "name": "Night", "date": "2026-04-01", "game": "back-alley",
        "format": "kings"}, format="json")
    assert response.status_code == 400
    assert "partnerships" in str(response.json())


def test_the_next_round_waits_for_every_table(club_a, players_a, alice, client_as):
    event = EventFactory(club=club_a, format="swiss")
    event_plan_seating(event=event, players=players_a, rounds=3, seed=2, user=alice)
    response = client_as("alice").post(f"/api/v1/events/{event.pk}/next-round/", format="json")
    assert response.status_code == 400
    assert "no complete result yet at table 1" in str(response.json())
    assert event.rounds.count() == 1
