"""End to end: results entered through `result_submit` update standings and ratings."""

import datetime

import pytest

from league.permissions import SYSTEM
from rankings.models import PlayerRating, RatingHistory, StandingRow
from rankings.selectors_stats import player_games, player_statistics
from rankings.services.ratings import ratings_recompute
from tests.factories import played_record
from tests.league.played_games import T0, night, table_at
from tournaments.models import ResultSource
from tournaments.services.results import result_submit


def submit(table, seed, **kwargs):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    return result_submit(table=table, record=played_record(seed=seed, seats=names),
                         source=ResultSource.IMPORT, user=SYSTEM, **kwargs).game


@pytest.fixture
def entered(club, season, people, eager_celery, django_capture_on_commit_callbacks):
    event = night(club, season)
    tables = [table_at(event, people[:4]), table_at(event, people[2:], round_number=2)]
    games = []
    for seed, table in enumerate(tables, start=1):
        with django_capture_on_commit_callbacks(execute=True):
            games.append(submit(table, seed, played_at=T0 + datetime.timedelta(hours=seed)))
    return games


def test_a_submitted_result_lands_in_the_standings_and_ratings(season, people, entered):
    rows = {r.player_id: r for r in StandingRow.objects.filter(season=season)}
    assert len(rows) == 6
    first_game = entered[0]
    winner_seat = first_game.ranks.index(1)
    winner = first_game.table.seats.get(position=winner_seat).player_id
    assert rows[winner].firsts >= 1
    assert sum(r.games for r in rows.values()) == 8
    assert RatingHistory.objects.count() == 8
    assert PlayerRating.objects.filter(pool__club=season.club).count() == 6


def test_card_by_card_results_give_bluke_card_statistics(people, entered):
    ann = people[0]
    stats = player_statistics(ann, player_games(ann, subject=SYSTEM))
    assert stats.hands == 25 and stats.bluke_hands == 25
    assert 0 <= stats.bluke_won <= stats.bluke_held <= 50
    assert stats.perfect + stats.over + stats.sets == 25


def test_a_correction_replays_ratings_to_the_full_recompute_numbers(
        club, people, entered, django_capture_on_commit_callbacks):
    before = list(RatingHistory.objects.order_by("pk").values_list("mu_after", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        submit(entered[0].table, 7, correction_reason="wrong sheet typed in")
    incremental = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games"))
    assert sorted(RatingHistory.objects.values_list("mu_after", flat=True)) != sorted(before)
    ratings_recompute(club_id=club.pk)
    assert sorted(PlayerRating.objects.values_list(
        "player_id", "mu", "sigma", "games")) == incremental
