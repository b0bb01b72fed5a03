"""Any byte a client can send gets a 4xx with a JSON error, on every API operation that
reads a body (issue 10 point 7): NUL, lone surrogates, deep nesting, NaN, oversized bodies;
and a record's unknown fields are refused by name, never stored."""

import json

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.factories import played_record, row_counts
from tournaments.models import Hand, TableResult
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db

NUL = '{"game": "bluke", "seats": ["a\\u0000"], "hands": []}'
SURROGATE = '{"game": "bluke", "seats": ["\\ud800"], "hands": []}'
SURROGATE_KEY = '{"\\udfff": 1}'
DEEP_33 = "[" * 33 + "]" * 33
DEEP_HUGE = "[" * 200_000 + "]" * 200_000  # past Python's recursion limit
NAN = '{"game": "bluke", "first_dealer": NaN}'
BAD_BODIES = {"nul": NUL, "surrogate": SURROGATE, "surrogate-key": SURROGATE_KEY,
              "deep": DEEP_33, "very-deep": DEEP_HUGE, "nan": NAN,
              "not-utf8": b'{"seats": ["\xff"]}'}


def _operations():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted((method.upper(), path) for path, ops in schema["paths"].items()
                  for method in ops if method in ("post", "put", "patch", "delete"))


OPERATIONS = _operations()
# Revoking a token and removing a webhook read no body.
BODY_IGNORED = {("POST", "/api/v1/tokens/{id}/revoke/"),
                ("DELETE", "/api/v1/clubs/{id}/webhooks/{hook}/")}


@pytest.fixture
def world(club_b, bob, table_b, token_b):
    """An object of every kind the API's paths name, all of club B (bob organises it)."""
    from league.models import Season, Webhook

    game = result_submit(table=table_b, record=played_record(seats=["Bob", "Bea", "Cal", "Dot"]),
                         source="api", user=bob).game
    season = Season.objects.create(club=club_b, name="S", game="bluke",
                                   starts_on="2026-01-05")
    return {"tables": table_b.pk, "events": table_b.round.event_id,
            "rounds": table_b.round_id, "seats": table_b.seats.first().pk, "games": game.pk,
            "clubs": club_b.pk, "seasons": season.pk, "tokens": token_b[0].pk,
            "hook": Webhook.objects.create(club=club_b, url="https://example.org/hook",
                                           secret="s" * 16, events=["*"]).pk}


def _url(path: str, world: dict) -> str:
    kind = path.split("/")[3]
    return path.replace("{id}", str(world.get(kind, 1))).replace("{hook}", str(world["hook"]))


@pytest.fixture
def bob_client(client_as):
    client = client_as("bob")
    client.raise_request_exception = False
    return client


@pytest.mark.parametrize("bad", sorted(BAD_BODIES))
@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_every_operation_answers_a_bad_body_with_a_json_4xx(bob_client, world, method, path,
                                                            bad):
    before = row_counts()
    body = BAD_BODIES[bad]
    response = bob_client.generic(method, _url(path, world), body,
                                  content_type="application/json")
    assert response["Content-Type"].startswith("application/json")
    if (method, path) in BODY_IGNORED:
        assert response.status_code < 500
        return
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "detail" in response.json()
    assert row_counts() == before


@pytest.mark.parametrize("bad", sorted(BAD_BODIES))
def test_the_anonymous_record_check_refuses_a_bad_body_by_name(client_as, bad):
    client = client_as("anonymous")
    client.raise_request_exception = False
    response = client.generic("POST", "/api/v1/records/check/", BAD_BODIES[bad],
                              content_type="application/json")
    assert response.status_code == 400
    detail = response.json()["detail"]
    expected = {"nul": "seats[0]: the text holds a NUL", "surrogate": "seats[0]: the text "
                "holds a lone surrogate", "surrogate-key": "a key holds a lone surrogate",
                "deep": "nested deeper than 32", "very-deep": "nested too deeply",
                "nan": "NaN is not valid JSON", "not-utf8": "not UTF-8"}[bad]
    assert expected in detail


def test_a_body_over_the_limit_gets_413_on_json_and_form_bodies(client_as, settings, world):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = client_as("anonymous")
    client.raise_request_exception = False
    big = json.dumps({"game": "bluke", "seats": ["x" * 2000], "hands": []})
    response = client.post("/api/v1/records/check/", big, content_type="application/json")
    assert response.status_code == 413
    assert "larger than 1000 bytes" in response.json()["detail"]
    bob = client_as("bob")
    response = bob.post(f"/api/v1/events/{world['events']}/close/",
                        {"reason": "x" * 2000}, format="multipart")
    assert response.status_code == 413, response.content[:300]


def test_a_nul_in_a_query_string_is_refused_before_it_reaches_the_audit(client_as, world):
    client = client_as("bob")
    client.raise_request_exception = False
    before = row_counts()
    response = client.delete(f"/api/v1/tables/{world['tables']}/result/?reason=oops%00")
    assert response.status_code == 400
    assert "reason" in response.json()["detail"]
    assert row_counts() == before


def test_a_nul_in_a_form_body_is_refused(client_as, world):
    client = client_as("bob")
    response = client.post(f"/api/v1/events/{world['events']}/close/",
                           {"force": "true", "reason": "late\x00"}, format="multipart")
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]


class TestUnknownRecordFields:
    def test_the_api_refuses_an_unknown_field_of_a_hand_by_name(self, client_as, table_b):
        record = played_record(seats=["Bob", "Bea", "Cal", "Dot"])
        record["hands"][2]["trumps"] = "S"
        record["comment"] = "typed by hand"
        client = client_as("token_b")
        before = row_counts()
        response = client.post(f"/api/v1/tables/{table_b.pk}/result/", record,
                                             format="json")
        assert response.status_code == 400
        errors = response.json()["errors"]
        assert {(e["hand"], e["field"], e["code"]) for e in errors} == {
            (None, "comment", "unknown-field"), (3, "trumps", "unknown-field")}
        assert row_counts() == before

    def test_the_record_check_reports_unknown_fields_as_errors(self, client_as):
        record = played_record(seats=["A", "B", "C", "D"])
        record["hands"][0]["note"] = "x"
        report = client_as("anonymous").post("/api/v1/records/check/", record,
                                             format="json").json()
        assert report["valid"] is False
        assert [(e["hand"], e["field"], e["code"]) for e in report["errors"]] == [
            (1, "note", "unknown-field")]

    def test_a_nul_that_comes_through_another_door_is_refused_by_the_service(self, table_b,
                                                                             bob):
        from tournaments.services.results import ResultRejected

        record = played_record(seats=["Bob", "Bea", "Cal", "Dot"])
        record["hands"][4]["plays"][0] = "AS\x00"
        with pytest.raises(ResultRejected) as refused:
            result_submit(table=table_b, record=record, source="admin", user=bob)
        assert refused.value.errors[0]["code"] == "unsafe-text"
        assert "hands[4].plays[0]" in refused.value.errors[0]["message"]
        assert not TableResult.objects.exists() and not Hand.objects.exists()

    def test_a_record_in_the_engine_shape_is_stored_with_complete_hands(self, client_as,
                                                                         table_b):
        from games import rules
        from games.rules.record_shape import engine_shape_hand

        record = played_record(seats=["Bob", "Bea", "Cal", "Dot"])
        game = rules.load("bluke", players=4)
        expected = [(h["trump"] or "NT", h["tricks"], h["cards"]) for h in record["hands"]]
        record["hands"] = [engine_shape_hand(game, hand) for hand in record["hands"]]
        response = client_as("token_b").post(f"/api/v1/tables/{table_b.pk}/result/", record,
                                             format="json")
        assert response.status_code == 201, response.content[:500]
        stored = TableResult.objects.get(table=table_b).hands.order_by("number")
        assert [(h.trump, h.tricks, h.cards) for h in stored] == expected
