"""The organiser's flash messages (added, refused, marked present, saved) come in the
reader's language: after each action the next page's messages show no plain English."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import english_words

pytestmark = pytest.mark.django_db
PSEUDO = {"HTTP_ACCEPT_LANGUAGE": pseudo_locale.CODE}


def _messages(response) -> str:
    found = re.search(r'<ul class="messages">.*?</ul>', response.content.decode(), re.S)
    assert found, "no message shown"
    return found.group(0)


@pytest.fixture
def organiser(in_pseudo_locale, night):
    client = Client()
    client.force_login(night["user"])
    return client


def test_member_messages_are_translated(organiser, night):
    club = night["club"]
    members = reverse("organiser:club-members", args=[club.slug])
    added = organiser.post(members, {"name": "ნიკა", "role": "player"}, follow=True, **PSEUDO)
    membership = club.memberships.get(player__display_name="ნიკა")
    kept = organiser.post(reverse("organiser:member-remove", args=[club.slug, membership.pk]),
                          {}, follow=True, **PSEUDO)
    for response in (added, kept):
        assert english_words(_messages(response)) == []


def test_night_messages_are_translated(organiser, night):
    event = night["event"]
    walk_in = organiser.post(reverse("organiser:night-walk-in", args=[event.pk]),
                             {"name": "ანა"}, follow=True, **PSEUDO)
    saved = organiser.post(reverse("organiser:night-edit", args=[event.pk]),
                           {"name": "პარასკევი", "date": "2026-11-27"}, follow=True, **PSEUDO)
    for response in (walk_in, saved):
        assert english_words(_messages(response)) == []
