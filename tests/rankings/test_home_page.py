"""The home page leads a club organiser to their own club's pages, never to an admin that
refuses them; the site administration link is for staff only."""

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def test_an_organiser_gets_links_to_their_clubs_pages_and_they_open(client, club_a, alice):
    client.force_login(alice)
    html = client.get(reverse("league:home")).content.decode()
    assert reverse("admin:index") not in html
    links = [reverse("organiser:club-members", args=[club_a.slug]),
             reverse("organiser:club-tokens", args=[club_a.slug]),
             reverse("organiser:season-new", args=[club_a.slug])]
    for url in links:
        assert url in html
        assert client.get(url).status_code == 200, url


def test_a_player_gets_no_organiser_links(client, club_a, pat):
    client.force_login(pat)
    html = client.get(reverse("league:home")).content.decode()
    assert "Clubs you organise" not in html and reverse("admin:index") not in html


def test_staff_keep_the_site_administration_link(client, club_a, alice):
    alice.is_staff = True
    alice.save()
    client.force_login(alice)
    html = client.get(reverse("league:home")).content.decode()
    assert reverse("admin:index") in html
