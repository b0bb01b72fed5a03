"""A night played online, seen and grown through the API: its JSON says `online`, and a table
an organiser adds to one of its rounds is played online too, with the night's settings."""

import pytest

from tournaments.models import Event, OnlineMatch, Table
from tournaments.services.online_tables import tables_set_online

pytestmark = pytest.mark.django_db


def _night(world, client):
    event = client.post("/api/v1/events/", {"club": world["club_a"].pk, "name": "Night",
                                            "date": "2026-05-01", "game": "back-alley"},
                        format="json").json()
    round_ = client.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    return Event.objects.get(pk=event["id"]), round_


def test_a_table_added_to_an_online_night_is_online_with_its_settings(world, alice,
                                                                       client_as):
    client = client_as("alice")
    event, round_ = _night(world, client)
    seats = [p.pk for p in world["players_a"]]
    first = client.post("/api/v1/tables/", {"round": round_["id"], "seats": seats},
                        format="json").json()
    tables_set_online(event=event, user=alice, online=True, bot_strength="random",
                      timeout_seconds=45)
    assert client.get(f"/api/v1/events/{event.pk}/").json()["online"] is True

    added = client.post("/api/v1/tables/", {"round": round_["id"], "seats": seats[::-1]},
                        format="json")
    assert added.status_code == 201 and added.json()["online"] is True
    match = OnlineMatch.objects.get(table_id=added.json()["id"])
    assert (match.bot_strength, match.timeout_seconds) == ("random", 45)
    assert Table.objects.get(pk=first["id"]).online


def test_a_table_added_to_a_paper_night_stays_on_paper(world, alice, client_as):
    client = client_as("alice")
    event, round_ = _night(world, client)
    assert client.get(f"/api/v1/events/{event.pk}/").json()["online"] is False
    added = client.post("/api/v1/tables/", {"round": round_["id"],
                                            "seats": [p.pk for p in world["players_a"]]},
                        format="json")
    assert added.status_code == 201 and added.json()["online"] is False
    assert not OnlineMatch.objects.filter(table_id=added.json()["id"]).exists()


def test_the_events_online_flag_is_not_written_through_the_event(world, alice, client_as):
    client = client_as("alice")
    event, _ = _night(world, client)
    client.patch(f"/api/v1/events/{event.pk}/", {"online": True}, format="json")
    event.refresh_from_db()
    assert not event.online  # read-only there: marking goes through the tables' service
