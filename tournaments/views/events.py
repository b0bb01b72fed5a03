"""The event page and the organiser's actions on it (attendance, seating, publishing)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from league import access
from league.models import Player
from league.page_cache import cached_page
from league.table_sizes import preferred_size_choices
from tournaments import hooks
from tournaments import selectors_night as night_selectors
from tournaments.forms import AttendanceForm, BotFillForm, PlanSeatingForm
from tournaments.models import Event, EventStatus, Round, Seat, Table
from tournaments.page_versions import night_versions
from tournaments.selectors_entry import entry_queue, open_entry_states
from tournaments.selectors_print import table_notes
from tournaments.services import events as event_service
from tournaments.services import seating as seating_service
from tournaments.services.bots import strengths_for
from tournaments.sit_outs import round_sit_outs


def _event(pk) -> Event:
    return get_object_or_404(Event.objects.select_related("club", "season"), pk=pk)


def event_rounds(event: Event):
    """Rounds with their tables, seats, players and results, in one go."""
    # Not the record: a card-by-card night's records are megabytes, and the page shows totals.
    # Explicit orderings: the models' default ones climb table -> round -> night, which
    # joins every night of the club's history into these prefetches.
    tables = Table.objects.select_related("result").defer("result__record").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    ).order_by("number")
    return list(event.rounds.order_by("number").prefetch_related(
        Prefetch("tables", queryset=tables)))


def visible_rounds(user, event: Event, *, can_manage: bool | None = None):
    """The night's rounds as `user` may see them: all of them for the club's organisers
    (they publish them), the published ones for everyone else."""
    rounds = event_rounds(event)
    if can_manage is None:
        can_manage = access.can_manage(user, event.club)
    return rounds if can_manage else night_selectors.public_rounds(event, rounds)


def table_status(table: Table) -> str:
    result = getattr(table, "result", None) if _has_result(table) else None
    if result is None:
        return "not started"
    return result.get_status_display().lower()


def seat_totals(table: Table) -> list[tuple[Seat, int | None]]:
    """Each seat with its total so far (partners share their side's total)."""
    seats = list(table.seats.all())
    totals = table.result.totals if _has_result(table) else None
    if not totals:
        return [(seat, None) for seat in seats]
    return [(seat, totals[seat.position % len(totals)]) for seat in seats]


def _has_result(table: Table) -> bool:
    try:
        table.result  # noqa: B018 - the access itself is the check
    except Table.result.RelatedObjectDoesNotExist:
        return False
    return True


def _provisional_template() -> str | None:
    standings = hooks.night_standings()
    return standings.template if standings else None


def _provisional_lines(event: Event):
    """Tonight's standings so far, from the rankings app when it is installed (nothing is
    stored: they are computed from tonight's results)."""
    standings = hooks.night_standings()
    return standings.lines(event) if standings else []


@cached_page("night", night_versions)
def event_detail(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    can_manage = access.can_manage(request.user, event.club)
    rounds = visible_rounds(request.user, event, can_manage=can_manage)
    shown = {rnd.number for rnd in rounds}
    entry_states = open_entry_states(event)
    review = hooks.night_review(event) if event.status == EventStatus.CLOSED else None
    reviewed = review is not None
    for rnd in rounds:
        for table in rnd.tables.all():
            table.status_label = table_status(table)
            table.entry_state = entry_states.get(table.pk, "")  # entered at the table
            table.open_seats = sum(1 for s in table.seats.all() if s.player_id is None)
            table.all_bots = all(s.player and s.player.is_bot for s in table.seats.all())
            table.review_id = table.result.pk if reviewed and _has_result(table) else None
            notes = table_notes(table)
            table.rows = [(seat, total, notes[i] if i < len(notes) else "")
                          for i, (seat, total) in enumerate(seat_totals(table))]
    present = seating_service.event_attendance(event)
    context = {
        "event": event,
        "club": event.club,
        "rounds": rounds,
        "can_manage": can_manage,
        "can_score": access.can_score(request.user, event.club),
        "task": seating_service.seating_task_state(event),
        "sit_outs": [(number, names) for number, names in _sit_out_names(event)
                     if number in shown],
        "provisional_template": _provisional_template(),
        "provisional_lines": _provisional_lines(event) if rounds else [],
        "present_count": len(present),
        "open_tables": sum(1 for rnd in rounds for t in rnd.tables.all()
                           if t.status_label != "complete"),
        "table_count": sum(len(rnd.tables.all()) for rnd in rounds),
        "my_seats": _my_seats(request.user, rounds),
        "my_entry_tables": _my_entry_tables(request.user, event, rounds),
        "my_answer": _my_answer(request.user, event),
        "review": review,
    }
    if can_manage:
        context["entry_queue"] = entry_queue(event)
        context["answers"] = night_selectors.answer_names(event)
        context["attendance_form"] = AttendanceForm(club=event.club,
                                                    initial={"players": present})
        context["bot_choices"] = BotFillForm(
            strengths=strengths_for(event.game)).fields["strength"].choices
        context["plan_form"] = PlanSeatingForm(
            initial={"rounds": max(len(rounds), 3), "table_size": _last_table_size(event)},
            sizes=preferred_size_choices(event.game))
    return render(request, "tournaments/event_detail.html", context)


def _last_table_size(event: Event) -> int | None:
    return ((event.seating or {}).get("request") or {}).get("table_size")


def _my_seats(user, rounds):
    player = getattr(user, "player", None) if user.is_authenticated else None
    return night_selectors.player_seats(rounds, player) if player else []


def _my_entry_tables(user, event: Event, rounds) -> list[Table]:
    """The tables where the logged-in player may enter the result (their seat's page)."""
    player = getattr(user, "player", None) if user.is_authenticated else None
    if player is None or event.status == EventStatus.CLOSED:
        return []
    return [table for rnd in rounds if rnd.published for table in rnd.tables.all()
            if any(seat.player_id == player.pk for seat in table.seats.all())]


def _my_answer(user, event: Event) -> dict | None:
    """The member's own "coming / not coming" for an open night (None: nothing to answer)."""
    player = getattr(user, "player", None) if user.is_authenticated else None
    if player is None or event.status == EventStatus.CLOSED or \
            not player.memberships.filter(club_id=event.club_id).exists():
        return None
    return {"answer": night_selectors.attendance_answers(event).get(player.pk)}


def _sit_out_names(event: Event) -> list[tuple[int, list[str]]]:
    """Who sits out which round, kept rounds included; a sit-out seated since (a
    substitute) is not sitting out any more."""
    seated = set(Seat.objects.filter(table__round__event=event, player__isnull=False)
                 .values_list("table__round__number", "player_id"))
    rows = [(number, [pid for pid in ids if (number, pid) not in seated])
            for number, ids in round_sit_outs(event.seating)]
    names = dict(Player.objects.filter(
        pk__in={pid for _, ids in rows for pid in ids}).values_list("pk", "display_name"))
    return [(number, [names.get(pid, "?") for pid in ids]) for number, ids in rows if ids]


@login_required
@require_POST
def event_attendance(request, pk):
    event = _event(pk)
    access.require_manage(request.user, event.club)
    form = AttendanceForm(request.POST, club=event.club)
    if form.is_valid():
        try:
            seating_service.event_set_attendance(
                event=event, players=form.cleaned_data["players"], user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            count = len(form.cleaned_data["players"])
            messages.success(request, ngettext("%(count)s player marked present.",
                                               "%(count)s players marked present.",
                                               count) % {"count": count})
    else:
        messages.error(request, gettext("Choose players from the club's members."))
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
def event_plan_seating(request, pk):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    event = _event(pk)
    access.require_manage(request.user, event.club)
    form = PlanSeatingForm(request.POST,
                           sizes=preferred_size_choices(event.game))
    if not form.is_valid():
        messages.error(request, gettext("Give a number of rounds from 1 to 12 (and a seed, or none)."))
        return redirect("tournaments:event-detail", pk=event.pk)
    players = list(Player.objects.filter(pk__in=seating_service.event_attendance(event)))
    try:
        seating_service.event_request_seating(
            event=event, players=players, rounds=form.cleaned_data["rounds"],
            seed=form.cleaned_data["seed"], user=request.user,
            table_size=form.cleaned_data.get("table_size"),
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("tournaments:event-detail", pk=event.pk)
    event.refresh_from_db()
    state = seating_service.seating_task_state(event).get("state")
    if state == "failed":
        messages.error(request, gettext("Seating failed: %(error)s") % {
            "error": seating_service.seating_task_state(event).get("error", "")})
    elif state == "done":
        messages.success(request, gettext("Seating planned."))
    else:
        messages.info(request, gettext("Seating is being planned; this page updates when it is done."))
    return redirect("tournaments:event-detail", pk=event.pk)


def event_seating_status(request, pk):
    """The plan task's state, polled by the event page while it runs."""
    event = _event(pk)
    access.require_view(request.user, event.club)
    task = seating_service.seating_task_state(event)
    response = render(request, "tournaments/_seating_status.html",
                      {"event": event, "task": task})
    if task.get("state") == "done" and request.htmx:
        response["HX-Refresh"] = "true"  # show the new rounds
    return response


@login_required
@require_POST
def round_publish(request, pk, number):
    event = _event(pk)
    access.require_manage(request.user, event.club)
    rnd = get_object_or_404(Round, event=event, number=number)
    try:
        seating_service.round_set_published(
            rnd=rnd, published=request.POST.get("published") != "0", user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
@require_POST
def event_close(request, pk):
    """The organiser's "Close night": forced (with a reason) when tables are still open."""
    event = _event(pk)
    access.require_manage(request.user, event.club)
    try:
        event_service.event_close(event=event, user=request.user,
                                  force=request.POST.get("force") == "1",
                                  reason=request.POST.get("reason", ""))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, gettext("The night is closed."))
    return redirect("tournaments:event-detail", pk=event.pk)
