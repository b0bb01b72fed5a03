"""Stored player statistics: kept up to date by the result follow-ups, equal to a full recount."""

import datetime

import pytest
from django.core.management import CommandError, call_command

from league.permissions import SYSTEM
from league.services.followups import followups_batched
from rankings.models import HeadToHead, PlayerGameStat, PlayerStats
from rankings.selectors_stats import player_games, player_statistics, results
from rankings.services.player_stats import player_stats_after_result, player_stats_recompute
from rankings.standings import head_to_head
from tests.factories import played_record
from tests.league.played_games import T0, correct_game, night, record_game, table_at
from tournaments.models import ResultSource, TableResult
from tournaments.services.results import result_submit


def snapshot(club):
    games = sorted(PlayerGameStat.objects.filter(club=club).values_list(
        "player_id", "game_id", "played_at", "score", "place", "others", "rivals", "hands",
        "perfect", "over", "sets", "overtricks", "by_size", "bluke_hands", "bluke_held",
        "bluke_won", "table_label"), key=repr)
    totals = sorted(PlayerStats.objects.filter(club=club).values_list(
        "player_id", "games", "hands", "perfect", "over", "sets", "overtricks", "by_size",
        "bluke_hands", "bluke_held", "bluke_won"), key=repr)
    rivals = sorted(HeadToHead.objects.filter(club=club).values_list(
        "player_id", "opponent_id", "games", "ahead", "behind", "level"))
    return games, totals, rivals


def submit(table, seed, hour, **kwargs):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    return result_submit(table=table, record=played_record(seed=seed, seats=names),
                         source=ResultSource.IMPORT, user=SYSTEM,
                         played_at=T0 + datetime.timedelta(hours=hour), **kwargs).game


def test_results_entered_one_by_one_give_the_full_recount(
        club, season, people, eager_celery, django_capture_on_commit_callbacks):
    event = night(club, season)
    tables = [table_at(event, people[:4]), table_at(event, people[2:], round_number=2),
              table_at(event, people[1:5], round_number=3)]
    games = []
    for seed, table in enumerate(tables, start=1):
        with django_capture_on_commit_callbacks(execute=True):
            games.append(submit(table, seed, hour=seed))
    with django_capture_on_commit_callbacks(execute=True):  # a correction
        submit(tables[1], 9, hour=2, correction_reason="the wrong sheet was typed in")
    incremental = snapshot(club)
    assert len(incremental[0]) == 12 and incremental[1] and incremental[2]
    player_stats_recompute(club_id=club.pk)
    assert snapshot(club) == incremental


def test_stored_totals_match_the_walk_over_every_hand(club, season, people, eager_celery,
                                                      django_capture_on_commit_callbacks):
    event = night(club, season)
    for seed, table in enumerate([table_at(event, people[:4]),
                                  table_at(event, people[2:], round_number=2)], start=1):
        with django_capture_on_commit_callbacks(execute=True):
            submit(table, seed, hour=seed)
    cy = people[2]
    walked = player_statistics(cy, player_games(cy, subject=SYSTEM))
    stored = PlayerStats.objects.get(player=cy, club=club)
    assert (stored.hands, stored.perfect, stored.over, stored.sets, stored.overtricks) == (
        walked.hands, walked.perfect, walked.over, walked.sets, walked.overtricks)
    assert (stored.bluke_hands, stored.bluke_held, stored.bluke_won) == (
        walked.bluke_hands, walked.bluke_held, walked.bluke_won)
    assert stored.by_size == {str(k): list(v) for k, v in sorted(walked.by_size.items())}
    expected = head_to_head(cy.pk, results(player_games(cy, subject=SYSTEM)))
    rows = {r.opponent_id: (r.games, r.ahead, r.behind, r.level)
            for r in HeadToHead.objects.filter(player=cy)}
    assert rows == {o.player_id: (o.games, o.ahead, o.behind, o.level) for o in expected}


def test_a_correction_and_a_removal_are_recounted(club, season, people):
    event = night(club, season)
    first = record_game(table_at(event, people[:4]), totals=[40, 30, 20, 10])
    second = record_game(table_at(event, people[2:], round_number=2), totals=[10, 20, 30, 40],
                         played_at=T0 + datetime.timedelta(hours=1))
    for game in (first, second):
        player_stats_after_result(game_id=game.pk)
    ann = people[0]
    assert PlayerStats.objects.get(player=ann).games == 1
    correct_game(first, totals=[10, 20, 30, 40])
    player_stats_after_result(game_id=first.pk)
    assert PlayerGameStat.objects.get(player=ann, game=first).place == 4
    game_id = second.pk
    TableResult.objects.filter(pk=game_id).delete()
    player_stats_after_result(game_id=game_id)
    fay = people[5]
    assert not PlayerStats.objects.filter(player=fay).exists()
    assert not HeadToHead.objects.filter(opponent=fay).exists()
    incremental = snapshot(club)
    player_stats_recompute(club_id=club.pk)
    assert snapshot(club) == incremental


def test_a_batch_counts_every_game_not_only_one_per_pool(
        club, season, people, eager_celery, django_capture_on_commit_callbacks):
    event = night(club, season)
    tables = [table_at(event, people[:4]), table_at(event, people[2:], round_number=2)]
    with django_capture_on_commit_callbacks(execute=True), followups_batched():
        for seed, table in enumerate(tables, start=1):
            with django_capture_on_commit_callbacks(execute=True):
                submit(table, seed, hour=seed)
    assert PlayerGameStat.objects.filter(club=club).count() == 8
    assert PlayerStats.objects.get(player=people[2]).games == 2


def test_a_follow_up_recounts_only_the_games_that_changed(club, season, people):
    """A batch's first refresh counts every new game; the follow-ups of the others then
    find their rows current instead of counting each game a second time."""
    event = night(club, season)
    first = record_game(table_at(event, people[:4]), totals=[40, 30, 20, 10])
    second = record_game(table_at(event, people[2:], round_number=2), totals=[10, 20, 30, 40],
                         played_at=T0 + datetime.timedelta(hours=1))
    assert player_stats_after_result(game_id=first.pk) == 2
    assert player_stats_after_result(game_id=second.pk) == 0
    correct_game(first, totals=[10, 20, 30, 40])
    assert player_stats_after_result(game_id=second.pk) == 1  # the club's change is caught
    assert PlayerGameStat.objects.get(player=people[0], game=first).place == 4
    assert player_stats_after_result(game_id=first.pk) == 0
    incremental = snapshot(club)
    player_stats_recompute(club_id=club.pk)
    assert snapshot(club) == incremental


def test_a_game_saved_again_is_recounted_even_when_its_record_is_the_same(
        club, season, people):
    """A seating put right keeps the record and its hash; the save is what tells."""
    event = night(club, season)
    table = table_at(event, people[:4])
    game = record_game(table, totals=[40, 30, 20, 10])
    player_stats_after_result(game_id=game.pk)
    table.seats.filter(position=0).update(player=people[5])
    TableResult.objects.get(pk=game.pk).save()
    assert player_stats_after_result(game_id=game.pk) == 1
    assert PlayerGameStat.objects.get(game=game, player=people[5]).place == 1
    assert not PlayerGameStat.objects.filter(player=people[0]).exists()
    assert not PlayerStats.objects.filter(player=people[0]).exists()


def test_the_command_rebuilds_what_was_lost(club, season, people):
    event = night(club, season)
    game = record_game(table_at(event, people[:4]), totals=[40, 30, 20, 10])
    player_stats_after_result(game_id=game.pk)
    counted = snapshot(club)
    PlayerStats.objects.all().delete()
    PlayerGameStat.objects.all().delete()
    call_command("recompute_player_stats", "--club", club.slug, verbosity=0)
    assert snapshot(club) == counted


def test_the_command_names_an_unknown_club(db):
    with pytest.raises(CommandError, match="no club with slug 'nowhere'"):
        call_command("recompute_player_stats", "--club", "nowhere", verbosity=0)
