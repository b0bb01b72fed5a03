"""The services behind the organiser's pages: one game per season, substitutes, re-planning."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from league.permissions import SYSTEM
from tests.factories import EventFactory, MembershipFactory, PlayerFactory, SeasonFactory
from tournaments.models import Event
from tournaments.selectors_plan import plan_state
from tournaments.services.events import event_create, event_update, seat_assign, table_create
from tournaments.services.seating import (
    event_plan_seating,
    event_request_replan,
    event_set_attendance,
    round_set_published,
)

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 5, 7)


def _field(error: ValidationError) -> list[str]:
    return list(error.message_dict)


def test_a_seasons_night_plays_the_seasons_game_and_options(club_b, bob):
    season = SeasonFactory(club=club_b, game="bluke", options={"variant": "new-jersey"})
    event = event_create(club=club_b, season=season, name="Week 1", date=DAY, user=bob)
    assert (event.game, event.options) == ("bluke", {"variant": "new-jersey"})


@pytest.mark.parametrize(("values", "field"), [
    ({"game": "back-alley"}, "game"),
    ({"options": {"variant": "standard"}}, "options"),
])
def test_it_refuses_a_night_that_differs_from_its_season(club_b, bob, values, field):
    season = SeasonFactory(club=club_b, game="bluke", options={"variant": "new-jersey"})
    with pytest.raises(ValidationError) as refused:
        event_create(club=club_b, season=season, name="Odd", date=DAY, user=bob, **values)
    assert _field(refused.value) == [field]
    assert not Event.objects.exists()


def test_it_refuses_a_game_the_rules_core_does_not_know(club_b, bob):
    with pytest.raises(ValidationError) as refused:
        event_create(club=club_b, name="Whist", date=DAY, user=bob, game="whist")
    assert _field(refused.value) == ["game"] and "whist" in str(refused.value)


def test_a_table_of_a_seasons_night_cannot_play_another_game(club_b, bob, players_b):
    season = SeasonFactory(club=club_b)
    event = event_create(club=club_b, season=season, name="Week 1", date=DAY, user=bob)
    rnd = event.rounds.create(number=1)
    with pytest.raises(ValidationError) as refused:
        table_create(round=rnd, user=bob, players=players_b, game="back-alley")
    assert _field(refused.value) == ["game"]


def test_event_update_renames_and_redates_but_keeps_the_game(club_b, bob):
    event = EventFactory(club=club_b, name="Week 1")
    event_update(event=event, user=bob, name="Week one", date=DAY)
    event.refresh_from_db()
    assert (event.name, event.date) == ("Week one", DAY)
    with pytest.raises(ValidationError) as refused:
        event_update(event=event, user=bob, game="back-alley")
    assert _field(refused.value) == ["game"]


def test_a_substitute_cannot_sit_twice_in_one_round(club_b, bob, players_b):
    from tests.factories import seated_table

    first = seated_table(club_b, players_b[:2] + [None, None])
    second = seated_table(club_b, players_b[2:], round=first.round)
    empty = first.seats.get(position=2)
    with pytest.raises(ValidationError) as refused:
        seat_assign(seat=empty, player=players_b[3], user=bob)
    assert _field(refused.value) == ["player"] and "table 2" in str(refused.value)
    walk_in = PlayerFactory(display_name="Wes")
    MembershipFactory(club=club_b, player=walk_in)
    assert seat_assign(seat=empty, player=walk_in, user=bob).player == walk_in
    assert second.seats.filter(player=players_b[3]).exists()


def _members(club, count):
    players = [PlayerFactory(display_name=f"P{i:02d}") for i in range(count)]
    for player in players:
        MembershipFactory(club=club, player=player)
    return players


def test_the_plan_goes_out_of_date_and_a_replan_redraws_only_the_unpublished_rounds(
        club_b, bob, eager_celery, django_capture_on_commit_callbacks):
    players = _members(club_b, 9)
    event = EventFactory(club=club_b)
    event_set_attendance(event=event, players=players, user=bob)
    event = event_plan_seating(event=event, players=players, rounds=3, seed=4, user=bob,
                               time_budget=0.2)
    assert not plan_state(event).out_of_date
    round_set_published(rnd=event.rounds.get(number=1), user=bob)
    round_1 = [list(t.seats.values_list("player_id", flat=True))
               for t in event.rounds.get(number=1).tables.all()]

    leaver = players[0]
    event_set_attendance(event=event, players=players[1:], user=bob)
    event.refresh_from_db()
    state = plan_state(event)
    assert state.out_of_date and state.left == [leaver.display_name]
    assert state.replannable == [2, 3]

    with django_capture_on_commit_callbacks(execute=True):
        event_request_replan(event=event, user=bob)
    event.refresh_from_db()
    assert event.seating["task"]["state"] == "done", event.seating["task"]
    assert not plan_state(event).out_of_date
    assert event.rounds.count() == 3
    kept = [list(t.seats.values_list("player_id", flat=True))
            for t in event.rounds.get(number=1).tables.all()]
    assert kept == round_1
    later = {s for r in (2, 3) for t in event.rounds.get(number=r).tables.all()
             for s in t.seats.values_list("player_id", flat=True)}
    assert leaver.pk not in later and len(later) == 8


def test_a_replan_with_every_round_published_is_refused_with_the_reason(club_b, bob):
    players = _members(club_b, 4)
    event = event_plan_seating(event=EventFactory(club=club_b), players=players, rounds=1,
                               seed=1, user=SYSTEM, time_budget=0.1)
    round_set_published(rnd=event.rounds.get(), user=bob)
    with pytest.raises(ValidationError) as refused:
        event_request_replan(event=event, user=bob)
    assert "unpublish" in str(refused.value)


def test_the_api_refuses_a_night_of_another_game_than_its_season(client_as, club_b, bob):
    season = SeasonFactory(club=club_b, game="bluke")
    response = client_as("bob").post("/api/v1/events/", {
        "club": club_b.pk, "season": season.pk, "name": "Back Alley night",
        "date": "2026-05-07", "game": "back-alley"}, format="json")
    assert response.status_code == 400 and list(response.json()) == ["game"]
    assert "bluke" in response.json()["game"][0].lower()  # its title, Bluke
    assert not Event.objects.exists()


def test_a_plan_made_without_attendance_is_not_called_out_of_date(club_b):
    players = _members(club_b, 4)
    event = event_plan_seating(event=EventFactory(club=club_b), players=players, rounds=1,
                               seed=1, user=SYSTEM, time_budget=0.1)
    state = plan_state(event)
    assert state.planned and not state.out_of_date
