"""API: /api/v1/seasons/{id}/standings/ and /api/v1/players/{id}/ratings/."""

import pytest
from rest_framework.test import APIClient

from league.models import Club, Membership, Player, Season
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.league.played_games import T0, night, record_game, table_at

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def played(club, season, people):
    event = night(club, season)
    record_game(table_at(event, people[:4]), totals=[10, 40, 30, 20])
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)


def test_it_returns_a_seasons_standings_best_first(api, season, played):
    response = api.get(f"/api/v1/seasons/{season.pk}/standings/")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [(r["rank"], r["player_name"], r["points"]) for r in rows] == [
        (1, "Bob", 7.0), (2, "Cy", 5.0), (3, "Di", 3.0), (4, "Ann", 1.0)]


def test_it_returns_a_players_ratings_with_history(api, people, played):
    response = api.get(f"/api/v1/players/{people[1].pk}/ratings/")
    assert response.status_code == 200
    [rating] = response.json()
    assert rating["game"] == "bluke" and rating["kind"] == "whole_history"
    assert rating["provisional"] is True and rating["games"] == 1
    assert len(rating["history"]) == 1
    assert rating["history"][0]["mu_after"] == rating["mu"] > rating["history"][0]["mu_before"]


def test_it_hides_private_clubs_from_anonymous_callers(api, db):
    hidden = Club.objects.create(name="Hidden", slug="hidden", is_public=False)
    season = Season.objects.create(club=hidden, name="Secret", game="bluke", starts_on=T0.date())
    secret = Player.objects.create(display_name="Secret")
    Membership.objects.create(club=hidden, player=secret)
    assert api.get(f"/api/v1/seasons/{season.pk}/standings/").status_code == 404
    assert api.get(f"/api/v1/players/{secret.pk}/ratings/").status_code == 404


def test_members_see_their_private_clubs_standings(api, db):
    from tests.factories import UserFactory

    hidden = Club.objects.create(name="Hidden", slug="hidden", is_public=False)
    season = Season.objects.create(club=hidden, name="Secret", game="bluke", starts_on=T0.date())
    user = UserFactory(username="member")
    Membership.objects.create(club=hidden, player=Player.objects.create(
        display_name="Member", user=user))
    api.force_login(user)
    assert api.get(f"/api/v1/seasons/{season.pk}/standings/").status_code == 200


def test_another_clubs_token_cannot_read_a_private_clubs_standings(client_as, club_a, alice):
    season = Season.objects.create(club=club_a, name="A only", game="bluke", starts_on=T0.date())
    url = f"/api/v1/seasons/{season.pk}/standings/"
    assert client_as("token_b").get(url).status_code == 404
    assert client_as("alice").get(url).status_code == 200
