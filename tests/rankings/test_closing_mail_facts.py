"""The night-closed mail tells each player their place, points and rating change, which
the rankings app adds through `tournaments.hooks` (the tournaments layer cannot import it);
without rated games it gives the place and points only."""

import datetime
import re

import pytest

from league.models import PlayerNotice, QueuedMail
from league.permissions import SYSTEM
from rankings.models import PlayerRating, RatingHistory
from rankings.selectors_closing import night_closing_facts
from rankings.selectors_ratings import Z
from tests.factories import UserFactory, played_record
from tests.league.played_games import T0, night, table_at
from tournaments.models import ResultSource
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_logins(people):
    for player in people:
        player.user = UserFactory(username=player.display_name.lower())
        player.save()
    return people


def _play(club, season, people, capture, *, rated: bool):
    event = night(club, season)
    for seed, (players, number) in enumerate([(people[:4], 1), (people[2:], 2)], start=1):
        table = table_at(event, players, round_number=number)
        names = [s.player.display_name for s in table.seats.order_by("position")]
        with capture(execute=rated):  # the recompute runs after commit, or not yet
            result_submit(table=table, record=played_record(seed=seed, seats=names),
                          source=ResultSource.IMPORT, user=SYSTEM,
                          played_at=T0 + datetime.timedelta(hours=seed))
    return event


def _mail(player):
    return QueuedMail.objects.get(dedupe_key=f"{PlayerNotice.NIGHT_CLOSED}:night-"
                                  f"{player.memberships.first().club.events.get().pk}:"
                                  f"player-{player.pk}:email")


def test_each_player_reads_their_place_points_and_rating_change(
        club, season, with_logins, eager_celery, django_capture_on_commit_callbacks):
    event = _play(club, season, with_logins, django_capture_on_commit_callbacks, rated=True)
    facts = night_closing_facts(event)
    event_close(event=event, user=SYSTEM)
    assert sorted(f.place for f in facts.values())[0] == 1 and len(facts) == 6
    for player in with_logins:
        body = _mail(player).body
        mine = facts[player.pk]
        assert f"Your place: {mine.place} of 6, with " in body
        rating = PlayerRating.objects.get(player=player)
        after = rating.mu - Z * rating.sigma  # one night, so the stored rating is tonight's
        first = RatingHistory.objects.filter(player=player).order_by("played_at").first()
        change = after - (first.mu_before - Z * first.sigma_before)
        shown = re.search(r"Your rating: (-?[\d,]+) \(([+-]\d+) tonight\)", body)
        assert int(shown.group(1).replace(",", "")) == round(after)
        assert int(shown.group(2)) == round(change)


def test_without_rated_games_the_mail_gives_place_and_points_only(
        club, season, with_logins, django_capture_on_commit_callbacks):
    event = _play(club, season, with_logins, django_capture_on_commit_callbacks, rated=False)
    assert not RatingHistory.objects.exists()
    event_close(event=event, user=SYSTEM)
    body = _mail(with_logins[0]).body
    assert "Your place: " in body and "Your rating" not in body
