"""The bracket page, the big screen of a final night and the bracket in the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import api_token
from tests.tournaments.brackets.helpers import entrants, final_night, win
from tournaments.models import BracketMatch
from tournaments.services.brackets import bracket_create

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def final(club_b, bob):
    """A public club's final of five, seed 5 through to the semi-final."""
    players = entrants(club_b, 5)
    bracket = bracket_create(event=final_night(club_b, name="Cup final"), user=bob,
                             players=players, format="single", consolation=True)
    win(BracketMatch.objects.get(bracket=bracket, key="W1-2").table, players[4], user=bob)
    return bracket, players


def test_the_bracket_page_shows_byes_results_and_the_next_matches(final, client):
    bracket, _players = final
    page = client.get(reverse("tournaments:event-bracket", args=[bracket.event_id]))
    assert page.status_code == 200
    text = page.text
    assert text.count("bye: goes through without playing") == 3
    assert 'id="match-W1-2"' in text and 'id="match-W2-1"' in text
    assert "Semi-final" in text and "Third place" in text and "Final" in text
    assert 'id="match-L1-2"' not in text
    assert "enter the result" not in text  # not for the public


def test_scorekeepers_get_links_to_enter_the_matches_to_play(final, client, bob):
    bracket, _players = final
    client.force_login(bob)
    page = client.get(reverse("tournaments:event-bracket", args=[bracket.event_id]))
    table = BracketMatch.objects.get(bracket=bracket, key="W2-1").table
    assert reverse("tournaments:table-scoresheet", args=[table.pk]) in page.text


def test_a_night_without_a_bracket_has_no_bracket_page(club_b, client):
    night = final_night(club_b)
    assert client.get(reverse("tournaments:event-bracket", args=[night.pk])).status_code == 404


def test_a_private_clubs_bracket_is_hidden_from_strangers(club_a, alice, client, bob):
    bracket = bracket_create(event=final_night(club_a), user=alice,
                             players=entrants(club_a, 4), format="double")
    client.force_login(bob)
    url = reverse("tournaments:event-bracket", args=[bracket.event_id])
    assert client.get(url).status_code == 404
    client.force_login(alice)
    assert client.get(url).status_code == 200


def test_the_big_screen_shows_the_bracket(final, client):
    bracket, _players = final
    for name in ("tournaments:event-screen", "tournaments:event-screen-live"):
        page = client.get(reverse(name, args=[bracket.event_id]))
        assert 'id="screen-bracket"' in page.text and 'id="match-W2-2"' in page.text


def test_the_api_reads_the_bracket(final, client_as):
    bracket, _players = final
    body = client_as("anonymous").get(f"/api/v1/brackets/{bracket.pk}/").json()
    assert body["event"] == bracket.event_id and body["format"] == "single"
    assert [e["seed"] for e in body["entrants"]] == [1, 2, 3, 4, 5]
    matches = {m["key"]: m for m in body["matches"]}
    assert matches["W1-1"]["state"] == "bye" and matches["W1-1"]["bottom"] is None
    assert matches["W1-2"]["state"] == "played" and matches["W1-2"]["bottom"]["won"]
    assert matches["W2-1"]["state"] == "ready" and matches["W2-1"]["table"] is not None
    assert [matches["W2-1"]["top"]["seed"], matches["W2-1"]["bottom"]["seed"]] == [1, 5]
    assert body["champion"] is None
    listed = client_as("anonymous").get(f"/api/v1/brackets/?event={bracket.event_id}").json()
    assert [b["id"] for b in listed["results"]] == [bracket.pk]


def test_the_api_keeps_a_private_clubs_bracket_to_its_club(club_a, alice, client_as, club_b):
    bracket = bracket_create(event=final_night(club_a), user=alice,
                             players=entrants(club_a, 4), format="single")
    assert client_as("token_b").get(f"/api/v1/brackets/{bracket.pk}/").status_code == 404
    assert client_as("anonymous").get("/api/v1/brackets/").json()["results"] == []
    _token, key = api_token(club_a)
    from rest_framework.test import APIClient

    own = APIClient(HTTP_X_FORWARDED_PROTO="https")
    own.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert own.get(f"/api/v1/brackets/{bracket.pk}/").status_code == 200


def test_the_api_has_no_way_to_write_a_bracket(final, client_as):
    bracket, _players = final
    answer = client_as("bob").post("/api/v1/brackets/", {}, format="json")
    assert answer.status_code == 405
    answer = client_as("bob").delete(f"/api/v1/brackets/{bracket.pk}/")
    assert answer.status_code == 405


@pytest.mark.parametrize("query", ["event=abc", "season=-1", "event=" + "9" * 40,
                                   "page=999", "ordering=secret"])
def test_the_api_answers_odd_filters_without_an_error_page(final, client_as, query):
    answer = client_as("anonymous").get(f"/api/v1/brackets/?{query}")
    assert answer.status_code in (200, 400, 404)
    if answer.status_code == 400:
        assert query.split("=")[0] in answer.json()


@pytest.mark.parametrize("endpoint", ["brackets", "events", "tables"])
def test_an_id_longer_than_the_database_holds_is_a_400_naming_the_filter(final, client_as,
                                                                         endpoint):
    field = {"brackets": "event", "events": "season", "tables": "round"}[endpoint]
    answer = client_as("anonymous").get(f"/api/v1/{endpoint}/?{field}=" + "9" * 40)
    assert answer.status_code == 400
    assert field in answer.json()


def test_a_side_still_to_be_decided_names_the_match_it_comes_from(final, client):
    bracket, _players = final
    page = client.get(reverse("tournaments:event-bracket", args=[bracket.event_id])).text
    final_match = page[page.index('id="match-W3-1"'):]
    final_match = final_match[:final_match.index("</li>")]
    assert "winner of <code>W2-1</code>" in final_match
    assert "winner of <code>W2-2</code>" in final_match
    assert "nobody" not in final_match
