"""The organiser's night pages: create a season's night or a one-off tournament, rename or
re-date it, add a walk-in, seat a substitute, and re-plan the unplayed rounds when the plan
is out of date.

Each view parses a form and calls one service; a refusal comes back as a message (or a form
error) naming the field, and every page leads back to its night and season.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import rules
from league import access
from league.forms import GameOptionsForm, chosen_game
from league.models import Club, Season
from tournaments.forms_organiser import (
    NightCreateForm,
    NightForm,
    OneOffForm,
    PreviewForm,
    SubstituteForm,
    WalkInForm,
)
from tournaments.models import Event, EventKind, Seat, Table
from tournaments.selectors_formats import format_preview
from tournaments.services import events as event_service
from tournaments.services import next_round as next_round_service
from tournaments.services import seating as seating_service
from tournaments.services.walk_ins import event_add_walk_in
from tournaments.sit_outs import round_sit_outs


def _refusal(error: ValidationError) -> str:
    if hasattr(error, "error_dict"):
        return " ".join(f"{field}: {' '.join(msgs)}" if field != "__all__" else " ".join(msgs)
                        for field, msgs in error.message_dict.items())
    return " ".join(error.messages)


def _add_errors(form, error: ValidationError) -> None:
    for field, msgs in getattr(error, "message_dict", {"__all__": error.messages}).items():
        for message in msgs:
            form.add_error(field if field in form.fields else None, message)


def _created(request, event: Event):
    messages.success(request, _("%(night)s created: mark who is here, then plan the seating.")
                     % {"night": event.name})
    return redirect("tournaments:event-detail", pk=event.pk)


def _next_night_date(season: Season) -> datetime.date:
    """A week after the season's last night: most clubs meet weekly."""
    last = season.events.order_by("-date").values_list("date", flat=True).first()
    return last + datetime.timedelta(weeks=1) if last else max(season.starts_on,
                                                               timezone.localdate())


@login_required
def night_new(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, season.club)
    number = season.events.count() + 1
    form = NightCreateForm(request.POST or None, initial={
        "name": _("League night %(n)d") % {"n": number}, "date": _next_night_date(season)})
    if request.method == "POST" and form.is_valid():
        try:
            event = event_service.event_create(club=season.club, season=season,
                                               user=request.user, **form.cleaned_data)
        except ValidationError as refused:
            _add_errors(form, refused)
        else:
            return _created(request, event)
    return render(request, "tournaments/night_form.html",
                  {"form": form, "season": season, "club": season.club, "event": None})


@login_required
def tournament_new(request, slug):
    """A one-off tournament: no season, so the organiser chooses its game and options here;
    "Show this game's options" re-draws the options for another game without saving."""
    club = get_object_or_404(Club, slug=slug)
    access.require_manage(request.user, club)
    game = chosen_game(request, next(iter(rules.GAMES)))
    switching = "switch" in request.POST
    data = request.POST if request.method == "POST" and not switching else None
    initial = {"name": _("Tournament"), "date": timezone.localdate(), "game": game}
    if switching:
        initial = {**initial, **request.POST.dict(), "game": game}
    form = OneOffForm(data, initial=initial)
    options = GameOptionsForm(data, game=game)
    if data is not None and form.is_valid() and options.is_valid():
        try:
            event = event_service.event_create(
                club=club, season=None, user=request.user, kind=EventKind.TOURNAMENT,
                options=options.options(), **form.cleaned_data)
        except ValidationError as refused:
            _add_errors(form, refused)
        else:
            return _created(request, event)
    return render(request, "tournaments/tournament_form.html", {
        "form": form, "options": options, "club": club,
        "game_title": rules.GAMES[game].title})


@login_required
def night_edit(request, pk):
    event = get_object_or_404(Event.objects.select_related("club", "season"), pk=pk)
    access.require_manage(request.user, event.club)
    form = NightForm(request.POST or None, initial={"name": event.name, "date": event.date,
                                                   "start_time": event.start_time,
                                                   "format": event.format,
                                                   "boards_per_round": event.boards_per_round})
    form.fields["format"].disabled = event.rounds.exists()  # fixed once seated
    form.fields["boards_per_round"].disabled = event.rounds.exists()  # dealt once seated
    if request.method == "POST" and form.is_valid():
        try:
            event_service.event_update(event=event, user=request.user, **form.cleaned_data)
        except ValidationError as refused:
            _add_errors(form, refused)
        else:
            messages.success(request, _("Night saved."))
            return redirect("tournaments:event-detail", pk=event.pk)
    return render(request, "tournaments/night_form.html",
                  {"form": form, "season": event.season, "club": event.club, "event": event})


@login_required
@require_POST
def night_walk_in(request, pk):
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, event.club)
    form = WalkInForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Walk-in's name: %(why)s")
                       % {"why": " ".join(form.errors.get("name", []))})
        return redirect("tournaments:event-detail", pk=event.pk)
    try:
        player, created = event_add_walk_in(event=event, name=form.cleaned_data["name"],
                                            user=request.user)
    except ValidationError as refused:
        messages.error(request, _refusal(refused))
    else:
        done = (_("%(player)s joined the club and is marked present.") if created
                else _("%(player)s is marked present."))
        messages.success(request, done % {"player": player.display_name})
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
@require_POST
def night_replan(request, pk):
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, event.club)
    try:
        seating_service.event_request_replan(event=event, user=request.user)
    except ValidationError as refused:
        messages.error(request, _refusal(refused))
    else:
        event.refresh_from_db()
        state = seating_service.seating_task_state(event)
        if state.get("state") == "failed":
            messages.error(request, _("Re-planning failed: %(why)s")
                           % {"why": state.get("error", "")})
        else:
            messages.success(request, _("The unplayed rounds are being re-planned for who is "
                                        "here now."))
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
@require_POST
def night_next_round(request, pk):
    """King's table and Swiss: form the next round from the results so far."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_manage(request.user, event.club)
    try:
        rnd = next_round_service.event_form_next_round(event=event, user=request.user)
    except ValidationError as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, _("Round %(round)d is seated: publish it when the tables "
                                    "are ready.") % {"round": rnd.number})
    return redirect("tournaments:event-detail", pk=event.pk)


@login_required
def night_preview(request, pk):
    """A dry run of the night's format with drawn results: what the rounds would look like
    (`?rounds=` and `?seed=` redraw it; nothing is stored)."""
    event = get_object_or_404(Event.objects.select_related("club", "season"), pk=pk)
    access.require_manage(request.user, event.club)
    form = PreviewForm(request.GET or None, initial={"rounds": _planned_or(event, 3),
                                                     "seed": 1})
    rounds, seed = _planned_or(event, 3), 1
    if form.is_bound and form.is_valid():  # else the defaults, the form saying why
        rounds = form.cleaned_data["rounds"]
        seed = 1 if form.cleaned_data["seed"] is None else form.cleaned_data["seed"]
    preview = format_preview(event, rounds=rounds, seed=seed)
    return render(request, "tournaments/night_preview.html", {
        "event": event, "club": event.club, "form": form, "preview": preview})


def _planned_or(event: Event, default: int) -> int:
    return min(int((event.seating or {}).get("rounds") or 0) or default, 12)


@login_required
def table_substitute(request, pk):
    table = get_object_or_404(Table.objects.select_related("round__event__club",
                                                           "round__event__season"), pk=pk)
    event = table.round.event
    access.require_manage(request.user, event.club)
    if request.method == "POST":
        form = SubstituteForm(request.POST, club=event.club)
        valid = form.is_valid()
        seat = table.seats.filter(pk=form.cleaned_data["seat"]).first() if valid else None
        if seat is None:
            messages.error(request, _("Choose a seat of this table and a member of the club."))
        else:
            try:
                event_service.seat_assign(seat=seat, player=form.cleaned_data["player"],
                                          user=request.user)
            except ValidationError as refused:
                messages.error(request, _refusal(refused))
            else:
                who = form.cleaned_data["player"] or _("Nobody")
                messages.success(request, _(
                    "%(who)s now sits in seat %(seat)d of table %(table)d, round %(round)d.")
                    % {"who": who, "seat": seat.position + 1, "table": table.number,
                       "round": table.round.number})
                return redirect("tournaments:event-detail", pk=event.pk)
    seats = [(seat, SubstituteForm(club=event.club, initial={
        "seat": seat.pk, "player": seat.player_id})) for seat in table.seats.select_related(
        "player")]
    return render(request, "tournaments/table_substitute.html", {
        "table": table, "event": event, "club": event.club, "seats": seats,
        "groups": _substitute_groups(table, seats[0][1] if seats else None),
        "played": hasattr(table, "result")})


def _substitute_groups(table: Table, form) -> list[tuple[str, list[tuple[int, str]]]]:
    """The club's members for a seat, those sitting out this round (or here tonight and
    not seated in it) first: they are in the room and free."""
    if form is None:
        return []
    event, number = table.round.event, table.round.number
    seated = set(Seat.objects.filter(table__round=table.round, player__isnull=False)
                 .values_list("player_id", flat=True))
    waiting = (set(dict(round_sit_outs(event.seating)).get(number, []))
               | set(seating_service.event_attendance(event))) - seated
    members = [(p.pk, p.display_name) for p in form.fields["player"].queryset]
    return [(label, rows) for label, rows in (
        (_("Sitting out this round"), [m for m in members if m[0] in waiting]),
        (_("Other members"), [m for m in members if m[0] not in waiting]),
    ) if rows]
