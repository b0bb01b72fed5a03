"""Seating a league night with the rotation engine, and re-planning after no-shows."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.permissions import SYSTEM
from tests.factories import EventFactory, MembershipFactory, PlayerFactory, SeasonFactory
from tournaments.models import Event, EventStatus, Round
from tournaments.rotation.pairs import max_meetings
from tournaments.services.seating import (
    event_plan_seating,
    event_set_attendance,
    round_set_published,
)

pytestmark = pytest.mark.django_db


def members(club, count):
    players = [PlayerFactory(display_name=f"P{i:02d}") for i in range(count)]
    for player in players:
        MembershipFactory(club=club, player=player)
    return players


def seating_of(event):
    """Rounds -> tables -> player ids from seat 0, as stored."""
    return [
        [[seat.player_id for seat in table.seats.order_by("position")]
         for table in rnd.tables.order_by("number")]
        for rnd in event.rounds.order_by("number")
    ]


def plan(event, players, rounds, seed=1, user=SYSTEM):
    return event_plan_seating(event=event, players=players, rounds=rounds, seed=seed,
                              user=user, time_budget=0.3)


def test_it_seats_everyone_once_per_round_at_tables_of_four(club_b):
    players = members(club_b, 16)
    event = plan(EventFactory(club=club_b), players, 3)
    rounds = seating_of(event)
    assert len(rounds) == 3
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == sorted(p.pk for p in players)
        assert all(len(table) == 4 for table in rnd)
    assert max_meetings(rounds) == 1  # 16 players, 3 rounds: no one meets twice
    assert event.status == EventStatus.SEATED
    assert event.seating["seed"] == 1 and event.seating["report"]


def test_it_uses_tables_of_three_or_five_for_bluke_when_four_does_not_divide(club_b):
    event = plan(EventFactory(club=club_b), members(club_b, 11), 2)
    for rnd in seating_of(event):
        assert sorted(len(t) for t in rnd) in ([3, 4, 4], [3, 3, 5])
        assert sum(len(t) for t in rnd) == 11


def test_it_seats_back_alley_at_tables_of_exactly_four_with_sit_outs(club_b):
    event = plan(EventFactory(club=club_b, game="back-alley"), members(club_b, 10), 2)
    for rnd in seating_of(event):
        assert [len(t) for t in rnd] == [4, 4]
    assert [len(out) for out in event.seating["sit_outs"]] == [2, 2]


def test_it_avoids_pairs_that_met_earlier_in_the_season(club_b):
    season = SeasonFactory(club=club_b)
    players = members(club_b, 16)
    first = plan(EventFactory(club=club_b, season=season), players, 1, seed=3)
    second = plan(EventFactory(club=club_b, season=season), players, 2, seed=4)
    assert max_meetings(seating_of(first) + seating_of(second)) == 1


def test_it_keeps_published_rounds_and_re_plans_the_rest_for_late_arrivals(club_b):
    players = members(club_b, 13)
    event = EventFactory(club=club_b)
    here, late = players[:12], players[12]
    plan(event, here, 3)
    first = Round.objects.get(event=event, number=1)
    round_set_published(rnd=first, user=SYSTEM)
    before = seating_of(event)
    no_show = here[0]
    event = plan(event, here[1:] + [late], 3, seed=2)
    after = seating_of(event)
    assert after[0] == before[0]
    assert Round.objects.get(event=event, number=1).pk == first.pk
    for rnd in after[1:]:
        seated = {p for table in rnd for p in table}
        assert no_show.pk not in seated and late.pk in seated
    assert event.seating["kept_rounds"] == [1]


def test_it_refuses_seating_by_someone_who_does_not_organise_the_club(club_a, sam):
    with pytest.raises(PermissionDenied):
        plan(EventFactory(club=club_a), members(club_a, 8), 1, user=sam)


def test_it_plans_through_the_task_and_shows_its_state(client, settings, club_b, bob,
                                                       django_capture_on_commit_callbacks):
    from config.celery import app

    settings.SECURE_SSL_REDIRECT = False
    eager, app.conf.task_always_eager = app.conf.task_always_eager, True
    try:
        event = EventFactory(club=club_b)
        event_set_attendance(event=event, players=members(club_b, 8), user=bob)
        client.force_login(bob)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("tournaments:event-plan-seating", args=[event.pk]),
                                   {"rounds": 2, "seed": 5})
        assert response.status_code == 302
    finally:
        app.conf.task_always_eager = eager
    event = Event.objects.get(pk=event.pk)
    assert event.seating["task"]["state"] == "done"
    assert event.rounds.count() == 2 and event.seating["seed"] == 5
    page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "Seating planned" in page and "P00" in page and "Seating fairness" in page
    status = client.get(reverse("tournaments:event-seating-status", args=[event.pk]))
    assert "Seating planned" in status.content.decode()


def test_it_shows_a_queued_plan_as_polling_until_the_worker_is_done(
        client, settings, club_b, bob, django_capture_on_commit_callbacks):
    from tournaments.services.seating import event_request_seating, event_run_seating_request

    settings.SECURE_SSL_REDIRECT = False
    event = EventFactory(club=club_b)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        task_id = event_request_seating(event=event, players=members(club_b, 8), rounds=1,
                                        seed=9, user=bob)
    assert len(queued) == 1  # the task is sent only after the request commits
    url = reverse("tournaments:event-seating-status", args=[event.pk])
    assert 'hx-trigger="every 2s"' in client.get(url).content.decode()
    event.refresh_from_db()
    event = event_run_seating_request(event=event, task_id=task_id)
    tables = list(event.rounds.get().tables.values_list("pk", flat=True))
    event = event_run_seating_request(event=event, task_id=task_id)  # a redelivered task
    assert list(event.rounds.get().tables.values_list("pk", flat=True)) == tables
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert "Seating planned" in response.content.decode()
    assert response["HX-Refresh"] == "true"


def test_it_marks_the_plan_failed_when_the_engine_breaks(club_b, bob, monkeypatch,
                                                         django_capture_on_commit_callbacks):
    from tournaments import rotation
    from tournaments.services.seating import event_request_seating, event_run_seating_request

    def broken(request):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(rotation, "plan_rotation", broken)
    event = EventFactory(club=club_b)
    with django_capture_on_commit_callbacks(execute=False):
        task_id = event_request_seating(event=event, players=members(club_b, 8), rounds=1,
                                        user=bob)
    event.refresh_from_db()
    with pytest.raises(RuntimeError):
        event_run_seating_request(event=event, task_id=task_id)
    event.refresh_from_db()
    assert event.seating["task"]["state"] == "failed" and not event.rounds.exists()
