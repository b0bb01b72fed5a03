"""Token authentication, token management, clubs, rulesets, record checks and the schema."""

import pytest

from games import rules
from league.models import ApiToken, AuditEntry, Membership, Role
from league.models.access import hash_token_key
from tests.factories import played_record, row_counts


@pytest.mark.parametrize("scheme", ["Token", "Bearer", "token"])
def test_it_accepts_a_token_in_either_scheme_and_stamps_its_last_use(world, token_b, client,
                                                                     scheme):
    token, key = token_b
    response = client.get("/api/v1/tables/", HTTP_AUTHORIZATION=f"{scheme} {key}",
                          HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None


@pytest.mark.parametrize("header", ["Token nope", "Bearer", "Token a b"])
def test_it_answers_401_for_a_bad_token(world, client, header):
    response = client.get("/api/v1/clubs/", HTTP_AUTHORIZATION=header,
                          HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_it_refuses_a_revoked_token(world, token_b, client_as):
    token, _ = token_b
    bob = client_as("bob")
    assert bob.post(f"/api/v1/tokens/{token.pk}/revoke/").status_code == 200
    response = client_as("token_b").post(f"/api/v1/tables/{world['free_b'].pk}/result/",
                                         played_record(seed=5), format="json")
    assert response.status_code == 401
    assert AuditEntry.objects.filter(action="token.revoke", target_id=token.pk).count() == 1


def test_it_shows_a_new_key_once_and_stores_only_its_hash(world, client_as):
    alice = client_as("alice")
    response = alice.post("/api/v1/tokens/", {"club": world["club_a"].pk, "name": "Tablet"},
                          format="json")
    assert response.status_code == 201
    key = response.json()["key"]
    token = ApiToken.objects.get(pk=response.json()["id"])
    assert token.key_hash == hash_token_key(key) and key not in str(token.__dict__)
    listed = alice.get("/api/v1/tokens/").json()["results"]
    assert {row["id"] for row in listed} == {token.pk} and "key" not in listed[0]


def test_it_lists_only_the_tokens_of_clubs_you_organise(world, token_b, client_as):
    assert client_as("alice").get("/api/v1/tokens/").json()["results"] == []
    assert client_as("sam").get("/api/v1/tokens/").json()["results"] == []
    bobs = client_as("bob").get("/api/v1/tokens/").json()["results"]
    assert [row["id"] for row in bobs] == [token_b[0].pk]


def test_it_makes_the_creator_of_a_club_its_owner(world, client_as, pat):
    response = client_as("pat").post("/api/v1/clubs/", {"name": "Tuesday Club"}, format="json")
    assert response.status_code == 201
    membership = Membership.objects.get(club_id=response.json()["id"])
    assert (membership.player.user, membership.role) == (pat, Role.OWNER)
    assert response.json()["slug"] == "tuesday-club"


def test_it_refuses_a_taken_club_slug(world, client_as):
    before = row_counts()
    response = client_as("pat").post("/api/v1/clubs/", {"name": "X", "slug": "club-a"},
                                     format="json")
    assert response.status_code == 400
    assert row_counts() == before


def test_it_lists_the_rule_sets_with_options_and_record_schemas(db, client_as):
    body = client_as("anonymous").get("/api/v1/rulesets/").json()
    assert {game["name"] for game in body} == {game["name"] for game in rules.games()}
    bluke = next(game for game in body if game["name"] == "bluke")
    assert {"options", "record_schema", "min_players", "max_players"} <= set(bluke)


def test_it_checks_a_valid_record_for_anyone_without_storing_it(world, client_as):
    before = row_counts()
    response = client_as("anonymous").post("/api/v1/records/check/", played_record(seed=4),
                                           format="json")
    assert response.status_code == 200
    assert response.json()["valid"] is True and response.json()["complete"] is True
    assert row_counts() == before


def test_it_reports_an_invalid_record_with_200_and_the_errors(db, client_as):
    record = played_record(seed=4)
    record["hands"][0]["tricks"] = [9, 9, 9, 9]
    response = client_as("anonymous").post("/api/v1/records/check/", record, format="json")
    assert response.status_code == 200
    assert response.json()["valid"] is False and response.json()["errors"]


@pytest.mark.parametrize("body", ["[]", "3", '"x"', "{oops"])
def test_it_answers_400_when_the_checked_body_is_not_a_json_object(db, client_as, body):
    response = client_as("anonymous").post("/api/v1/records/check/", body,
                                           content_type="application/json")
    assert response.status_code == 400


def test_it_throttles_anonymous_record_checks(db, client_as):
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "anon": "2/minute"}
    original = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = rates
    try:
        client = client_as("anonymous")
        codes = [client.post("/api/v1/records/check/", {}, format="json").status_code
                 for _ in range(3)]
    finally:
        SimpleRateThrottle.THROTTLE_RATES = original
    assert codes == [200, 200, 429]


def test_it_documents_error_responses_in_the_openapi_schema(db, client_as):
    schema = client_as("anonymous").get("/api/schema/?format=json").json()
    result = schema["paths"]["/api/v1/tables/{id}/result/"]["post"]["responses"]
    assert {"200", "201", "400", "403", "404", "409", "422"} <= set(result)
    assert "clubToken" in schema["components"]["securitySchemes"]


def test_it_creates_events_rounds_and_tables_for_organisers(world, client_as):
    alice = client_as("alice")
    event = alice.post("/api/v1/events/", {"club": world["club_a"].pk, "name": "Night",
                                           "date": "2026-05-01", "game": "back-alley"},
                       format="json").json()
    round_ = alice.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    seats = [p.pk for p in world["players_a"]]
    response = alice.post("/api/v1/tables/", {"round": round_["id"], "seats": seats},
                          format="json")
    assert response.status_code == 201
    table = response.json()
    assert table["game"] == "back-alley" and [s["player"] for s in table["seats"]] == seats
    assert AuditEntry.objects.filter(action__in=["event.create", "round.create",
                                                 "table.create"]).count() == 3


@pytest.mark.parametrize(("body", "field"), [
    ({"game": "whist"}, "game"),
    ({"game": "bluke", "options": {"variant": "x"}}, "options"),
])
def test_it_refuses_an_event_for_an_unknown_game_or_bad_options(world, client_as, body, field):
    before = row_counts()
    response = client_as("alice").post("/api/v1/events/", {
        "club": world["club_a"].pk, "name": "Night", "date": "2026-05-01", **body},
        format="json")
    assert response.status_code == 400 and field in response.json()
    assert row_counts() == before


def test_it_refuses_a_table_with_a_player_from_another_club(world, client_as):
    seats = [p.pk for p in world["players_a"][:3]] + [world["players_b"][1].pk]
    before = row_counts()
    response = client_as("alice").post("/api/v1/tables/", {
        "round": world["table_a"].round_id, "seats": seats}, format="json")
    assert response.status_code == 400
    assert row_counts() == before


def test_it_serves_the_swagger_ui_from_the_bundled_copy(db, client_as):
    page = client_as("anonymous").get("/api/docs/")
    assert page.status_code == 200 and b"swagger" in page.content.lower()
