"""DELETE /api/v1/tables/{id}/result/: organisers remove a result, with a reason."""

import pytest

from league.models import AuditEntry
from league.permissions import SYSTEM
from rankings.models import StandingRow
from tests.factories import played_record, row_counts
from tournaments.models import EventStatus, TableResult
from tournaments.services.results import result_submit


def url(table):
    return f"/api/v1/tables/{table.pk}/result/"


def test_an_organiser_removes_a_result_with_a_reason_in_the_query(world, client_as):
    game = world["game_a"]
    response = client_as("alice").delete(url(world["table_a"]) + "?reason=wrong+night")
    assert response.status_code == 200, response.content
    assert response.json() == {
        "detail": "Result removed; standings and ratings are being recomputed.",
        "table": world["table_a"].pk, "game": game.pk, "season": None}
    assert not TableResult.objects.filter(pk=game.pk).exists()
    entry = AuditEntry.objects.get(action="result.remove")
    assert (entry.actor.username, entry.reason, entry.target_id) == ("alice", "wrong night",
                                                                     game.pk)


def test_the_reason_may_come_in_a_json_body(world, client_as):
    response = client_as("bob").delete(url(world["table_b"]), {"reason": "test entry"},
                                       format="json")
    assert response.status_code == 200, response.content
    assert AuditEntry.objects.get(action="result.remove").reason == "test entry"


@pytest.mark.parametrize("query", ["", "?reason=", "?reason=%20%20"])
def test_it_refuses_a_removal_without_a_reason(world, client_as, query):
    before = row_counts()
    response = client_as("alice").delete(url(world["table_a"]) + query)
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["reason-required"]
    assert row_counts() == before


def test_it_refuses_an_overlong_reason(world, client_as):
    before = row_counts()
    response = client_as("alice").delete(url(world["table_a"]), {"reason": "x" * 2001},
                                         format="json")
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["reason-too-long"]
    assert row_counts() == before


def test_removing_twice_answers_404_and_changes_nothing(world, client_as):
    client = client_as("alice")
    assert client.delete(url(world["table_a"]) + "?reason=dup").status_code == 200
    before = row_counts()
    response = client.delete(url(world["table_a"]) + "?reason=dup")
    assert response.status_code == 404
    assert "has no result to remove" in response.json()["detail"]
    assert row_counts() == before


def test_a_retry_with_the_same_idempotency_key_replays_the_answer(world, client_as):
    client = client_as("alice")
    first = client.delete(url(world["table_a"]) + "?reason=dup", HTTP_IDEMPOTENCY_KEY="rm-1")
    again = client.delete(url(world["table_a"]) + "?reason=dup", HTTP_IDEMPOTENCY_KEY="rm-1")
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"


def test_the_same_idempotency_key_with_another_reason_is_refused(world, client_as):
    client = client_as("alice")
    first = client.delete(url(world["table_a"]) + "?reason=one", HTTP_IDEMPOTENCY_KEY="rm-2")
    other = client.delete(url(world["table_a"]) + "?reason=two", HTTP_IDEMPOTENCY_KEY="rm-2")
    assert (first.status_code, other.status_code) == (200, 422)


def test_a_closed_nights_result_is_not_removed(world, client_as):
    event = world["table_a"].round.event
    event.status = EventStatus.CLOSED
    event.save()
    before = row_counts()
    response = client_as("alice").delete(url(world["table_a"]) + "?reason=late")
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["event-closed"]
    assert row_counts() == before


@pytest.mark.parametrize("persona, status, message", [
    ("sam", 403, "Only the club's organisers may remove a result."),
    ("token_b", 404, "No Table matches"),  # club A is private: its table is invisible to B's token
    ("anonymous", 401, "credentials"),
])
def test_it_says_clearly_why_a_removal_is_refused(world, client_as, persona, status,
                                                  message):
    before = row_counts()
    response = client_as(persona).delete(url(world["table_a"]) + "?reason=x")
    assert response.status_code == status
    assert message in response.json()["detail"]
    assert row_counts() == before


def test_a_token_is_told_that_removal_needs_an_organisers_login(world, client_as):
    response = client_as("token_b").delete(url(world["table_b"]) + "?reason=x")
    assert response.status_code == 403
    assert "API tokens may not remove results" in response.json()["detail"]
    assert TableResult.objects.filter(pk=world["game_b"].pk).exists()


def test_the_seasons_standings_follow_the_removal(world, client_as, eager_celery,
                                                  django_capture_on_commit_callbacks):
    season = world["season_a"]
    event = world["table_a"].round.event
    event.season = season
    event.save()
    names = [s.player.display_name for s in world["free_a"].seats.order_by("position")]
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(table=world["free_a"], record=played_record(seed=5, seats=names),
                      source="bot", user=SYSTEM)
    assert {r.games for r in StandingRow.objects.filter(season=season)} == {2}
    with django_capture_on_commit_callbacks(execute=True):
        response = client_as("alice").delete(url(world["table_a"]) + "?reason=wrong+night")
    assert response.json()["season"] == season.pk
    assert {r.games for r in StandingRow.objects.filter(season=season)} == {1}


def test_the_schema_documents_the_removal_and_its_required_reason(client_as):
    schema = client_as("anonymous").get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/tables/{id}/result/"]["delete"]
    reason = next(p for p in operation["parameters"] if p["name"] == "reason")
    assert (reason["in"], reason["required"]) == ("query", True)
    assert {"200", "400", "401", "403", "404"} <= set(operation["responses"])
