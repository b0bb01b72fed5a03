"""The permission matrix of the archive endpoints: every persona (see
tests/api/test_api_permissions.py for who they are). Refusals write nothing."""

import pytest

from league.permissions import SYSTEM
from rankings.archive.export import club_export
from tests.factories import row_counts

PERSONAS = ["alice", "sam", "pat", "bob", "token_b", "seat_a", "anonymous"]

READS = {
    # name: (url, expected status per persona)
    "club A's archive": (
        lambda w: f"/api/v1/clubs/{w['club_a'].pk}/archive/",
        {"alice": 200, "sam": 403, "pat": 403, "bob": 404, "token_b": 404, "seat_a": 404,
         "anonymous": 404}),
    "club B's archive": (
        lambda w: f"/api/v1/clubs/{w['club_b'].pk}/archive/",
        {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 403, "seat_a": 403,
         "anonymous": 403}),
    "pat's data": (
        lambda w: f"/api/v1/players/{w['players_a'][2].pk}/data/",
        {"alice": 403, "sam": 403, "pat": 200, "bob": 404, "token_b": 404, "seat_a": 404,
         "anonymous": 404}),
    "bob's data": (
        lambda w: f"/api/v1/players/{w['players_b'][0].pk}/data/",
        {"alice": 403, "sam": 403, "pat": 403, "bob": 200, "token_b": 403, "seat_a": 403,
         "anonymous": 403}),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("read", sorted(READS))
def test_archives_and_data_go_only_to_the_right_people(world, client_as, persona, read):
    url, expected = READS[read]
    response = client_as(persona).get(url(world))
    assert response.status_code == expected[persona], response.content[:300]


@pytest.mark.parametrize("persona", PERSONAS)
def test_importing_a_club_is_for_people_logged_in(world, client_as, persona):
    body = {"archive": club_export(club=world["club_b"], user=SYSTEM), "slug": "imported"}
    expected = {"token_b": 403, "seat_a": 403, "anonymous": 401}.get(persona, 202)
    before = row_counts()
    response = client_as(persona).post("/api/v1/clubs/import/", body, format="json")
    assert response.status_code == expected, response.content[:300]
    if expected >= 400:
        assert row_counts() == before and "detail" in response.json()
