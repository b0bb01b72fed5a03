"""POST /api/v1/tables/{id}/result/ and /games/{id}/correct/: outcomes, bad input, idempotency."""

import copy
import json

import pytest

from league.models import AuditEntry, IdempotencyRecord
from tests.factories import played_record, row_counts, seated_table
from tournaments.models import TableResult


def _url(table):
    return f"/api/v1/tables/{table.pk}/result/"


@pytest.fixture
def sam_client(client_as):
    return client_as("sam")


def test_it_stores_a_result_and_answers_201_with_the_game_and_its_hands(world, sam_client):
    record = played_record(seed=5)
    response = sam_client.post(_url(world["free_a"]), record, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["table"] == world["free_a"].pk and body["status"] == "complete"
    assert len(body["hands"]) == 25 and body["totals"] == record["totals"]
    assert body["players"] == [p.pk for p in world["players_a"]]


def test_it_answers_200_with_the_stored_game_for_an_identical_resubmission(world, sam_client):
    record = played_record(seed=5)
    first = sam_client.post(_url(world["free_a"]), record, format="json").json()
    before = row_counts()
    again = sam_client.post(_url(world["free_a"]), record, format="json")
    assert again.status_code == 200 and again.json()["id"] == first["id"]
    assert row_counts() == before


def test_it_answers_409_for_a_different_result(world, sam_client):
    before = row_counts()
    response = sam_client.post(_url(world["table_a"]), played_record(seed=5), format="json")
    assert response.status_code == 409
    assert response.json()["game"] == world["game_a"].pk
    assert row_counts() == before


def _broken(mutate):
    record = played_record(seed=5)
    mutate(record)
    return record


BAD_RECORDS = {
    "an unknown game": (lambda r: r.update(game="whist"), "game-mismatch"),
    "the wrong seat count": (lambda r: r.update(seats=r["seats"][:3]), "seat-count"),
    "an unknown option": (lambda r: r["options"].update(colour="red"), "bad-options"),
    "other options than the table's": (lambda r: r["options"].update(zero_bids=True),
                                        "options-mismatch"),
    "a broken rule": (lambda r: r["hands"][0].update(tricks=[13, 0, 0, 0]), None),
    "made-up scores": (lambda r: r["hands"][2].update(scores=[999, 0, 0, 0]), None),
    "a missing hand list": (lambda r: r.pop("hands"), None),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_it_refuses_a_bad_record_with_400_and_clear_errors(world, sam_client, case):
    mutate, code = BAD_RECORDS[case]
    before = row_counts()
    response = sam_client.post(_url(world["free_a"]), _broken(mutate), format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and all(error["message"] and error["code"] for error in errors)
    if code:
        assert errors[0]["code"] == code
    assert row_counts() == before


@pytest.mark.parametrize("body", ['{"game": "bluke", ', "[1, 2, 3]", '"text"', "null"])
def test_it_refuses_a_body_that_is_not_a_json_object(world, sam_client, body):
    before = row_counts()
    response = sam_client.post(_url(world["free_a"]), body, content_type="application/json")
    assert response.status_code == 400
    assert row_counts() == before


def test_it_refuses_a_table_of_another_club_even_when_public(world, client_as):
    world["club_a"].is_public = True
    world["club_a"].save()
    before = row_counts()
    response = client_as("token_b").post(_url(world["free_a"]), played_record(seed=5),
                                         format="json")
    assert response.status_code == 403
    assert row_counts() == before


def test_it_answers_404_for_a_table_that_does_not_exist(world, sam_client):
    assert sam_client.post("/api/v1/tables/999999/result/", {}, format="json").status_code == 404


# --- Idempotency-Key ------------------------------------------------------------------------

def _post_with_key(client, table, record, key="k-1"):
    return client.post(_url(table), record, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_it_replays_the_stored_response_for_the_same_key_and_body(world, sam_client):
    record = played_record(seed=5)
    first = _post_with_key(sam_client, world["free_a"], record)
    assert first.status_code == 201
    before = row_counts()
    replay = _post_with_key(sam_client, world["free_a"], copy.deepcopy(record))
    assert replay.status_code == 201 and replay["Idempotent-Replayed"] == "true"
    assert replay.json() == first.json()
    assert row_counts() == before


def test_it_answers_422_for_the_same_key_with_another_body(world, sam_client):
    _post_with_key(sam_client, world["free_a"], played_record(seed=5))
    before = row_counts()
    response = _post_with_key(sam_client, world["free_a"], played_record(seed=6))
    assert response.status_code == 422
    assert row_counts() == before


def test_it_answers_409_while_a_request_with_the_key_is_in_flight(world, sam_client, sam):
    record = played_record(seed=5)
    request_hash = _hash_of(sam_client, world["free_a"], record)
    IdempotencyRecord.objects.create(owner=f"user:{sam.pk}", key="k-1",
                                     request_hash=request_hash)
    response = _post_with_key(sam_client, world["free_a"], record)
    assert response.status_code == 409
    assert not TableResult.objects.filter(table=world["free_a"]).exists()


def _hash_of(client, table, record):
    """The hash the server computes for a request: method, path and canonical JSON body."""
    import hashlib

    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"POST {_url(table)}\n{body}".encode()).hexdigest()


def test_it_keeps_keys_apart_per_owner(world, client_as):
    record = played_record(seed=5)
    assert _post_with_key(client_as("sam"), world["free_a"], record).status_code == 201
    other = _post_with_key(client_as("alice"), world["free_a"], record)
    assert other.status_code == 200 and "Idempotent-Replayed" not in other
    owners = set(IdempotencyRecord.objects.values_list("owner", flat=True))
    assert owners == {f"user:{world['players_a'][0].user_id}", f"user:{world['players_a'][1].user_id}"}


def test_it_uses_the_token_as_the_owner_of_a_key(world, client_as, token_b):
    response = _post_with_key(client_as("token_b"), world["free_b"], played_record(seed=5))
    assert response.status_code == 201
    assert IdempotencyRecord.objects.get().owner == f"token:{token_b[0].pk}"


def test_it_forgets_a_key_whose_request_failed(world, client_as):
    response = _post_with_key(client_as("pat"), world["free_a"], played_record(seed=5))
    assert response.status_code == 403
    assert not IdempotencyRecord.objects.exists()


# --- Corrections ---------------------------------------------------------------------------

def test_it_corrects_a_result_and_keeps_the_reason_in_the_audit(world, client_as, alice):
    game = world["game_a"]
    old_record, new_record = game.record, played_record(seed=8)
    response = client_as("alice").post(f"/api/v1/games/{game.pk}/correct/",
                                       {"record": new_record, "reason": "Rows swapped"},
                                       format="json")
    assert response.status_code == 200
    assert response.json()["totals"] == new_record["totals"]
    entry = AuditEntry.objects.get(action="result.correct", target_id=game.pk)
    assert (entry.actor, entry.reason) == (alice, "Rows swapped")
    assert entry.before["record"] == old_record and entry.after["record"] == new_record


@pytest.mark.parametrize("body", [{"record": {}}, {"reason": "x"}, {"record": {}, "reason": ""},
                                  {"record": [], "reason": "x"}])
def test_it_refuses_a_correction_without_a_record_or_reason(world, client_as, body):
    before = row_counts()
    response = client_as("alice").post(f"/api/v1/games/{world['game_a'].pk}/correct/", body,
                                       format="json")
    assert response.status_code == 400
    assert row_counts() == before


def test_it_refuses_a_correction_that_breaks_the_rules(world, client_as):
    record = played_record(seed=8)
    record["hands"][0]["bids"] = [99, 0, 0, 0]
    before = row_counts()
    response = client_as("alice").post(f"/api/v1/games/{world['game_a'].pk}/correct/",
                                       {"record": record, "reason": "fix"}, format="json")
    assert response.status_code == 400 and response.json()["errors"]
    assert row_counts() == before


def test_it_extends_an_in_progress_game_through_the_api(club_b, players_b, client_as):
    table = seated_table(club_b, players_b)
    client = client_as("token_b")
    first = client.post(_url(table), played_record(seed=3, hands=4), format="json")
    assert first.status_code == 201 and first.json()["status"] == "in-progress"
    longer = client.post(_url(table), played_record(seed=3, hands=9), format="json")
    assert longer.status_code == 200 and len(longer.json()["hands"]) == 9


def test_it_takes_over_a_key_left_in_flight_by_a_crashed_request(world, sam_client, sam):
    from datetime import timedelta

    from django.utils import timezone

    record = played_record(seed=5)
    stale = IdempotencyRecord.objects.create(
        owner=f"user:{sam.pk}", key="k-1", request_hash=_hash_of(sam_client, world["free_a"],
                                                                 record))
    IdempotencyRecord.objects.filter(pk=stale.pk).update(
        created_at=timezone.now() - timedelta(hours=1))
    response = _post_with_key(sam_client, world["free_a"], record)
    assert response.status_code == 201
    assert IdempotencyRecord.objects.get().in_flight is False
