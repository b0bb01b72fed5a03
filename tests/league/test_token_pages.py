"""The organiser's API tokens page: create a token (key shown once, club id shown), revoke
it, all through the token service; only the club's organisers reach it."""

import pytest
from django.urls import reverse

from league.models import ApiToken, AuditEntry
from league.services.tokens import token_authenticate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _url(club):
    return reverse("organiser:club-tokens", args=[club.slug])


def test_an_organiser_creates_a_token_and_sees_its_key_once(client, club_a, alice):
    client.force_login(alice)
    response = client.post(_url(club_a), {"name": "Scoring laptop"})
    html = response.content.decode()
    token = ApiToken.objects.get(club=club_a)
    key = response.context["new"].key
    assert token_authenticate(key) == token and key in html
    assert "no-store" in response["Cache-Control"]
    assert f'class="club-id">{club_a.pk}<' in html
    assert AuditEntry.objects.filter(action="token.create").count() == 1
    again = client.get(_url(club_a)).content.decode()
    assert key not in again and "Scoring laptop" in again and token.prefix in again


def test_a_created_token_works_against_the_api_for_its_club_only(client, club_a, alice):
    from rest_framework.test import APIClient

    from tests.factories import ClubFactory

    other = ClubFactory(is_public=False)

    client.force_login(alice)
    key = client.post(_url(club_a), {"name": "app"}).context["new"].key
    api = APIClient(HTTP_X_FORWARDED_PROTO="https")
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(f"/api/v1/clubs/{club_a.pk}/").status_code == 200
    assert api.get(f"/api/v1/clubs/{other.pk}/").status_code == 404


def test_an_organiser_revokes_a_token(client, club_a, alice):
    client.force_login(alice)
    key = client.post(_url(club_a), {"name": "old app"}).context["new"].key
    token = ApiToken.objects.get(club=club_a)
    page = client.post(reverse("organiser:token-revoke", args=[club_a.slug, token.pk]),
                       follow=True).content.decode()
    token.refresh_from_db()
    assert not token.is_active and token_authenticate(key) is None
    assert "revoked" in page


def test_a_name_is_required_and_nothing_is_created_without_it(client, club_a, alice):
    client.force_login(alice)
    response = client.post(_url(club_a), {"name": ""})
    assert response.status_code == 200 and response.context["form"].errors["name"]
    assert not ApiToken.objects.exists()


def test_only_the_clubs_organisers_reach_the_page(client, club_a, club_b, alice, pat, bob):
    from tests.factories import api_token

    token, _ = api_token(club_a)
    client.force_login(pat)
    assert client.get(_url(club_a)).status_code == 403
    client.force_login(bob)
    assert client.get(_url(club_a)).status_code == 404
    revoke = reverse("organiser:token-revoke", args=[club_b.slug, token.pk])
    assert client.post(revoke).status_code == 404  # another club's token
    token.refresh_from_db()
    assert token.is_active


def test_the_club_page_links_organisers_to_their_tokens(client, club_a, alice):
    client.force_login(alice)
    html = client.get(reverse("league:club-detail", args=[club_a.slug])).content.decode()
    assert _url(club_a) in html
