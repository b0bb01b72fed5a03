"""POST/PATCH /api/v1/seasons/: organisers manage their club's seasons; 400 names the field."""

import pytest

from league.models import Season

URL = "/api/v1/seasons/"


def body(club, **values):
    return {"club": club.pk, "name": "Winter", "game": "bluke", "starts_on": "2026-12-01",
            **values}


def test_an_organiser_creates_a_season_of_their_club(client_as, club_b):
    response = client_as("bob").post(URL, body(club_b, options={"zero_bids": True},
                                               standings_config={"points": "beaten"}),
                                     format="json")
    assert response.status_code == 201
    season = Season.objects.get(pk=response.json()["id"])
    assert season.club == club_b and season.options == {"zero_bids": True}
    assert response.json()["standings_config"] == {"points": "beaten"}


@pytest.mark.parametrize(("values", "field"), [
    ({"game": "whist"}, "game"),
    ({"options": {"variant": "nope"}}, "options"),
    ({"options": "fast"}, "options"),
    ({"standings_config": {"points": "goals"}}, "standings_config"),
    ({"standings_config": {"best_nights": -1}}, "standings_config"),
    ({"starts_on": "soon"}, "starts_on"),
])
def test_it_answers_400_naming_the_bad_field(client_as, club_b, values, field):
    response = client_as("bob").post(URL, body(club_b, **values), format="json")
    assert response.status_code == 400 and list(response.json()) == [field]
    assert not Season.objects.exists()


def test_it_refuses_seasons_to_non_organisers_and_tokens(client_as, club_a, club_b, sam):
    assert client_as("sam").post(URL, body(club_a), format="json").status_code == 403
    assert client_as("token_b").post(URL, body(club_b), format="json").status_code == 403
    assert client_as("anonymous").post(URL, body(club_b),
                                       format="json").status_code == 401
    response = client_as("bob").post(URL, body(club_a), format="json")  # invisible club
    assert response.status_code == 400 and "club" in response.json()
    assert not Season.objects.exists()


def test_an_organiser_patches_a_season(client_as, world):
    season = world["season_b"]
    url = f"{URL}{season.pk}/"
    bob = client_as("bob")
    response = bob.patch(url, {"name": "Spring", "ends_on": "2026-06-30"}, format="json")
    assert response.status_code == 200 and response.json()["name"] == "Spring"
    response = bob.patch(url, {"standings_config": {"points": 3}}, format="json")
    assert response.status_code == 400 and "standings_config" in response.json()
    response = bob.patch(url, {"club": world["club_a"].pk}, format="json")
    assert response.status_code == 400
    assert bob.put(url, body(world["club_b"]), format="json").status_code == 405
    season.refresh_from_db()
    assert season.name == "Spring" and season.standings_config == {}


def test_it_hides_and_guards_other_clubs_seasons(client_as, world):
    private = f"{URL}{world['season_a'].pk}/"
    assert client_as("bob").patch(private, {"name": "X"}, format="json").status_code == 404
    assert client_as("sam").patch(private, {"name": "X"}, format="json").status_code == 403
    assert client_as("alice").patch(private, {"name": "X"}, format="json").status_code == 200
