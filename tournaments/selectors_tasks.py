"""Reads for background work the API starts: a task's status and the seating plan it made.

Celery's result backend knows a task only when a worker ran it with a backend configured;
eager runs (the embedded mode, tests) store nothing there. So the owning object records
its task's outcome (`Event.seating["task"]`), and that record is the source of truth; the
backend is asked only while the record still says queued or running.
"""

from __future__ import annotations

from celery import current_app, states
from celery.result import AsyncResult

from league.models import Player
from league.permissions import own_clubs
from tournaments.models import Event, Seat
from tournaments.sit_outs import round_sit_outs

# The seating record's states, as Celery names them.
CELERY_STATE = {"queued": states.PENDING, "running": states.STARTED,
                "done": states.SUCCESS, "failed": states.FAILURE}


def backend_state(task_id: str) -> str | None:
    """What the result backend says, or None (eager mode, no backend, backend down)."""
    conf = current_app.conf
    if conf.task_always_eager or not conf.result_backend:
        return None
    try:
        return AsyncResult(task_id).state
    except Exception:  # noqa: BLE001 - a status read must not fail because Redis is away
        return None


def seating_task_status(event: Event) -> dict | None:
    """{id, state, ready, result, error} of the event's last seating task (None: never)."""
    task = (event.seating or {}).get("task") or {}
    if not task.get("id"):
        return None
    state = CELERY_STATE.get(task.get("state"), states.PENDING)
    if state not in states.READY_STATES:
        live = backend_state(task["id"])
        if live in (states.STARTED, states.RETRY, states.FAILURE, states.REVOKED):
            state = live
    failed = state in states.PROPAGATE_STATES
    return {
        "id": task["id"],
        "state": state,
        "ready": state in states.READY_STATES,
        "result": {"event": event.pk, "rounds": event.rounds.count()}
        if state == states.SUCCESS else None,
        "error": (task.get("error") or "the task failed") if failed else "",
        "updated": task.get("updated"),
    }


def task_event(*, task_id: str, subject) -> Event | None:
    """The event whose seating task this is, if it belongs to one of the subject's clubs."""
    return (Event.objects.filter(seating__task__id=task_id, club__in=own_clubs(subject))
            .first())


def seating_plan(event: Event) -> dict:
    """The stored plan: rounds -> tables -> seats (player id and name), report and seed."""
    seating = event.seating or {}
    seats = (Seat.objects.filter(table__round__event=event)
             .select_related("table__round", "player")
             .order_by("table__round__number", "table__number", "position"))
    rounds: dict[int, dict] = {}
    for seat in seats:
        rnd = seat.table.round
        entry = rounds.setdefault(rnd.number, {"number": rnd.number, "id": rnd.pk,
                                               "published": rnd.published, "tables": {}})
        table = entry["tables"].setdefault(seat.table.number, {
            "id": seat.table.pk, "number": seat.table.number, "seats": []})
        table["seats"].append({"position": seat.position, "player": seat.player_id,
                               "player_name": seat.player.display_name if seat.player else None})
    return {
        "seed": seating.get("seed"),
        "algorithm": seating.get("algorithm"),
        "version": seating.get("version"),
        "planned_at": seating.get("planned_at"),
        "report": seating.get("report"),
        "rounds": [dict(r, tables=list(r["tables"].values())) for r in rounds.values()],
        "sit_outs": _sit_outs(seating),
    }


def _sit_outs(seating: dict) -> list[dict]:
    """Who sits out which round, kept rounds included."""
    rows = [(number, ids) for number, ids in round_sit_outs(seating) if ids]
    names = dict(Player.objects.filter(pk__in={p for _, ids in rows for p in ids})
                 .values_list("pk", "display_name"))
    return [{"round": number, "players": [{"id": p, "name": names.get(p)} for p in ids]}
            for number, ids in rows]
