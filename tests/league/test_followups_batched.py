"""Bulk work defers follow-ups to the end of the batch and lands on the same numbers."""

import datetime

from league.permissions import SYSTEM
from league.services.followups import followups_batched
from rankings.models import PlayerRating, RatingHistory, StandingRow
from tests.factories import played_record
from tests.league.played_games import T0, night, table_at
from tournaments.models import ResultSource, TableResult
from tournaments.services.followups import after_result_saved
from tournaments.services.results import result_submit


def play_night(club, season, people, capture):
    event = night(club, season)
    tables = [table_at(event, people[:4]), table_at(event, people[2:], round_number=2),
              table_at(event, people[1:5], round_number=3)]
    for seed, table in enumerate(tables, start=1):
        names = [s.player.display_name for s in table.seats.order_by("position")]
        with capture(execute=True):
            result_submit(table=table, record=played_record(seed=seed, seats=names),
                          source=ResultSource.IMPORT, user=SYSTEM,
                          played_at=T0 + datetime.timedelta(hours=seed))


def snapshot(season):
    standings = sorted(StandingRow.objects.filter(season=season)
                       .values_list("player__display_name", "rank", "points"))
    ratings = sorted(PlayerRating.objects.values_list("player__display_name", "mu", "sigma"))
    return standings, ratings, RatingHistory.objects.count()


def test_it_waits_for_the_end_of_the_batch(club, season, people, eager_celery,
                                           django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), followups_batched():
        play_night(club, season, people, django_capture_on_commit_callbacks)
        assert not StandingRow.objects.filter(season=season).exists()
        assert not RatingHistory.objects.exists()
    assert StandingRow.objects.filter(season=season).count() == 6
    assert RatingHistory.objects.count() == 12


def test_batched_and_per_result_follow_ups_give_the_same_tables(
        club, season, people, eager_celery, django_capture_on_commit_callbacks):
    play_night(club, season, people, django_capture_on_commit_callbacks)
    per_result = snapshot(season)
    StandingRow.objects.all().delete()
    RatingHistory.objects.all().delete()
    PlayerRating.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True), followups_batched():
        for game in TableResult.objects.order_by("pk"):
            after_result_saved(game.pk)
    assert snapshot(season) == per_result
