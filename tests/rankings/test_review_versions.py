"""A stored hand review remembers which reviewer made it: a night an older reviewer judged
(its costly marks from before today's confidence test) is judged again when its organisers
ask or by `manage.py review_nights --stale`; one the current reviewer made never twice."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.test import TestCase
from django.urls import reverse

from games.bots.review import REVIEWER_VERSION
from league.permissions import SYSTEM
from rankings.models import NightReview, ReviewedDecision, ReviewedGame, ReviewStatus
from rankings.services.reviews import night_review_queue
from tests.factories import played_record, seated_table
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _short_reviews(settings, eager_celery):
    settings.REVIEW_BUDGET = 2  # a short search: these tests check which reviews are redone
    settings.REVIEW_ON_CLOSE = True  # (tasks run in-process here)
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def night(club_a, players_a, alice):
    """A closed night of one bluke table played card by card, reviewed at closing."""
    table = seated_table(club_a, players_a)
    result = result_submit(table=table, record=played_record(seed=3, hands=2), source="bot",
                           user=SYSTEM).game
    event = table.round.event
    with TestCase.captureOnCommitCallbacks(execute=True):
        event_close(event=event, user=alice, force=True, reason="a short test night")
    event.refresh_from_db()
    assert NightReview.objects.get(event=event).status == ReviewStatus.DONE
    return event, result


def _as_if_an_older_reviewer_made_it(event, result):
    """What a review stored before the confidence test looks like: version 1, and every
    decision marked costly (the old noisy flags)."""
    NightReview.objects.filter(event=event).update(reviewer=REVIEWER_VERSION - 1)
    ReviewedGame.objects.filter(game=result).update(reviewer=REVIEWER_VERSION - 1)
    ReviewedDecision.objects.filter(game=result).update(costly=True)


def _flags(result):
    return list(ReviewedDecision.objects.filter(game=result).order_by("hand", "position")
                .values_list("costly", flat=True))


def test_asking_again_redoes_a_review_of_an_older_reviewer_with_todays_flags(night, alice,
                                                                            client_as):
    event, result = night
    fresh = _flags(result)
    assert not all(fresh)  # so the old flags differ from today's
    _as_if_an_older_reviewer_made_it(event, result)
    assert NightReview.objects.get(event=event).is_stale
    client = client_as("alice")
    progress = client.get(f"/api/v1/events/{event.pk}/review/").json()
    assert (progress["reviewer"], progress["stale"]) == (REVIEWER_VERSION - 1, True)
    with TestCase.captureOnCommitCallbacks(execute=True):
        night_review_queue(event=event, user=alice)
    review = NightReview.objects.get(event=event)
    assert (review.status, review.reviewer, review.is_stale) == (
        ReviewStatus.DONE, REVIEWER_VERSION, False)
    assert ReviewedGame.objects.get(game=result).reviewer == REVIEWER_VERSION
    assert _flags(result) == fresh  # the old flags are gone, the same seed judged alike
    assert client.get(f"/api/v1/events/{event.pk}/review/").json()["stale"] is False


def test_asking_again_for_a_current_review_judges_nothing_twice(night, alice):
    event, result = night
    before = list(ReviewedDecision.objects.filter(game=result).values_list("pk", flat=True))
    with TestCase.captureOnCommitCallbacks(execute=True):
        night_review_queue(event=event, user=alice)
    after = list(ReviewedDecision.objects.filter(game=result).values_list("pk", flat=True))
    assert after == before


def test_only_the_clubs_organisers_ask_for_a_review_again(night, pat, bob):
    event, result = night
    _as_if_an_older_reviewer_made_it(event, result)
    for user in (pat, bob):
        with pytest.raises(PermissionDenied):
            night_review_queue(event=event, user=user)
    assert NightReview.objects.get(event=event).is_stale


def test_review_nights_redoes_stale_reviews_only_when_told(night, capsys):
    event, result = night
    _as_if_an_older_reviewer_made_it(event, result)
    call_command("review_nights")
    assert "queued the review of 0 night(s)" in capsys.readouterr().out
    assert NightReview.objects.get(event=event).is_stale
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("review_nights", "--stale")
    assert "queued the review of 1 night(s)" in capsys.readouterr().out
    assert not NightReview.objects.get(event=event).is_stale
    assert not all(_flags(result))


def test_the_clubs_reviews_page_offers_to_review_a_stale_night_again(night, client, alice):
    event, result = night
    url = reverse("reviews:club", args=[event.club.slug])
    client.force_login(alice)
    assert "Review again" not in client.get(url).content.decode()
    _as_if_an_older_reviewer_made_it(event, result)
    assert "Review again" in client.get(url).content.decode()
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert client.post(url, {"night": event.pk}).status_code == 302
    assert not NightReview.objects.get(event=event).is_stale
