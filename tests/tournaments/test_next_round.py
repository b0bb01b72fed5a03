"""King's table and Swiss nights through the services: the first round from "Plan seating",
each later round formed when the last result of the round before is stored (or when the
organiser presses "Next round"), re-planning when the room changes, and who may do it."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.permissions import SYSTEM
from tests.factories import EventFactory, MembershipFactory, PlayerFactory, played_record
from tournaments.models import Event, EventFormat
from tournaments.selectors_plan import plan_state
from tournaments.services.events import event_create, event_update
from tournaments.services.next_round import event_form_due_round, event_form_next_round
from tournaments.services.results import result_submit
from tournaments.services.seating import (
    event_plan_seating,
    event_request_replan,
    event_set_attendance,
    round_set_published,
)
from tournaments.sit_outs import round_sit_outs

pytestmark = pytest.mark.django_db


def members(club, count):
    players = [PlayerFactory(display_name=f"P{i:02d}") for i in range(count)]
    for player in players:
        MembershipFactory(club=club, player=player)
    return players


def tables_of(event, number):
    rnd = event.rounds.get(number=number)
    return [[s.player_id for s in t.seats.order_by("position")]
            for t in rnd.tables.order_by("number")]


def finish_round(event, number, seed=1):
    """Every table of the round gets a complete result, through the one result path."""
    rnd = event.rounds.get(number=number)
    for table in rnd.tables.order_by("number"):
        seats = [s.player.display_name for s in table.seats.order_by("position")]
        record = played_record(table.game, players=len(seats), seed=seed + table.number,
                               seats=seats)
        result_submit(table=table, record=record, source="import", user=SYSTEM)


def places_of(table):
    ranks = table.result.ranks
    seats = list(table.seats.order_by("position"))
    return [s.player_id for s in sorted(seats, key=lambda s: (ranks[s.position], s.position))]


def night(club, format, count, rounds, game="bluke"):
    players = members(club, count)
    event = EventFactory(club=club, game=game, format=format)
    event_set_attendance(event=event, players=players, user=SYSTEM)
    return event_plan_seating(event=event, players=players, rounds=rounds, seed=3,
                              user=SYSTEM), players


def test_a_kings_night_forms_each_round_when_the_last_result_is_in(
        club_b, eager_celery, django_capture_on_commit_callbacks):
    event, players = night(club_b, EventFormat.KINGS, 8, 3)
    assert event.rounds.count() == 1 and event.seating["rounds"] == 3
    first = event.rounds.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        finish_round(event, 1)
    assert event.rounds.count() == 2, "the last result formed round 2"
    top, bottom = (places_of(t) for t in first.tables.order_by("number"))
    second = tables_of(event, 2)
    assert bottom[0] in second[0] and top[-1] in second[1]  # up and down a table
    assert set(top[:-1]) <= set(second[0]) and set(bottom[1:]) <= set(second[1])
    assert event_form_due_round(event.pk) is None, "a repeat forms nothing"
    assert event.rounds.count() == 2
    for number in (2, 3):
        with django_capture_on_commit_callbacks(execute=True):
            finish_round(event, number)
    assert event.rounds.count() == 3, "the night has three rounds, no fourth is formed"


def test_an_organiser_forms_the_next_round_and_not_before_the_round_is_finished(club_a, alice):
    event, _ = night(club_a, EventFormat.SWISS, 16, 4)
    with pytest.raises(ValidationError) as refused:
        event_form_next_round(event=event, user=alice)
    assert refused.value.message_dict["tables"] == [
        "Round 1 is not finished: no complete result yet at tables 1, 2, 3, 4."]
    finish_round(event, 1)  # no on-commit callbacks: as if the worker were down
    rnd = event_form_next_round(event=event, user=alice)
    assert rnd.number == 2
    # the four table winners meet at the top table: nobody meets anyone again
    meetings = {frozenset((a, b)) for t in tables_of(event, 1) for a in t for b in t if a != b}
    assert not any(frozenset((a, b)) in meetings
                   for t in tables_of(event, 2) for a in t for b in t if a != b)


def test_swiss_pairs_sit_out_one_player_a_round_and_a_different_one_each_time(club_b):
    event, players = night(club_b, EventFormat.SWISS, 5, 3, game="california-jack")
    for number in (1, 2):
        finish_round(event, number)
        event_form_next_round(event=event, user=SYSTEM)
    event.refresh_from_db()
    outs = [ids for _, ids in round_sit_outs(event.seating)]
    assert [len(ids) for ids in outs] == [1, 1, 1]
    assert len({ids[0] for ids in outs}) == 3
    pairs = [frozenset(t) for n in (1, 2, 3) for t in tables_of(event, n)]
    assert len(pairs) == len(set(pairs)) == 6, "no rematch"


def test_a_walk_out_makes_the_unplayed_round_out_of_date_and_a_replan_reforms_it(
        club_a, alice, eager_celery, django_capture_on_commit_callbacks):
    event, players = night(club_a, EventFormat.KINGS, 9, 4)
    finish_round(event, 1)
    event_form_next_round(event=event, user=alice)
    event.refresh_from_db()
    event_set_attendance(event=event, players=players[:8], user=alice)  # P08 went home
    event.refresh_from_db()
    state = plan_state(event)
    assert state.out_of_date and state.left == ["P08"] and state.replannable == [2]
    with django_capture_on_commit_callbacks(execute=True):
        event_request_replan(event=event, user=alice)
    event.refresh_from_db()
    assert event.rounds.count() == 2 and event.seating["rounds"] == 4, "the length is kept"
    assert players[8].pk not in {p for t in tables_of(event, 2) for p in t}
    assert not plan_state(event).out_of_date


def test_a_published_round_being_played_is_kept_and_the_next_uses_who_is_here(club_a, alice):
    event, players = night(club_a, EventFormat.SWISS, 8, 3)
    round_set_published(rnd=event.rounds.get(number=1), user=alice)
    event_set_attendance(event=event, players=players + members(club_a, 1), user=alice)
    event.refresh_from_db()
    state = plan_state(event)
    assert state.out_of_date and state.replannable == []  # round 1 is published: kept
    finish_round(event, 1)
    event_form_next_round(event=event, user=alice)
    seated = {p for t in tables_of(event, 2) for p in t}
    assert len(seated) == 9, "the walk-in plays round 2"


def test_only_the_clubs_organisers_form_a_round(club_a, club_b, bob, sam):
    event, _ = night(club_a, EventFormat.KINGS, 8, 2)
    finish_round(event, 1)
    for outsider in (bob, sam):  # another club's organiser, this club's scorekeeper
        with pytest.raises(PermissionDenied):
            event_form_next_round(event=event, user=outsider)
    assert event.rounds.count() == 1


def test_a_rotation_night_has_no_next_round(club_a, alice):
    event, _ = night(club_a, EventFormat.ROTATION, 8, 2)
    with pytest.raises(ValidationError) as refused:
        event_form_next_round(event=event, user=alice)
    assert "format" in refused.value.message_dict


def test_partnership_games_are_only_seated_by_the_rotation(club_a, alice):
    with pytest.raises(ValidationError) as refused:
        event_create(club=club_a, name="Back Alley kings", date=EventFactory.date, user=alice,
                     game="back-alley", format=EventFormat.KINGS)
    assert "partnerships" in refused.value.message_dict["format"][0]
    assert not Event.objects.filter(name="Back Alley kings").exists()


def test_the_format_changes_until_the_first_round_is_seated(club_a, alice):
    event = event_create(club=club_a, name="Open", date=EventFactory.date, user=alice,
                         game="bluke")
    event = event_update(event=event, user=alice, format=EventFormat.SWISS)
    assert event.format == EventFormat.SWISS
    players = members(club_a, 8)
    event_plan_seating(event=event, players=players, rounds=2, seed=1, user=alice)
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=alice, format=EventFormat.KINGS)
    assert "format" in refused.value.message_dict
    with pytest.raises(ValidationError):
        event_update(event=event, user=alice, format="knockout")


def test_players_who_tie_at_a_table_keep_their_seat_order(club_a, alice):
    from tests.league.played_games import record_game
    from tournaments.services.next_round import night_so_far

    event, _ = night(club_a, EventFormat.KINGS, 4, 2)
    table = event.rounds.get(number=1).tables.get()
    seats = [s.player_id for s in table.seats.order_by("position")]
    record_game(table, totals=[10, 30, 10, 30])  # seats 1 and 3 tie for first, 0 and 2 last
    assert night_so_far(event).places == [[[seats[1], seats[3], seats[0], seats[2]]]]
