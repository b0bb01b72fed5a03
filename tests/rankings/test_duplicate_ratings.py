"""A closed duplicate night feeds the ratings as ONE game ranked by matchpoint percentage."""

import datetime

import pytest
from django.utils import timezone

from games import rules
from games.bots import play_match
from league.models import Club
from league.permissions import SYSTEM
from rankings.archive.erase import player_erase
from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.selectors_duplicate import duplicate_lines
from rankings.selectors_rating_page import nights
from rankings.services.ratings import pool_games, ratings_recompute, ratings_update_for_game
from rankings.services.ratings.duplicate import night_digest
from tests.league.played_games import night, record_game, table_at
from tests.tournaments.duplicate.helpers import bots, duplicate_night
from tournaments.models import ResultSource, Table, TableResult
from tournaments.services.bots import table_boards, table_play_with_bots
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiet(club_b):
    """No hand review on closing (it would play the bots for minutes, eagerly)."""
    Club.objects.filter(pk=club_b.pk).update(reviews_on=False)
    club_b.refresh_from_db()
    return club_b


def played_night(club, organiser, players, game="bluke", **kwargs):
    event = duplicate_night(club, organiser, game, players=players, **kwargs)
    for table in Table.objects.filter(round__event=event):
        table_play_with_bots(table=table)
    return event


def close(event, organiser, capture):
    with capture(execute=True):
        event_close(event=event, user=organiser)


def snapshot(club):
    ratings = sorted(PlayerRating.objects.filter(pool__club=club).values_list(
        "pool__game", "player_id", "mu", "sigma", "games", "last_played_at"))
    history = sorted(RatingHistory.objects.filter(pool__club=club).values_list(
        "game_order", "player_id", "played_at", "record_hash", "mu_before", "sigma_before",
        "games_before", "mu_after", "sigma_after", "games_after"))
    return ratings, history


def assert_same_as_full_recompute(club):
    incremental = snapshot(club)
    ratings_recompute(club_id=club.pk)
    assert snapshot(club) == incremental
    assert incremental[1]


def night_order(event):
    """The night's players by matchpoint percentage, as (rank, player) pairs."""
    return sorted((line.rank, line.player_id) for line in duplicate_lines(event))


def test_a_closed_night_of_two_rounds_is_one_rated_game_in_matchpoint_order(
        quiet, bob, eager_celery, django_capture_on_commit_callbacks):
    players = bots(quiet, 12)
    event = played_night(quiet, bob, players, tables=3, rounds=2, boards=2)
    assert TableResult.objects.filter(table__round__event=event).count() == 6
    assert not RatingHistory.objects.exists()  # open: the percentages are not final

    close(event, bob, django_capture_on_commit_callbacks)
    pool = RatingPool.objects.get(club=quiet, game="bluke")
    rated = list(pool_games(pool))
    assert len(rated) == 1
    key = min(TableResult.objects.filter(table__round__event=event).values_list("pk", flat=True))
    assert rated[0].game_id == key
    order = night_order(event)
    assert [(rank, team[0]) for team, rank in zip(rated[0].teams, rated[0].ranks,
                                                  strict=True)] == order
    rows = RatingHistory.objects.filter(pool=pool)
    assert rows.count() == 12 and set(rows.values_list("game_order", flat=True)) == {key}
    assert {r.player_id for r in rows} == {p.pk for p in players}
    assert all(r.games_after == 1 for r in rows)  # one game each, not one per table
    best, worst = order[0][1], order[-1][1]
    assert order[0][0] < order[-1][0]
    delta = {r.player_id: r.mu_after - r.mu_before for r in rows}
    assert delta[best] > 0 > delta[worst]
    # The player's rating page: the night is one game, at its place in the night.
    worst_player = next(p for p in players if p.pk == worst)
    [line] = nights(pool, worst_player)
    assert (line.event_id, line.games, line.actual) == (event.pk, 1, order[-1][0])
    assert_same_as_full_recompute(quiet)


def test_equal_percentages_are_rated_as_a_tie(quiet, bob, eager_celery,
                                              django_capture_on_commit_callbacks):
    event = played_night(quiet, bob, bots(quiet, 8), tables=2, rounds=1, boards=1)
    close(event, bob, django_capture_on_commit_callbacks)
    rated = next(iter(pool_games(RatingPool.objects.get(club=quiet))))
    # Two tables and one board: every group has two results, so percentages are 0, 50 or
    # 100 and places are shared; the rated ranks are the night's places, ties included.
    lines = {line.player_id: line for line in duplicate_lines(event)}
    for team, rank in zip(rated.teams, rated.ranks, strict=True):
        assert rank == lines[team[0]].rank
    by_percentage = {}
    for line in lines.values():
        by_percentage.setdefault(round(line.percentage, 9), set()).add(line.rank)
    assert all(len(ranks) == 1 for ranks in by_percentage.values())
    assert len(set(rated.ranks)) < len(rated.ranks)  # at least one tie


def test_fixed_partnerships_are_rated_as_teams(quiet, bob, eager_celery,
                                               django_capture_on_commit_callbacks):
    event = played_night(quiet, bob, bots(quiet, 8), game="back-alley", tables=2, rounds=2,
                         boards=2)
    close(event, bob, django_capture_on_commit_callbacks)
    rated = next(iter(pool_games(RatingPool.objects.get(club=quiet, game="back-alley"))))
    assert len(rated.teams) == 4 and all(len(team) == 2 for team in rated.teams)
    lines = {line.player_id: line for line in duplicate_lines(event)}
    for team in rated.teams:  # partners share the night's percentage
        assert lines[team[0]].percentage == lines[team[1]].percentage


def test_a_night_that_is_not_duplicate_is_rated_table_by_table_as_before(
        club, people, quiet, bob, eager_celery, django_capture_on_commit_callbacks):
    event = night(club, None)
    games = [record_game(table_at(event, people[i:i + 4], round_number=i + 1),
                         totals=[80, 40, 120, 50]) for i in range(2)]
    for game in games:
        ratings_update_for_game(game_id=game.pk)
    rows = RatingHistory.objects.filter(pool__club=club)
    assert sorted(set(rows.values_list("game_order", flat=True))) == [g.pk for g in games]
    assert rows.count() == 8 and all(r.record_hash in {g.record_hash for g in games}
                                     for r in rows)


def test_a_correction_of_a_closed_night_rerates_it(
        quiet, bob, eager_celery, django_capture_on_commit_callbacks):
    players = bots(quiet, 12)
    earlier = played_night(quiet, bob, players, tables=3, rounds=2, boards=2)
    close(earlier, bob, django_capture_on_commit_callbacks)
    later = played_night(quiet, bob, players, tables=3, rounds=1, boards=2, seed=5)
    close(later, bob, django_capture_on_commit_callbacks)
    pool = RatingPool.objects.get(club=quiet)
    assert len(list(pool_games(pool))) == 2
    before_order = night_order(earlier)
    before = snapshot(quiet)

    table = Table.objects.filter(round__event=earlier).order_by("round__number", "number")[1]
    seats = list(table.seats.select_related("player").order_by("position"))
    game = rules.load(table.game, players=len(seats), **(table.options or {}))
    for seed in range(100, 130):  # another play of the same boards that changes the places
        record = play_match(game, ["random"] * len(seats), seed,
                            seats=[s.player.display_name for s in seats],
                            boards=table_boards(table))
        with django_capture_on_commit_callbacks(execute=True):
            result_submit(table=table, record=record, source=ResultSource.FORM, user=bob,
                          correction_reason="the sheet of table 2 was mixed up")
        if night_order(earlier) != before_order:
            break
    assert night_order(earlier) != before_order
    after = snapshot(quiet)
    assert after != before
    rated = list(pool_games(pool))
    assert [(rank, team[0]) for team, rank in zip(rated[0].teams, rated[0].ranks,
                                                  strict=True)] == night_order(earlier)
    key = rated[0].game_id
    assert set(RatingHistory.objects.filter(pool=pool, game_order=key).values_list(
        "record_hash", flat=True)) == {rated[0].record_hash}
    assert_same_as_full_recompute(quiet)


def test_a_duplicate_night_among_ordinary_games_equals_a_full_recompute(
        quiet, bob, eager_celery, django_capture_on_commit_callbacks):
    """The incremental path (tables rated as they come, the night at its close, a late
    table before the night) equals `recompute_ratings` float for float."""
    players = bots(quiet, 8)
    ordinary = night(quiet, None, date=datetime.date(2026, 11, 20))
    first = record_game(table_at(ordinary, players[:4]), totals=[80, 40, 120, 50],
                        played_at=datetime.datetime(2026, 11, 20, 20, tzinfo=datetime.UTC))
    ratings_update_for_game(game_id=first.pk)
    event = played_night(quiet, bob, players, tables=2, rounds=2, boards=2)
    close(event, bob, django_capture_on_commit_callbacks)
    after = record_game(table_at(ordinary, players[2:6], round_number=2),
                        totals=[10, 40, 20, 50],  # played after the night closed
                        played_at=timezone.now() + datetime.timedelta(hours=1))
    ratings_update_for_game(game_id=after.pk)
    late = record_game(table_at(ordinary, players[4:8], round_number=3), totals=[1, 2, 3, 4],
                       played_at=datetime.datetime(2026, 11, 21, 20, tzinfo=datetime.UTC))
    ratings_update_for_game(game_id=late.pk)  # earlier than the night: a replay through it
    pool = RatingPool.objects.get(club=quiet)
    order = [r.game_id for r in pool_games(pool)]
    assert order[:2] == [first.pk, late.pk] and order[3] == after.pk and len(order) == 4
    assert_same_as_full_recompute(quiet)


def test_erasing_a_player_of_a_rated_night_keeps_its_rating_rows_current(
        quiet, bob, eager_celery, django_capture_on_commit_callbacks):
    players = bots(quiet, 8)
    event = played_night(quiet, bob, players, tables=2, rounds=1, boards=1)
    close(event, bob, django_capture_on_commit_callbacks)
    digest = night_digest(event.pk)
    player_erase(player=players[0], user=SYSTEM)
    assert night_digest(event.pk) != digest
    # The seats' names changed in the records, so the night's digest did: its rows follow,
    # and nothing needs re-rating.
    assert set(RatingHistory.objects.values_list("record_hash", flat=True)) == {
        night_digest(event.pk)}
    assert_same_as_full_recompute(quiet)


# Committed for real: outside a test's transaction a full recompute on PostgreSQL reads the
# games on a second connection while its COPY holds the first; the nights are read before.
@pytest.mark.django_db(transaction=True)
def test_a_recompute_with_its_second_reader_rates_the_night_as_the_close_did(
        quiet, bob, eager_celery):
    players = bots(quiet, 8)
    ordinary = night(quiet, None, date=datetime.date(2026, 11, 20))
    first = record_game(table_at(ordinary, players[:4]), totals=[80, 40, 120, 50],
                        played_at=datetime.datetime(2026, 11, 20, 20, tzinfo=datetime.UTC))
    ratings_update_for_game(game_id=first.pk)
    event = played_night(quiet, bob, players, tables=2, rounds=2, boards=2)
    event_close(event=event, user=bob)  # committed: the outbox drains after it
    assert RatingHistory.objects.filter(pool__club=quiet).count() == 4 + 8
    assert_same_as_full_recompute(quiet)
