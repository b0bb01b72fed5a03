"""A duplicate night's pages in the pseudo-locale: the night with its comparisons and
matchpoint standings, the dry run, the deal slips and the hand records show no unmarked
English (test_marked_strings.py explains the pseudo-locale)."""

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Membership, Player
from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import english_words
from tournaments.models import EventFormat, EventKind, Table
from tournaments.services.bots import table_play_with_bots
from tournaments.services.duplicate import ALGORITHM as ALGORITHM_NAME
from tournaments.services.events import event_close, event_create
from tournaments.services.seating import event_plan_seating

NAMES = ["ანა", "ბექა", "გიგა", "დათო", "ეკა", "ვახო", "ზურა", "თეა"]
# The seating report names the plan's algorithm by its module, as for every format (a
# name, like a version number, is not translated).
ALGORITHM = set(ALGORITHM_NAME.replace(".", " ").replace(":", " ").replace("/", " ")
                .replace(",", " ").split())


@pytest.fixture
def duplicate(night):
    club, user = night["club"], night["user"]
    bots = [Player.objects.create(display_name=name, bot_strength="random") for name in NAMES]
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in bots)
    event = event_create(club=club, name="დუბლიკატი", date=date(2026, 11, 27), user=user,
                         game="bluke", kind=EventKind.TOURNAMENT,
                         format=EventFormat.DUPLICATE, boards_per_round=2)
    event_plan_seating(event=event, players=bots, rounds=1, seed=2, user=user,
                       time_budget=0.2)
    return event


def _words(client: Client, urls: dict) -> dict:
    found = {}
    for name, url in urls.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
        assert response.status_code == 200, (name, url)
        if words := sorted(set(english_words(response.content.decode())) - ALGORITHM):
            found[name] = words
    return found


def test_a_duplicate_nights_pages_show_no_unmarked_english(in_pseudo_locale, night, duplicate):
    client = Client()
    client.force_login(night["user"])
    pk = duplicate.pk
    urls = {"night": reverse("tournaments:event-detail", args=[pk]),
            "dry run": reverse("organiser:night-preview", args=[pk]),
            "slips": reverse("tournaments:board-slips", args=[pk]),
            "hand records": reverse("league:hand-records", args=[pk])}
    assert not _words(client, urls)
    for table in Table.objects.filter(round__event=duplicate):
        table_play_with_bots(table=table)
    event_close(event=duplicate, user=night["user"])
    assert not _words(Client(), {name: urls[name] for name in ("night", "slips",
                                                                "hand records")})
