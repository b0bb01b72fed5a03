"""Brackets in the admin: read-only, each organiser sees only their own club's."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.brackets.helpers import entrants, final_night
from tournaments.services.brackets import bracket_create

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def brackets(club_a, club_b, alice, bob):
    alice.is_staff = True
    alice.save()
    own = bracket_create(event=final_night(club_a), user=alice, players=entrants(club_a, 4),
                         format="single")
    other = bracket_create(event=final_night(club_b), user=bob, players=entrants(club_b, 3),
                           format="double")
    return own, other


def test_an_organiser_sees_only_their_clubs_brackets_and_changes_nothing(brackets, client,
                                                                         alice):
    own, other = brackets
    client.force_login(alice)
    listing = client.get(reverse("admin:tournaments_bracket_changelist"))
    assert list(listing.context["cl"].queryset) == [own]
    page = client.get(reverse("admin:tournaments_bracket_change", args=[own.pk]))
    assert page.status_code == 200
    assert f"/events/{own.event_id}/bracket/" in page.text
    assert client.get(reverse("admin:tournaments_bracket_change",
                              args=[other.pk])).status_code == 302
    assert client.get(reverse("admin:tournaments_bracket_add")).status_code == 403
    assert client.post(reverse("admin:tournaments_bracket_delete", args=[own.pk]),
                       {"post": "yes"}).status_code == 403


def test_a_superuser_reads_every_bracket_but_cannot_delete_one(brackets, client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    listing = client.get(reverse("admin:tournaments_bracket_changelist"))
    assert len(listing.context["cl"].queryset) == 2
    own, _other = brackets
    assert client.post(reverse("admin:tournaments_bracket_delete", args=[own.pk]),
                       {"post": "yes"}).status_code == 403
