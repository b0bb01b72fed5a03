"""Stored standings, tonight's provisional table and statistics, from the database."""

import datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rankings.models import PlayerRating, StandingRow
from rankings.selectors_stats import (
    event_provisional_standings,
    player_games,
    player_statistics,
    season_games,
)
from rankings.services.standings import standings_recompute
from rankings.standings import StandingsConfigError
from tests.league.played_games import T0, night, record_game, scoresheet_hands, table_at
from tournaments.models import ResultStatus
from tournaments.services.followups import after_result_saved


def standings(season):
    return [(r.player.display_name, r.rank, r.points, r.qualified)
            for r in StandingRow.objects.filter(season=season).select_related("player")]


@pytest.fixture
def two_nights(club, season, people):
    ann, bob, cy, di, eve, fay = people
    first = night(club, season)
    record_game(table_at(first, [ann, bob, cy, di]), totals=[90, 70, 70, 10])
    record_game(table_at(first, [eve, fay, ann], round_number=2), totals=[30, 20, 10])
    second = night(club, season, date=T0.date() + datetime.timedelta(days=7))
    record_game(table_at(second, [bob, cy, di]), totals=[50, 40, 30],
                played_at=T0 + datetime.timedelta(days=7))
    return first, second


def test_it_stores_the_season_table_with_split_ties(season, two_nights):
    assert standings_recompute(season_id=season.pk) == 6
    assert standings(season) == [
        ("Bob", 1, 11.0, True),  # 4 (shared 2nd) + 7
        ("Ann", 2, 8.0, True),   # 7 + 1
        ("Cy", 3, 8.0, True),    # 4 + 4, no first place: behind Ann on firsts
        ("Eve", 4, 7.0, True),
        ("Fay", 5, 4.0, True),
        ("Di", 6, 2.0, True),    # 1 + 1
    ]
    row = StandingRow.objects.get(season=season, player__display_name="Cy")
    assert (row.games, row.nights, row.places, row.seconds) == (2, 2, {"2": 2}, 2)
    assert StandingRow.objects.get(season=season, player__display_name="Ann").tiebreak == "firsts"


def test_it_recomputes_idempotently_and_ignores_other_seasons_and_unfinished_games(
        club, season, people, two_nights):
    other = night(club, None)
    record_game(table_at(other, people[:4]), totals=[1, 2, 3, 4])
    record_game(table_at(two_nights[0], people[:4], round_number=3), totals=[1, 2, 3, 4],
                status=ResultStatus.IN_PROGRESS)
    standings_recompute(season_id=season.pk)
    first = standings(season)
    standings_recompute(season_id=season.pk)
    assert standings(season) == first
    assert StandingRow.objects.filter(season=season).count() == 6


def test_it_applies_minimum_attendance_from_the_season_config(season, two_nights):
    season.standings_config = {"min_nights": 2}
    season.save()
    standings_recompute(season_id=season.pk)
    table = standings(season)
    assert [name for name, *_ in table if _[-1]] == ["Bob", "Cy", "Di"]
    assert [name for name, *_ in table[3:]] == ["Ann", "Eve", "Fay"]


def test_it_refuses_a_broken_config_with_the_reason(season, two_nights):
    season.standings_config = {"points": "goals"}
    season.save()
    with pytest.raises(StandingsConfigError, match="points must be one of"):
        standings_recompute(season_id=season.pk)
    with pytest.raises(CommandError, match="points must be one of"):
        call_command("recompute_standings", "--season", str(season.pk), verbosity=0)


def test_the_command_recomputes_one_season(season, two_nights):
    call_command("recompute_standings", "--season", str(season.pk), verbosity=0)
    assert StandingRow.objects.filter(season=season).count() == 6
    with pytest.raises(CommandError, match="no season"):
        call_command("recompute_standings", "--season", "999999", verbosity=0)


def test_it_shows_tonights_provisional_standings(two_nights):
    lines = event_provisional_standings(two_nights[1])
    assert [(pl.player.display_name, pl.line.points) for pl in lines] == [
        ("Bob", 7.0), ("Cy", 4.0), ("Di", 1.0)]


def test_a_saved_result_recomputes_standings_and_ratings_after_commit(
        season, two_nights, people, django_capture_on_commit_callbacks, eager_celery):
    game = season_games(season).last()
    with django_capture_on_commit_callbacks(execute=True):
        after_result_saved(game.pk)
    assert StandingRow.objects.filter(season=season).count() == 6
    assert PlayerRating.objects.filter(pool__club=season.club).count() == 6


def test_it_counts_perfect_over_and_set_bids_by_hand_size(club, people):
    ann = people[0]
    hands = scoresheet_hands([
        (3, [1, 1, 1, 1], [1, 2, 0, 0]),   # Ann perfect
        (2, [2, 1, 0, 1], [0, 1, 0, 1]),   # Ann set
        (1, [0, 1, 0, 0], [1, 0, 0, 0]),   # Ann over by one
    ])
    record_game(table_at(night(club, None), people[:4]), hands=hands)
    stats = player_statistics(ann, player_games(ann, subject=None))
    assert (stats.hands, stats.perfect, stats.over, stats.sets, stats.overtricks) == (3, 1, 1, 1, 1)
    assert [(r["cards"], r["made"]) for r in stats.size_rows()] == [(1, 1), (2, 0), (3, 1)]
    assert stats.bluke_hands == 0  # a scoresheet says nothing about the cards


def test_it_counts_bluke_cards_only_from_card_by_card_hands(club, people):
    hand = scoresheet_hands([(2, [1, 1, 0], [1, 1, 0])])[0] | {
        "deal": [["HI", "2S"], ["LO", "3S"], ["AS", "KS"]],
        "plays": ["2S", "LO", "AS", "HI:S", "3S", "KS"],
    }
    record_game(table_at(night(club, None), people[:3]), hands=[hand])
    stats = player_statistics(people[1], player_games(people[1], subject=None))
    assert (stats.bluke_hands, stats.bluke_held, stats.bluke_won) == (1, 1, 1)


def test_changing_the_rules_validates_them_and_rebuilds_the_table(
        season, two_nights, eager_celery, django_capture_on_commit_callbacks):
    from rankings.services.standings import standings_config_update

    with pytest.raises(StandingsConfigError, match="best_nights"):
        standings_config_update(season_id=season.pk, data={"best_nights": "two"})
    with django_capture_on_commit_callbacks(execute=True):
        standings_config_update(season_id=season.pk, data={"points": "score"})
    assert standings(season)[0] == ("Bob", 1, 120.0, True)  # 70 + 50
