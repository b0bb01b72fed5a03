"""The permission matrix: every endpoint, every persona.

Club A is private (alice organises, sam keeps score, pat plays); club B is public (bob
organises, token_b is its API token); seat_a is the seat token (`Authorization: Seat`) of
seat 1 at club A's free table, which enters that table's result and nothing else.
Refusals leave the database unchanged. tests/api/test_api_seat_tokens.py has the seat
token's own cases (other tables, confirming and disputing, revoked and closed nights).
"""

import pytest

from tests.factories import played_record, row_counts
from tournaments.models import TableResult

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "seat_a", "anonymous"]
MEMBERS_OF_A = {"alice", "sam", "pat"}

LISTS = {
    "clubs": lambda w: w["club_a"].pk,
    "seasons": lambda w: w["season_a"].pk,
    "events": lambda w: w["table_a"].round.event_id,
    "rounds": lambda w: w["table_a"].round_id,
    "tables": lambda w: w["table_a"].pk,
    "seats": lambda w: w["table_a"].seats.first().pk,
    "games": lambda w: w["game_a"].pk,
    "hands": lambda w: w["game_a"].hands.first().pk,
    "players": lambda w: w["players_a"][3].pk,
}


def _ids(client, url):
    body = client.get(url, {"page_size": 1000}).json()
    return {row["id"] for row in body["results"]}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("endpoint", sorted(LISTS))
def test_it_lists_a_private_clubs_things_only_to_its_members(world, client_as, persona, endpoint):
    client = client_as(persona)
    url = f"/api/v1/{endpoint}/"
    private_id = LISTS[endpoint](world)
    response = client.get(url)
    assert response.status_code == 200
    assert (private_id in _ids(client, url)) == (persona in MEMBERS_OF_A)
    detail = client.get(f"{url}{private_id}/")
    assert detail.status_code == (200 if persona in MEMBERS_OF_A else 404)


@pytest.mark.parametrize("persona", PERSONAS)
def test_it_shows_a_public_clubs_games_to_everyone(world, client_as, persona):
    response = client_as(persona).get(f"/api/v1/games/{world['game_b'].pk}/")
    assert response.status_code == 200
    assert len(response.json()["hands"]) == 25


def _record(seed=7):
    return played_record(seed=seed)


WRITES = {
    # name: (url, body, expected status per persona)
    "create event in A": (
        lambda w: "/api/v1/events/",
        lambda w: {"club": w["club_a"].pk, "name": "Night", "date": "2026-04-01",
                   "game": "bluke"},
        {"alice": 201, "sam": 403, "pat": 403, "bob": 400, "token_b": 400, "seat_a": 403,
         "anonymous": 401}),
    "create event in B": (
        lambda w: "/api/v1/events/",
        lambda w: {"club": w["club_b"].pk, "name": "Night", "date": "2026-04-01",
                   "game": "bluke"},
        {"alice": 403, "sam": 403, "pat": 403, "bob": 201, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
    "create round in A": (
        lambda w: "/api/v1/rounds/",
        lambda w: {"event": w["table_a"].round.event_id},
        {"alice": 201, "sam": 403, "pat": 403, "bob": 400, "token_b": 400, "seat_a": 403,
         "anonymous": 401}),
    "create table in A": (
        lambda w: "/api/v1/tables/",
        lambda w: {"round": w["table_a"].round_id, "seats": [p.pk for p in w["players_a"]]},
        {"alice": 201, "sam": 403, "pat": 403, "bob": 400, "token_b": 400, "seat_a": 403,
         "anonymous": 401}),
    "assign a seat in A": (
        lambda w: f"/api/v1/seats/{w['free_a'].seats.first().pk}/assign/",
        lambda w: {"player": None},
        {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 403,
         "anonymous": 401}),
    "submit a result in A": (
        lambda w: f"/api/v1/tables/{w['free_a'].pk}/result/",
        lambda w: _record(),
        {"alice": 201, "sam": 201, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 202,
         "anonymous": 401}),
    "submit a result in B": (
        lambda w: f"/api/v1/tables/{w['free_b'].pk}/result/",
        lambda w: _record(),
        {"alice": 403, "sam": 403, "pat": 403, "bob": 201, "token_b": 201, "seat_a": 403,
         "anonymous": 401}),
    "confirm a result in A": (
        lambda w: f"/api/v1/tables/{w['free_a'].pk}/result/confirm/",
        lambda w: {},
        # Only a seat token confirms or disputes (organisers approve); nothing is pending yet.
        {"alice": 403, "sam": 403, "pat": 403, "bob": 403, "token_b": 403, "seat_a": 404,
         "anonymous": 401}),
    "dispute a result in A": (
        lambda w: f"/api/v1/tables/{w['free_a'].pk}/result/dispute/",
        lambda w: {"reason": "we took five tricks"},
        # Only a seat token confirms or disputes (organisers approve); nothing is pending yet.
        {"alice": 403, "sam": 403, "pat": 403, "bob": 403, "token_b": 403, "seat_a": 404,
         "anonymous": 401}),
    "correct a result in A": (
        lambda w: f"/api/v1/games/{w['game_a'].pk}/correct/",
        lambda w: {"record": _record(), "reason": "wrong sheet"},
        {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 403,
         "anonymous": 401}),
    "correct a result in B": (
        lambda w: f"/api/v1/games/{w['game_b'].pk}/correct/",
        lambda w: {"record": _record(), "reason": "wrong sheet"},
        {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
    "create a token for A": (
        lambda w: "/api/v1/tokens/",
        lambda w: {"club": w["club_a"].pk, "name": "app"},
        {"alice": 201, "sam": 403, "pat": 403, "bob": 404, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
    "add a member to A": (
        lambda w: f"/api/v1/clubs/{w['club_a'].pk}/members/",
        lambda w: {"player": w["players_b"][1].pk, "role": "player"},
        {"alice": 201, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 403,
         "anonymous": 401}),
    "add a private club's member to B": (
        lambda w: f"/api/v1/clubs/{w['club_b'].pk}/members/",
        lambda w: {"player": w["players_a"][3].pk, "role": "player"},
        {"alice": 403, "sam": 403, "pat": 403, "bob": 400, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
    "make someone an organiser of A": (
        lambda w: f"/api/v1/clubs/{w['club_a'].pk}/members/",
        lambda w: {"player": w["players_a"][3].pk, "role": "organiser"},
        {"alice": 403, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 403,
         "anonymous": 401}),
    "create a club": (
        lambda w: "/api/v1/clubs/",
        lambda w: {"name": "Club C"},
        {"alice": 201, "sam": 201, "pat": 201, "bob": 201, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_it_allows_each_write_only_to_the_right_people(world, client_as, persona, write):
    url, body, expected = WRITES[write]
    before = row_counts()
    response = client_as(persona).post(url(world), body(world), format="json")
    assert response.status_code == expected[persona], response.content
    if response.status_code >= 400:
        assert row_counts() == before
        assert "detail" in response.json() or response.status_code == 400


REMOVALS = {
    # name: (table whose result is removed, expected status per persona)
    "remove a result in A": (
        "table_a",
        {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 404,
         "anonymous": 401}),
    "remove a result in B": (
        "table_b",
        {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 403, "seat_a": 403,
         "anonymous": 401}),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("removal", sorted(REMOVALS))
def test_it_allows_removing_a_result_only_to_the_clubs_organisers(world, client_as, persona,
                                                                  removal):
    table, expected = REMOVALS[removal]
    before = row_counts()
    response = client_as(persona).delete(
        f"/api/v1/tables/{world[table].pk}/result/?reason=entered+by+mistake")
    assert response.status_code == expected[persona], response.content
    if response.status_code >= 400:
        assert row_counts() == before
        assert "detail" in response.json()
    else:
        assert not TableResult.objects.filter(table=world[table]).exists()
