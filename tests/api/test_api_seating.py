"""Seating over the API: POST a plan request (202), poll its status and plan; task status;
publishing rounds and closing the night."""

import pytest

from league.models import AuditEntry
from league.permissions import SYSTEM
from tests.factories import EventFactory, MembershipFactory, PlayerFactory, played_record
from tournaments.models import Event, EventStatus, Round
from tournaments.services.results import result_submit


@pytest.fixture
def night_b(club_b, players_b):
    """An event of club B with eight members to seat (bob's four and four more)."""
    more = [PlayerFactory(display_name=f"Extra {i}") for i in range(4)]
    for player in more:
        MembershipFactory(club=club_b, player=player)
    return EventFactory(club=club_b), [*players_b, *more]


def _seating(event):
    return f"/api/v1/events/{event.pk}/seating/"


def _request(client, event, players, rounds=2, seed=7, capture=None):
    body = {"players": [p.pk for p in players], "rounds": rounds, "seed": seed}
    with capture(execute=True):
        return client.post(_seating(event), body, format="json")


def test_it_plans_seating_in_the_background_and_answers_202_with_the_status_url(
        client_as, night_b, eager_celery, django_capture_on_commit_callbacks):
    event, players = night_b
    bob = client_as("bob")
    response = _request(bob, event, players, capture=django_capture_on_commit_callbacks)
    assert response.status_code == 202
    body = response.json()
    assert body["status_url"].endswith(_seating(event)) and response["Location"] == \
        body["status_url"]
    task_id = body["task"]["id"]
    status = bob.get(_seating(event)).json()
    assert status["task"]["id"] == task_id and status["task"]["state"] == "SUCCESS"
    assert status["task"]["ready"] and status["task"]["result"] == {"event": event.pk,
                                                                    "rounds": 2}
    assert status["seed"] == 7 and status["report"]["players"] == 8
    assert len(status["rounds"]) == 2
    for rnd in status["rounds"]:
        seated = [s["player"] for t in rnd["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(p.pk for p in players)
        names = {s["player_name"] for t in rnd["tables"] for s in t["seats"]}
        assert "Bob" in names
    event.refresh_from_db()
    assert event.seating["attendance"] == sorted(p.pk for p in players)


def test_it_shows_a_queued_plan_as_pending_and_not_ready(client_as, night_b,
                                                          django_capture_on_commit_callbacks):
    event, players = night_b
    bob = client_as("bob")
    with django_capture_on_commit_callbacks(execute=False):  # no worker picks it up
        response = bob.post(_seating(event), {"players": [p.pk for p in players],
                                              "rounds": 1}, format="json")
    assert response.status_code == 202
    task = bob.get(_seating(event)).json()["task"]
    assert task["state"] in ("PENDING", "STARTED") and task["ready"] is False
    assert task["result"] is None


def test_it_reports_a_failed_plan_with_its_error(client_as, night_b, monkeypatch,
                                                  django_capture_on_commit_callbacks):
    from tournaments.services import seating
    from tournaments.services.seating import event_run_seating_request

    event, players = night_b
    with django_capture_on_commit_callbacks(execute=False):
        task_id = seating.event_request_seating(event=event, players=players, rounds=1,
                                                user=SYSTEM)
    monkeypatch.setattr(seating, "event_plan_seating", _refuse_plan)
    event_run_seating_request(event=Event.objects.get(pk=event.pk), task_id=task_id)
    task = client_as("bob").get(_seating(event)).json()["task"]
    assert task == {**task, "id": task_id, "state": "FAILURE", "ready": True,
                    "error": "no tables of three today", "result": None}


def _refuse_plan(**kwargs):
    from django.core.exceptions import ValidationError

    raise ValidationError("no tables of three today")


def test_it_lets_only_organisers_request_a_plan(client_as, night_b, world):
    event, players = night_b
    body = {"players": [p.pk for p in players], "rounds": 1}
    assert client_as("token_b").post(_seating(event), body, format="json").status_code == 403
    assert client_as("alice").post(_seating(event), body, format="json").status_code == 403
    assert client_as("anonymous").post(_seating(event), body,
                                       format="json").status_code == 401
    private = _seating(world["table_a"].round.event)
    assert client_as("bob").post(private, body, format="json").status_code == 404
    assert client_as("bob").get(private).status_code == 404
    assert not Round.objects.filter(event=event).exists()


def test_it_answers_400_naming_the_field_for_a_bad_request(client_as, night_b, club_a, alice):
    event, players = night_b
    bob = client_as("bob")
    response = bob.post(_seating(event), {"players": [players[0].pk], "rounds": 0},
                        format="json")
    assert response.status_code == 400 and "rounds" in response.json()
    stranger = PlayerFactory()  # in no club bob can see: reads as missing
    response = bob.post(_seating(event), {"players": [stranger.pk], "rounds": 1},
                        format="json")
    assert response.status_code == 400 and "players" in response.json()
    response = bob.post(_seating(event), {"players": [p.pk for p in players[:2]],
                                          "rounds": 1}, format="json")
    assert response.status_code == 400 and "at least" in str(response.json())


def test_the_task_endpoint_shows_a_clubs_task_to_its_members_only(
        client_as, night_b, eager_celery, alice, django_capture_on_commit_callbacks):
    event, players = night_b
    task_id = _request(client_as("bob"), event, players,
                       capture=django_capture_on_commit_callbacks).json()["task"]["id"]
    url = f"/api/v1/tasks/{task_id}/"
    for persona in ("bob", "token_b"):
        body = client_as(persona).get(url).json()
        assert body["id"] == task_id and body["state"] == "SUCCESS" and body["ready"]
    assert client_as("alice").get(url).status_code == 404  # another club's task
    assert client_as("anonymous").get(url).status_code == 401
    assert client_as("bob").get("/api/v1/tasks/no-such-task/").status_code == 404


def test_an_organiser_publishes_and_unpublishes_a_round(client_as, world):
    rnd = world["table_b"].round
    rnd.published = False
    rnd.save(update_fields=["published"])
    bob = client_as("bob")
    response = bob.post(f"/api/v1/rounds/{rnd.pk}/publish/", {}, format="json")
    assert response.status_code == 200 and response.json()["published"] is True
    response = bob.post(f"/api/v1/rounds/{rnd.pk}/publish/", {"published": False},
                        format="json")
    assert response.json()["published"] is False
    assert AuditEntry.objects.filter(action="round.publish", target_id=rnd.pk).count() == 2
    assert client_as("token_b").post(f"/api/v1/rounds/{rnd.pk}/publish/").status_code == 403
    private = world["table_a"].round.pk
    assert bob.post(f"/api/v1/rounds/{private}/publish/").status_code == 404
    assert client_as("sam").post(f"/api/v1/rounds/{private}/publish/").status_code == 403


def test_an_organiser_closes_a_night_and_it_refuses_new_results(client_as, world):
    event = world["table_b"].round.event
    bob, url = client_as("bob"), f"/api/v1/events/{event.pk}/close/"
    response = bob.post(url, {}, format="json")  # free_b has no result yet
    assert response.status_code == 400 and "tables" in response.json()
    response = bob.post(url, {"force": True, "reason": "Hall closes at ten"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == EventStatus.CLOSED
    response = client_as("token_b").post(f"/api/v1/tables/{world['free_b'].pk}/result/",
                                         played_record(seed=5), format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "event-closed"
    body = {"players": [p.pk for p in world["players_b"]], "rounds": 1}
    response = bob.post(_seating(event), body, format="json")
    assert response.status_code == 400 and "closed" in str(response.json())


def test_only_organisers_close_a_night(client_as, world):
    event = world["table_a"].round.event
    result_submit(table=world["free_a"], record=played_record(seed=6), source="bot",
                  user=SYSTEM)
    url = f"/api/v1/events/{event.pk}/close/"
    assert client_as("sam").post(url, {}, format="json").status_code == 403
    assert client_as("bob").post(url, {}, format="json").status_code == 404
    assert client_as("alice").post(url, {}, format="json").status_code == 200
