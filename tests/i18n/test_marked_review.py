"""The bots' hand review in the pseudo-locale: a table's review, a player's figures, the
night's progress and the organiser's switch show no unmarked English
(test_marked_strings.py explains the pseudo-locale)."""

import pytest
from django.test import Client
from django.urls import reverse

from league.permissions import SYSTEM
from rankings.models import NightReview, ReviewedDecision, ReviewStatus
from rankings.services.reviews import night_review_request, night_review_run
from tests.factories import RoundFactory, played_record, seated_table
from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import english_words
from tournaments.models import EventStatus
from tournaments.services.results import result_submit


@pytest.fixture
def reviewed(night, settings):
    settings.REVIEW_BUDGET = 1
    club, event = night["club"], night["event"]
    players = [m.player for m in club.memberships.select_related("player").order_by("pk")][:4]
    table = seated_table(club, players, round=RoundFactory(event=event))
    game = result_submit(table=table, record=played_record(seed=5, hands=1), source="bot",
                         user=SYSTEM).game
    # closed without the closing mail (the fixture's organiser has no address mail takes)
    type(event).objects.filter(pk=event.pk).update(status=EventStatus.CLOSED)
    event.refresh_from_db()
    night_review_run(night_review_request(event=event, kick=False).pk)
    ReviewedDecision.objects.filter(pk=ReviewedDecision.objects.filter(game=game).first().pk
                                    ).update(costly=True, loss=5)
    return {"game": game, "player": players[1]}


def test_the_review_pages_show_no_unmarked_english(in_pseudo_locale, night, reviewed):
    client = Client()
    client.force_login(night["user"])
    urls = {"game": reverse("reviews:game", args=[reviewed["game"].pk]),
            "player": reverse("reviews:player", args=[reviewed["player"].pk]),
            "night": reverse("tournaments:event-detail", args=[night["event"].pk]),
            "club": reverse("reviews:club", args=[night["club"].slug])}
    NightReview.objects.update(status=ReviewStatus.RUNNING)  # the progress line too
    found = {}
    for name, url in urls.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
        assert response.status_code == 200, name
        if words := english_words(response.content.decode()):
            found[name] = words
    assert found == {}
