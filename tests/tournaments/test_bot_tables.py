"""Bot seats: filling empty seats with club bots and playing all-bot tables."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from games import rules
from league.models import Player
from tests.factories import EventFactory, RoundFactory, TableFactory
from tournaments.models import ResultSource, ResultStatus, Seat, TableResult
from tournaments.services.bots import table_fill_with_bots, table_play_with_bots

pytestmark = pytest.mark.django_db


def empty_table(club, seats=4, game="bluke"):
    table = TableFactory(round=RoundFactory(event=EventFactory(club=club, game=game)),
                         game=game)
    Seat.objects.bulk_create(Seat(table=table, position=i) for i in range(seats))
    return table


def test_it_fills_empty_seats_with_distinct_club_bots(club_b, bob):
    table = empty_table(club_b)
    filled = table_fill_with_bots(table=table, user=bob, strength="random")
    names = [seat.player.display_name for seat in filled]
    assert names == [f"Bot (random) {i}" for i in range(1, 5)]
    assert all(p.memberships.filter(club=club_b).exists()
               for p in Player.objects.filter(bot_strength="random"))


def test_it_reuses_club_bots_at_the_next_round_instead_of_making_more(club_b, bob):
    first = empty_table(club_b)
    table_fill_with_bots(table=first, user=bob, strength="random")
    later = TableFactory(round=RoundFactory(event=first.round.event), game="bluke")
    Seat.objects.bulk_create(Seat(table=later, position=i) for i in range(3))
    table_fill_with_bots(table=later, user=bob, strength="random")
    assert Player.objects.filter(bot_strength="random").count() == 4


def test_it_refuses_to_seat_bots_for_non_organisers(club_a, sam):
    with pytest.raises(PermissionDenied):
        table_fill_with_bots(table=empty_table(club_a), user=sam, strength="random")


def test_it_plays_an_all_bot_table_into_a_valid_stored_game(club_b, bob):
    table = empty_table(club_b, seats=3)
    table_fill_with_bots(table=table, user=bob, strength="heuristic")
    game = table_play_with_bots(table=table)
    assert game.status == ResultStatus.COMPLETE and game.source == ResultSource.BOT
    report = rules.check_record(game.record)
    assert report.valid and report.complete
    assert game.hands.count() == len(rules.load("bluke", players=3).schedule)
    assert sorted(game.ranks)[0] == 1
    assert table_play_with_bots(table=table).pk == game.pk  # a finished table is kept


def test_it_plays_a_partnership_bot_table(club_b, bob):
    table = empty_table(club_b, game="back-alley")
    table_fill_with_bots(table=table, user=bob, strength="random")
    game = table_play_with_bots(table=table)
    assert rules.check_record(game.record).valid
    assert game.totals[0] == game.totals[2] and game.totals[1] == game.totals[3]


def test_it_does_not_auto_play_a_table_with_humans(club_b, bob, players_b):
    table = empty_table(club_b)
    Seat.objects.filter(table=table, position=0).update(player=players_b[1])
    table_fill_with_bots(table=table, user=bob, strength="random")
    with pytest.raises(ValidationError):
        table_play_with_bots(table=table)
    assert not TableResult.objects.filter(table=table).exists()


def test_it_plays_a_bot_table_from_the_event_page(client, settings, club_b, bob, eager_celery,
                                                  django_capture_on_commit_callbacks):
    settings.SECURE_SSL_REDIRECT = False
    table = empty_table(club_b, seats=3)
    client.force_login(bob)
    client.post(reverse("tournaments:table-fill-bots", args=[table.pk]), {"strength": "random"})
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:table-play-bots", args=[table.pk]))
    assert TableResult.objects.get(table=table).status == ResultStatus.COMPLETE
