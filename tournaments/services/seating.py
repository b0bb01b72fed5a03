"""Seating a league night: who is here, and the rounds -> tables -> seats plan.

The rotation engine (`tournaments.rotation`) is pure; this module feeds it the
season's history (who already met whom at earlier events) and tonight's kept
rounds, then writes the plan as Round/Table/Seat rows. Re-planning after
no-shows or late arrivals keeps every round that is published or already has a
result, and plans only the rest (a repair, not a fresh start).

`Event.seating` (JSON) holds: "attendance" (player ids), "request" (the last
plan request), "task" (its id and state, for the status display) and the stored
plan: "seed", "algorithm", "version", "report", "sit_outs", "kept_rounds",
"kept_sit_outs" and "planned_at" (read the sit-outs with `tournaments.sit_outs`).
"""

from __future__ import annotations

import secrets
import uuid

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import rules
from league.game_titles import game_title
from league.models import Player
from league.permissions import MANAGE, SYSTEM, can
from league.services.audit import audit_record
from league.table_sizes import TableSizes, table_sizes_for
from tournaments.models import Bracket, Event, EventFormat, EventStatus, Round, Seat, Table
from tournaments.services import next_round, player_notices, webhook_events
from tournaments.services.events import round_create, table_create
from tournaments.services.online_nights import round_follow_night
from tournaments.sit_outs import kept_sit_outs, round_sit_outs


def _require_manage(user, obj) -> None:
    if user is None or not can(user, MANAGE, obj):
        raise PermissionDenied(gettext("Only the club's organisers may seat an event."))


# Named in the stored plan so a later engine change is visible next to old seatings.
ROTATION_ALGORITHM = "tournaments.rotation: design constructions + tabu local search"


def _event_sizes(event: Event, table_size: int | None = None) -> TableSizes:
    """The sizes for tonight: the request's preferred size, else the season's."""
    if table_size is None and event.season_id is not None:
        table_size = event.season.table_size
    return table_sizes_for(event.game, table_size)


# --- attendance -------------------------------------------------------------

@transaction.atomic
def event_set_attendance(*, event: Event, players, user=None) -> Event:
    """Record who is present tonight (members of the event's club only)."""
    _require_manage(user, event)
    ids = sorted({p.pk for p in players})
    members = set(
        Player.objects.filter(pk__in=ids, memberships__club_id=event.club_id)
        .values_list("pk", flat=True)
    )
    if len(members) != len(ids):
        raise ValidationError(gettext("Only members of the club can be marked present."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.CLOSED:
        raise ValidationError(gettext("This event is closed: its attendance can no longer change."))
    seating = dict(event.seating or {})
    before = seating.get("attendance")
    seating["attendance"] = ids
    event.seating = seating
    event.save(update_fields=["seating"])
    audit_record(club=event.club, action="event.attendance", target=event, subject=user,
                 before={"players": before}, after={"players": ids})
    return event


def event_attendance(event: Event) -> list[int]:
    return list((event.seating or {}).get("attendance") or [])


@transaction.atomic
def round_set_published(*, rnd: Round, published: bool = True, user=None) -> Round:
    """Publish a round (re-plans keep it) or take it back."""
    _require_manage(user, rnd)
    # The closed check rides on the update: a night closed meanwhile is not touched.
    updated = (Round.objects.filter(pk=rnd.pk).exclude(published=published)
               .exclude(event__status=EventStatus.CLOSED).update(published=published))
    if not updated and Event.objects.filter(pk=rnd.event_id,
                                            status=EventStatus.CLOSED).exists():
        raise ValidationError(gettext("This event is closed: its rounds can no longer be published "
                              "or taken back."))
    rnd.published = published
    if updated:
        audit_record(club=rnd.event.club, action="round.publish", target=rnd, subject=user,
                     before={"published": not published}, after={"published": published})
        if published:
            webhook_events.seating_published(rnd)
            player_notices.seating_published(rnd)
    return rnd


# --- plan requests (what the task picks up) ---------------------------------

@transaction.atomic
def event_request_seating(*, event: Event, players, rounds: int, seed: int | None = None,
                          user=None, table_size: int | None = None) -> str:
    """Store a plan request and queue the planning task after commit; returns the task id."""
    from tournaments.tasks import plan_event_seating

    _require_manage(user, event)
    _validate_request(event, players, rounds, table_size)
    task_id = str(uuid.uuid4())
    event = Event.objects.select_for_update().get(pk=event.pk)
    _refuse_closed(event)
    seating = dict(event.seating or {})
    seating["request"] = {
        "players": sorted(p.pk for p in players), "rounds": rounds, "seed": seed,
        "user_id": getattr(user, "pk", None), "task_id": task_id, "table_size": table_size,
    }
    seating["task"] = {"id": task_id, "state": "queued", "error": "",
                       "updated": timezone.now().isoformat()}
    event.seating = seating
    event.save(update_fields=["seating"])
    transaction.on_commit(
        lambda: plan_event_seating.apply_async((event.pk,), task_id=task_id)
    )
    return task_id


@transaction.atomic
def event_seat_present(*, event: Event, players, rounds: int, seed: int | None = None,
                       user=None, table_size: int | None = None) -> str:
    """Mark `players` present and queue a plan for them (the API's one call); the task id."""
    event_set_attendance(event=event, players=players, user=user)
    event.refresh_from_db()
    return event_request_seating(event=event, players=players, rounds=rounds, seed=seed,
                                 user=user, table_size=table_size)


def event_run_seating_request(*, event: Event, task_id: str | None = None) -> Event:
    """Carry out the stored request (idempotent: a finished request is not re-run)."""
    from django.contrib.auth import get_user_model

    request = (event.seating or {}).get("request")
    task = (event.seating or {}).get("task") or {}
    if not request or task.get("state") == "done" and task.get("id") == request.get("task_id"):
        return event
    if task_id and request.get("task_id") != task_id:
        return event  # a newer request superseded this one
    _set_task_state(event, request["task_id"], "running")
    user = SYSTEM
    if request.get("user_id") is not None:
        user = get_user_model().objects.filter(pk=request["user_id"]).first()
    players = list(Player.objects.filter(pk__in=request["players"]))
    try:
        event = event_plan_seating(event=event, players=players, rounds=request["rounds"],
                                   seed=request.get("seed"), user=user,
                                   table_size=request.get("table_size"))
    except ValidationError as error:
        _set_task_state(event, request["task_id"], "failed", "; ".join(error.messages))
        return event
    except PermissionDenied as error:
        _set_task_state(event, request["task_id"], "failed", str(error))
        return event
    except Exception:
        # Unexpected: record it so the page stops waiting, and let the worker log it.
        _set_task_state(event, request["task_id"], "failed", "internal error while planning")
        raise
    _set_task_state(event, request["task_id"], "done")
    event.refresh_from_db()
    return event


def _set_task_state(event: Event, task_id: str, state: str, error: str = "") -> None:
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        seating = dict(locked.seating or {})
        seating["task"] = {"id": task_id, "state": state, "error": error,
                           "updated": timezone.now().isoformat()}
        locked.seating = seating
        locked.save(update_fields=["seating"])
    event.seating = locked.seating


def seating_task_state(event: Event) -> dict:
    return dict((event.seating or {}).get("task") or {})


# --- planning ---------------------------------------------------------------

def _refuse_closed(event: Event) -> None:
    if event.status == EventStatus.CLOSED:
        raise ValidationError(gettext("This event is closed: its seating can no longer be planned."))


def _validate_request(event: Event, players, rounds: int, table_size: int | None = None) -> None:
    _refuse_closed(event)
    if Bracket.objects.filter(event=event).exists():  # its results seat the next matches
        raise ValidationError({"rounds": gettext(
            "This night is a knockout: the bracket seats its matches as results come in, "
            "so it has no seating plan.")})
    sizes = _event_sizes(event, table_size)
    if table_size is not None and table_size not in sizes.allowed:
        raise ValidationError({"table_size": gettext(
            "%(game)s is played %(low)s to %(high)s at a table, not %(size)s.") % {
                "game": game_title(event.game), "low": min(sizes.allowed),
                "high": max(sizes.allowed), "size": table_size}})
    if rounds < 1:
        raise ValidationError(gettext("Plan at least one round."))
    if len(players) < min(sizes.allowed):
        raise ValidationError(
            gettext("%(game)s needs at least %(least)s players present (have %(present)s).")
            % {"game": game_title(event.game), "least": min(sizes.allowed),
               "present": len(players)})


@transaction.atomic
def event_plan_seating(*, event: Event, players, rounds: int, seed: int | None = None,
                       user=None, time_budget: float | None = None,
                       table_size: int | None = None) -> Event:
    """Seat `players` for `rounds` rounds in total, keeping published and played rounds
    (`table_size`: the preferred players per table, for games that allow a range)."""
    _require_manage(user, event)
    _validate_request(event, players, rounds, table_size)
    event = Event.objects.select_for_update().get(pk=event.pk)
    _refuse_closed(event)  # closed while the plan waited in the queue
    kept = _kept_rounds(event)
    to_plan = rounds - len(kept)
    if to_plan < 0:
        raise ValidationError(
            gettext("%(kept)s rounds are already published or played; cannot plan only "
                    "%(rounds)s.") % {"kept": len(kept), "rounds": rounds})
    Round.objects.filter(event=event).exclude(pk__in=[r.pk for r in kept]).delete()
    seed = secrets.randbelow(2**31) if seed is None else seed
    player_ids = sorted(p.pk for p in players)
    if event.format == EventFormat.DUPLICATE:  # same boards at every table of a round
        from tournaments.services.duplicate import event_plan_duplicate

        return event_plan_duplicate(event=event, players=player_ids, rounds=rounds, kept=kept,
                                    seed=seed, sizes=_event_sizes(event, table_size),
                                    user=user, time_budget=time_budget)
    if next_round.is_standings_driven(event):  # king's table, Swiss: a round at a time
        return next_round.event_plan_format(event=event, rounds=rounds, kept=kept, seed=seed,
                                            players=player_ids, table_size=table_size,
                                            user=user)
    kept_tables = [_tables_of([rnd]) for rnd in kept]
    sizes = _event_sizes(event, table_size)
    plan = (_rotation_plan(event, player_ids, to_plan, kept_tables, seed, time_budget, sizes)
            if to_plan else None)
    first_number = max((r.number for r in kept), default=0) + 1
    if plan is not None:
        _write_rounds(event, plan["rounds"], first_number, user)
    before = {k: (event.seating or {}).get(k) for k in ("seed", "algorithm", "version")}
    event.seating = _seating_json(event, plan, seed, player_ids, kept, kept_tables)
    if event.status == EventStatus.DRAFT:
        event.status = EventStatus.SEATED
    event.save(update_fields=["seating", "status"])
    audit_record(club=event.club, action="event.plan-seating", target=event, subject=user,
                 before=before, after={"seed": seed, "rounds": rounds, "kept": len(kept),
                                       "players": player_ids})
    return event


def _kept_rounds(event: Event) -> list[Round]:
    """Rounds up to the last one that is published or has a result."""
    rounds = list(event.rounds.prefetch_related("tables__seats", "tables__result"))
    last = 0
    for rnd in rounds:
        if rnd.published or any(_has_result(t) for t in rnd.tables.all()):
            last = rnd.number
    return [r for r in rounds if r.number <= last]


def _has_result(table: Table) -> bool:
    try:
        return table.result is not None
    except Table.result.RelatedObjectDoesNotExist:
        return False


def _tables_of(rounds) -> list[list[int]]:
    return [
        [s.player_id for s in table.seats.all() if s.player_id]
        for rnd in rounds for table in rnd.tables.all()
    ]


def season_history(event: Event) -> tuple[list, list]:
    """The season's other events as (rounds of tables of player ids, sit-outs per round)."""
    if event.season_id is None:
        return [], []
    seats = (
        Seat.objects.filter(table__round__event__season_id=event.season_id,
                            player__isnull=False)
        .exclude(table__round__event=event)
        .order_by("table__round__event__date", "table__round_id", "table__number", "position")
        .values_list("table__round_id", "table_id", "player_id")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_id, table_id, player_id in seats:
        rounds.setdefault(round_id, {}).setdefault(table_id, []).append(player_id)
    sit_outs = [
        out for seating in Event.objects.filter(season_id=event.season_id)
        .exclude(pk=event.pk).values_list("seating", flat=True)
        for _, out in round_sit_outs(seating)
    ]
    return [list(tables.values()) for tables in rounds.values()], sit_outs


def _write_rounds(event: Event, rounds: list[list[list[int]]], first_number: int,
                  user) -> None:
    ids = {pid for tables in rounds for table in tables for pid in table}
    players = Player.objects.in_bulk(ids)
    for offset, tables in enumerate(rounds):
        rnd = round_create(event=event, number=first_number + offset, user=user)
        for number, player_ids in enumerate(tables, start=1):
            table_create(round=rnd, number=number, user=user,
                         players=[players[pid] for pid in player_ids])
        round_follow_night(round=rnd, user=user)  # a night played online: its rounds too


def _seating_json(event, plan, seed, player_ids, kept, kept_tables) -> dict:
    seating = dict(event.seating or {})
    seating.update({
        "seed": seed,
        "players": player_ids,
        "kept_rounds": [r.number for r in kept],
        "kept_sit_outs": kept_sit_outs(
            event.seating, {r.number: tables for r, tables in zip(kept, kept_tables,
                                                                  strict=True)}, player_ids),
        "sit_outs": [],
        "planned_at": timezone.now().isoformat(),
    })
    if plan is not None:
        seating.update({k: plan[k] for k in ("algorithm", "version", "report", "sit_outs")})
    return seating


def _rotation_plan(event, player_ids, rounds, kept_tables, seed, time_budget,
                   sizes: TableSizes) -> dict:
    """Ask the rotation engine for `rounds` new rounds after tonight's kept ones."""
    from tournaments import rotation

    partnership = rules.load(event.game, players=sizes.preferred).partnership
    past_rounds, past_sit_outs = season_history(event)
    history = rotation.History.from_rounds(past_rounds, past_sit_outs, partnership=partnership,
                                           preferred=sizes.preferred)
    published_sit_outs = [sorted(set(player_ids) - {p for t in rnd for p in t})
                          for rnd in kept_tables]
    if sizes.allowed == (2,):  # a two-player game: a round robin over the season
        from tournaments.rotation.round_robin import plan_round_robin

        plan = plan_round_robin(player_ids, rounds, history, kept_tables, published_sit_outs)
        return {"rounds": plan.rounds, "sit_outs": plan.sit_outs, "report": plan.report,
                "algorithm": plan.report["algorithm"], "version": plan.report["version"]}
    request = rotation.SeatingRequest(
        players=player_ids,
        table_sizes=rotation.TableSizes(preferred=sizes.preferred, allowed=sizes.allowed),
        rounds=len(kept_tables) + rounds, partnership=partnership, history=history,
        published=kept_tables,
        published_sit_outs=published_sit_outs,
        seed=seed,
        **({"time_budget": time_budget} if time_budget is not None else {}),
    )
    plan = rotation.plan_rotation(request)
    new_rounds, sit_outs = list(plan.rounds), list(plan.sit_outs)
    if len(new_rounds) == len(kept_tables) + rounds:  # the plan repeats the kept rounds
        new_rounds, sit_outs = new_rounds[len(kept_tables):], sit_outs[len(kept_tables):]
    return {
        "rounds": [[list(table) for table in rnd] for rnd in new_rounds],
        "sit_outs": [list(out) for out in sit_outs],
        "report": plan.report,
        "algorithm": plan.report.get("algorithm") or ROTATION_ALGORITHM,
        "version": plan.report.get("version") or getattr(rotation, "__version__", "1"),
    }


@transaction.atomic
def event_request_replan(*, event: Event, user) -> str:
    """Re-plan the unplayed, unpublished rounds for tonight's attendance (same round count).

    The one-click answer to "the plan is out of date": played and published rounds stay."""
    from tournaments.selectors_plan import replannable_rounds

    _require_manage(user, event)
    # a king's table or Swiss night keeps its length: its later rounds are not formed yet
    rounds = max(event.rounds.count(), next_round.planned_rounds(event))
    if not rounds:
        raise ValidationError({"rounds": gettext("Nothing is planned yet: plan the seating first.")})
    if not replannable_rounds(event):
        raise ValidationError({"rounds": gettext("Every round is published or played; unpublish "
                                         "a round to re-plan it.")})
    players = list(Player.objects.filter(pk__in=event_attendance(event)))
    table_size = ((event.seating or {}).get("request") or {}).get("table_size")
    return event_request_seating(event=event, players=players, rounds=rounds, user=user,
                                 table_size=table_size)
