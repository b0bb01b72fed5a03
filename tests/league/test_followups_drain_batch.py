"""The drain takes the due ratings targets together: each pool they touch is brought up to
date once (the demo's season and bulk imports owe hundreds), with the numbers a rating of
each result on its own gives, and a result that fails is still postponed alone."""

import datetime
from unittest import mock

import pytest

from league.models import PendingRecompute
from league.permissions import SYSTEM
from rankings import tasks
from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.services import followups_drain as drain_module
from rankings.services.followups_drain import followups_drain
from rankings.services.ratings import ratings_update, ratings_update_for_game
from rankings.services.ratings import replay as replay_module
from tests.factories import played_record
from tests.league.played_games import T0, night, table_at
from tournaments.models import ResultSource
from tournaments.services.results import result_submit


@pytest.fixture
def owed(season, people):
    """Three results of one pool stored with their ratings still owed (no drain asked)."""
    event = night(season.club, season)
    seatings = [people[:4], people[2:], people[1:5]]
    games = []
    with mock.patch.object(tasks.drain_followups, "apply_async"):
        for number, seated in enumerate(seatings, start=1):
            table = table_at(event, seated, round_number=number)
            names = [s.player.display_name for s in table.seats.order_by("position")]
            games.append(result_submit(
                table=table, record=played_record(seed=number, seats=names),
                source=ResultSource.IMPORT, user=SYSTEM,
                played_at=T0 + datetime.timedelta(hours=number)).game)
    return games


def ratings():
    return sorted(PlayerRating.objects.values_list("player__display_name", "mu", "sigma",
                                                   "games"))


def history():
    return sorted(RatingHistory.objects.values_list("game_id", "player__display_name",
                                                    "mu_after", "sigma_after"))


def test_it_rates_a_batch_with_one_update_of_the_pool(owed):
    with mock.patch.object(replay_module, "ratings_update",
                           wraps=replay_module.ratings_update) as update:
        report = followups_drain()
    assert report.failed == 0 and not PendingRecompute.objects.filter(kind="ratings").exists()
    assert update.call_count == 1
    assert sorted(update.call_args.kwargs["game_ids"]) == [game.pk for game in owed]
    assert RatingHistory.objects.count() == 12


def test_a_batch_gives_the_numbers_of_rating_each_result_alone(owed):
    for game in owed:
        ratings_update_for_game(game_id=game.pk)
    alone = ratings(), history()
    PlayerRating.objects.all().delete()
    RatingHistory.objects.all().delete()
    followups_drain()
    assert (ratings(), history()) == alone
    pool = RatingPool.objects.get()
    ratings_update(pool_id=pool.pk, full=True)
    assert (ratings(), history()) == alone


def test_a_failing_result_in_a_batch_is_postponed_alone(owed):
    bad = owed[1]

    def rate_one(*, game_id):
        if game_id == bad.pk:
            raise ValueError("this result's record cannot be rated")
        return ratings_update_for_game(game_id=game_id)

    with mock.patch.object(drain_module, "ratings_update_for_games",
                           side_effect=ValueError("one of the batch cannot be rated")), \
            mock.patch.object(drain_module, "ratings_update_for_game", side_effect=rate_one):
        report = followups_drain()
    assert report.failed == 1
    left = PendingRecompute.objects.filter(kind="ratings")
    assert list(left.values_list("target_id", "attempts")) == [(bad.pk, 1)]
    assert not left.exclude(claimed_by=None).exists()  # given back, due again later
    rated = set(RatingHistory.objects.values_list("game_id", flat=True))
    assert {game.pk for game in owed if game != bad} <= rated
