"""Task status for API-started work: the event's record first, Celery's backend as a hint."""

import pytest

from league.permissions import SYSTEM, own_clubs
from tests.factories import EventFactory
from tournaments import selectors_tasks
from tournaments.selectors_tasks import seating_task_status, task_event

pytestmark = pytest.mark.django_db


def with_task(club, state, error=""):
    return EventFactory(club=club, seating={"task": {"id": f"t-{state}", "state": state,
                                                     "error": error, "updated": None}})


def test_it_maps_the_stored_states_to_celery_names(club_b):
    expected = {"queued": ("PENDING", False), "running": ("STARTED", False),
                "done": ("SUCCESS", True), "failed": ("FAILURE", True)}
    for stored, (state, ready) in expected.items():
        status = seating_task_status(with_task(club_b, stored, error="boom"))
        assert (status["state"], status["ready"]) == (state, ready)
        assert status["error"] == ("boom" if state == "FAILURE" else "")


def test_it_has_no_status_for_an_event_never_planned_by_a_task(club_b):
    assert seating_task_status(EventFactory(club=club_b)) is None


def test_it_asks_the_backend_only_while_the_record_is_unfinished(club_b, monkeypatch):
    asked = []
    monkeypatch.setattr(selectors_tasks, "backend_state",
                        lambda task_id: asked.append(task_id) or "STARTED")
    assert seating_task_status(with_task(club_b, "queued"))["state"] == "STARTED"
    assert seating_task_status(with_task(club_b, "done"))["state"] == "SUCCESS"
    assert asked == ["t-queued"]


def test_the_backend_is_not_asked_in_eager_mode():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        assert selectors_tasks.backend_state("any") is None
    finally:
        app.conf.task_always_eager = before


def test_a_task_is_found_only_through_the_subjects_own_clubs(club_a, club_b, alice, bob,
                                                             token_b):
    event = with_task(club_b, "done")
    assert task_event(task_id="t-done", subject=bob) == event
    assert task_event(task_id="t-done", subject=token_b[0]) == event
    assert task_event(task_id="t-done", subject=alice) is None  # club B is public, not hers
    assert task_event(task_id="t-done", subject=SYSTEM) == event
    assert list(own_clubs(alice)) == [club_a]
