"""Closing a league night, and what a closed night refuses; empty seats refuse results."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import AuditEntry
from league.permissions import SYSTEM
from tests.factories import (
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    played_record,
    seated_table,
)
from tournaments.models import EventStatus, Seat, TableResult
from tournaments.services.events import event_close
from tournaments.services.results import ResultRejected, result_submit
from tournaments.services.seating import event_plan_seating, event_request_seating

pytestmark = pytest.mark.django_db

SEATS = ["Alice", "Sam", "Pat", "Dee"]


def play(table, user=SYSTEM, seed=3, **kwargs):
    return result_submit(table=table, record=played_record(seed=seed, seats=SEATS),
                         source="form", user=user, **kwargs)


def test_it_closes_a_night_whose_every_table_has_a_complete_result(table_a, alice):
    play(table_a)
    event = event_close(event=table_a.round.event, user=alice)
    event.refresh_from_db()
    assert event.status == EventStatus.CLOSED
    entry = AuditEntry.objects.get(action="event.close", target_id=event.pk)
    assert entry.actor == alice and entry.after["open_tables"] == []


def test_it_refuses_to_close_while_a_table_has_no_complete_result(table_a, alice):
    result_submit(table=table_a, record=played_record(seed=3, seats=SEATS, hands=2),
                  source="form", user=SYSTEM)  # in progress
    with pytest.raises(ValidationError) as refused:
        event_close(event=table_a.round.event, user=alice)
    assert "round 1 table 1" in str(refused.value.message_dict["tables"])
    table_a.round.event.refresh_from_db()
    assert table_a.round.event.status != EventStatus.CLOSED


def test_it_closes_with_open_tables_only_when_forced_with_a_reason(table_a, alice):
    event = table_a.round.event
    with pytest.raises(ValidationError) as refused:
        event_close(event=event, user=alice, force=True, reason="  ")
    assert "reason" in refused.value.message_dict
    event = event_close(event=event, user=alice, force=True, reason="Power cut at table 1")
    assert event.status == EventStatus.CLOSED
    entry = AuditEntry.objects.get(action="event.close", target_id=event.pk)
    assert entry.reason == "Power cut at table 1" and entry.after["open_tables"] == [table_a.pk]


def test_it_lets_only_organisers_close_a_night(table_a, sam):
    with pytest.raises(PermissionDenied):
        event_close(event=table_a.round.event, user=sam, force=True, reason="late")


def test_closing_twice_writes_one_audit_entry(table_a, alice):
    play(table_a)
    event_close(event=table_a.round.event, user=alice)
    event_close(event=table_a.round.event, user=alice)
    assert AuditEntry.objects.filter(action="event.close").count() == 1


def test_a_closed_night_refuses_a_new_result(table_a, alice, sam):
    event_close(event=table_a.round.event, user=alice, force=True, reason="went home")
    with pytest.raises(ResultRejected) as refused:
        play(table_a, user=sam)
    assert refused.value.errors[0]["code"] == "event-closed"
    assert "closed" in str(refused.value) and not TableResult.objects.exists()


def test_a_closed_night_accepts_an_organisers_correction_with_a_reason(table_a, alice):
    play(table_a, seed=3)
    event_close(event=table_a.round.event, user=alice)
    with pytest.raises(ResultRejected):
        play(table_a, user=alice, seed=4)  # no reason: not a correction
    outcome = play(table_a, user=alice, seed=4, correction_reason="Wrong sheet entered")
    assert outcome.game.record == played_record(seed=4, seats=SEATS)


def test_a_closed_night_replays_the_same_result_without_writing(table_a, alice, sam):
    first = play(table_a, user=sam).game
    event_close(event=table_a.round.event, user=alice)
    again = play(table_a, user=sam)
    assert again.game.pk == first.pk and not again.created


def test_a_closed_night_refuses_a_new_seating_plan(club_b, bob):
    players = [PlayerFactory() for _ in range(8)]
    for player in players:
        MembershipFactory(club=club_b, player=player)
    event = EventFactory(club=club_b)
    event_close(event=event, user=bob, force=True, reason="cancelled: nobody came")
    with pytest.raises(ValidationError, match="closed"):
        event_request_seating(event=event, players=players, rounds=1, user=bob)
    with pytest.raises(ValidationError, match="closed"):
        event_plan_seating(event=event, players=players, rounds=1, user=bob, time_budget=0.1)
    assert not event.rounds.exists()


def test_it_refuses_a_result_for_a_table_with_an_empty_seat_naming_the_seat(club_a,
                                                                            players_a, sam):
    table = seated_table(club_a, players_a)
    Seat.objects.filter(table=table, position=3).update(player=None)
    with pytest.raises(ResultRejected) as refused:
        play(table, user=sam)
    assert str(refused.value) == ("seat 4 is empty: seat a player or a bot before entering "
                                  "the result")
    assert refused.value.errors[0]["seat"] == 3 and refused.value.errors[0]["code"] == \
        "empty-seat"
    assert not TableResult.objects.exists()


def test_bots_do_not_play_a_table_of_a_closed_night(club_b, bob):
    from tournaments.services.bots import table_fill_with_bots, table_play_with_bots

    table = seated_table(club_b, [None] * 4)
    table_fill_with_bots(table=table, user=bob, strength="random")
    event_close(event=table.round.event, user=bob, force=True, reason="bots go home")
    with pytest.raises(ValidationError, match="closed"):
        table_play_with_bots(table=table)
    assert not TableResult.objects.exists()
