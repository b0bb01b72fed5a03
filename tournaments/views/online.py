"""An online table's pages: a seat's page, its live news, and the spectators' page.

Two ways in lead to a seat, as for table entry: the seat's signed link
(`/seat/<token>/play/`, no account needed) and the logged-in player's own table
(`/tables/<pk>/play/`: 404 for anyone else, 403 where they may see the table). Each page is
drawn from `tournaments.services.online_tables` (the one way in, which checks every move);
this module only draws and posts.

News: `…/play/events/` is a server-sent event stream that says "version n is out" and
nothing else (the page then asks for its own part again, so an event never carries a card);
`…/play/wait/` is the same as a long poll. Both wait at most NEWS_SECONDS, so a stream never
holds a web worker for long: the browser reconnects (EventSource does so by itself).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league import access
from league.models.clubs import BotStrength
from tournaments.models import Event, OnlineMatch, Seat, Table, TableResult
from tournaments.online_picture import picture
from tournaments.services import online_outcome, online_tables, table_news
from tournaments.services.seat_links import seat_link_by_token
from tournaments.views.sheet_page import sheet_table

NEWS_SECONDS = 25.0  # one stream or poll at most; the client then asks again
KEEPALIVE_SECONDS = 10.0


@dataclass
class _Seat:
    """Whose seat page this is and where its parts are."""

    table: Table
    seat: Seat
    urls: dict


def _urls(name: str, arg) -> dict:
    return {"page": reverse(f"tournaments:{name}", args=[arg]),
            "part": reverse(f"tournaments:{name}", args=[arg]) + "?part=1",
            "action": reverse(f"tournaments:{name}", args=[arg]),
            "events": reverse(f"tournaments:{name}-events", args=[arg]),
            "wait": reverse(f"tournaments:{name}-wait", args=[arg])}


def _online(table: Table) -> Table:
    if not getattr(table, "online", False):
        raise Http404(_("This table is not played online."))
    return table


def _loaded(pk: int) -> Table:
    """The table as the online service needs it (night, club, seats and players), loaded
    once per request: the service then uses it as it is."""
    try:
        return online_tables.load_table(pk)
    except Table.DoesNotExist as missing:
        raise Http404(_("No such table.")) from missing


def _by_login(request, pk: int) -> _Seat:
    table = _loaded(pk)
    user = request.user
    seat = next((s for s in table.seats.all() if s.player is not None
                 and s.player.user_id == user.pk), None) if user.is_authenticated else None
    if seat is None:
        access.require_view(user, table)  # 404 where the table is not visible
        raise PermissionDenied(_("You do not sit at this table."))
    return _Seat(_online(table), seat, _urls("online-seat", pk))


def _by_link(request, token: str) -> _Seat:
    link = seat_link_by_token(token)
    if link is None:
        raise Http404(_("This seat link is unknown, revoked, or its night is closed."))
    table = _loaded(link.seat.table_id)
    return _Seat(_online(table), link.seat, _urls("online-seat-link", token))


# --- The service, as the pages use it --------------------------------------------------------


def _seat_view(seat: _Seat) -> dict:
    return online_tables.online_seat_view(table=seat.table, seat=seat.seat)


def _play(seat: _Seat, action: str, version) -> dict:
    return online_tables.online_play(table=seat.table, seat=seat.seat, action=action,
                                     version=version)


def _refusal(error: online_tables.OnlineRefused) -> dict:
    return {"code": error.code, "detail": str(error), "status": error.status}


# --- Drawing ---------------------------------------------------------------------------------


def _clock_text(deadline: str | None) -> str:
    if not deadline:
        return ""
    try:
        left = (datetime.fromisoformat(deadline) - timezone.now()).total_seconds()
    except (TypeError, ValueError):
        return ""
    left = max(0, int(left))
    return f"{left // 60}:{left % 60:02d}"


def _stored_url(table: Table) -> str | None:
    event = table.round.event
    if event.season_id and TableResult.objects.filter(table=table).exists():
        return reverse("league:season-standings", args=[event.season_id])
    return None


def _context(table: Table, view: dict, urls: dict, **extra) -> dict:
    pic = picture(view)
    event = table.round.event
    seat_name = next((line.name for line in pic.seats if line.you), "")
    return {"table": table, "event": event, "club": event.club, "pic": pic, "urls": urls,
            "seat_name": seat_name, "clock_text": _clock_text(pic.deadline),
            "stored_url": _stored_url(table) if pic.status == "finished" else None, **extra}


def _draw(request, seat: _Seat, status=200, view: dict | None = None, **extra):
    context = _context(seat.table, view or _seat_view(seat), seat.urls, **extra)
    part = request.GET.get("part") or request.headers.get("X-Requested-With") == "fetch"
    template = "tournaments/_online_seat.html" if part else "tournaments/online_seat.html"
    response = render(request, template, context, status=status)
    response["Cache-Control"] = "no-store"  # a seat's cards are never kept by a cache
    return response


def _seat_page(request, seat: _Seat):
    if request.method != "POST":
        return _draw(request, seat)
    action = request.POST.get("action", "")
    version = request.POST.get("version", "")
    if not action:
        return _draw(request, seat, 400, error={
            "code": "no-action", "detail": _("Choose a card or an action (field `action`).")})
    try:
        version = int(version)
    except ValueError:
        return _draw(request, seat, 400, error={
            "code": "bad-version",
            "detail": _("The table's version (field `version`) must be a whole number: "
                        "reload the page.")})
    try:
        view = _play(seat, action, version)
    except online_tables.OnlineRefused as refused:
        error = _refusal(refused)
        return _draw(request, seat, error.pop("status"), error=error)
    if request.headers.get("X-Requested-With") == "fetch":
        # The seat's view as the move left it: bot moves after it come as news.
        return _draw(request, seat, view=view)
    return redirect(seat.urls["page"])


def online_seat(request, pk):
    return _seat_page(request, _by_login(request, pk))


def online_seat_link(request, token):
    return _seat_page(request, _by_link(request, token))


# --- News ------------------------------------------------------------------------------------


def _after(request) -> int:
    for raw in (request.headers.get("Last-Event-ID"), request.GET.get("after")):
        try:
            return max(0, int(raw))
        except (TypeError, ValueError):
            continue
    return 0


def _stream(table_id: int, after: int):
    """Events "version n" for NEWS_SECONDS, with a comment now and then (proxies drop an
    idle stream); `retry` asks the browser to come back after a second."""
    yield "retry: 1000\n\n"
    deadline = time.monotonic() + NEWS_SECONDS
    version = after
    current = table_news.current_version(table_id)
    if current > version:
        version = current
        yield f"id: {version}\nevent: version\ndata: {version}\n\n"
    while (left := deadline - time.monotonic()) > 0:
        news = table_news.wait_for_news(table_id, version, min(left, KEEPALIVE_SECONDS))
        if news is None:
            yield ": still here\n\n"
            continue
        version = news
        yield f"id: {version}\nevent: version\ndata: {version}\n\n"


def _events(table: Table, request):
    response = StreamingHttpResponse(_stream(table.pk, _after(request)),
                                     content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _wait(table: Table, request):
    """Long poll: {"version": n} as soon as the table passes `after`, or null after the wait."""
    after = _after(request)
    news = table_news.wait_for_news(table.pk, after, NEWS_SECONDS)
    status = (OnlineMatch.objects.filter(table=table)
              .values_list("status", flat=True).first()) if news is None else None
    response = JsonResponse({"version": news, "status": status})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def online_seat_events(request, pk):
    return _events(_by_login(request, pk).table, request)


@require_GET
def online_seat_link_events(request, token):
    return _events(_by_link(request, token).table, request)


@require_GET
def online_seat_wait(request, pk):
    return _wait(_by_login(request, pk).table, request)


@require_GET
def online_seat_link_wait(request, token):
    return _wait(_by_link(request, token).table, request)


# --- Spectators and the big screen -----------------------------------------------------------


def _watched(request, pk: int) -> Table:
    table = _loaded(pk)
    access.require_view(request.user, table)
    return _online(table)


@require_GET
def online_watch(request, pk):
    """The table as spectators and the big screen see it: public information only."""
    if request.GET.get("part") == "screen":
        return _screen_box(request, pk)
    table = _watched(request, pk)
    urls = {"part": reverse("tournaments:online-watch", args=[pk]) + "?part=1",
            "events": reverse("tournaments:online-watch-events", args=[pk]),
            "wait": reverse("tournaments:online-watch-wait", args=[pk]), "action": ""}
    view = online_tables.online_spectator_view(table=table)
    context = _context(table, view, urls)
    template = ("tournaments/_online_seat.html" if request.GET.get("part")
                else "tournaments/online_watch.html")
    return render(request, template, context)


def _screen_box(request, pk: int):
    """The table's box on the night's big screen. It asks every couple of seconds with the
    version it shows (`v`): unchanged, the answer is an empty 204 (htmx keeps the box), so
    a screen of many tables costs two small queries a table between moves."""
    from tournaments.views.screen import online_refresh_seconds

    table = sheet_table(pk)
    access.require_view(request.user, table)
    _online(table)
    if request.GET.get("v") == str(table_news.current_version(table.pk)):
        return HttpResponse(status=204)
    view = online_tables.online_spectator_view(table=table)
    return render(request, "tournaments/_screen_online.html", {
        "table": table, "pic": picture(view),
        "online_refresh_seconds": online_refresh_seconds()})


@require_GET
def online_watch_events(request, pk):
    return _events(_watched(request, pk), request)


@require_GET
def online_watch_wait(request, pk):
    return _wait(_watched(request, pk), request)



# --- The organiser's controls ----------------------------------------------------------------

MANAGE_ACTIONS = {"start": online_tables.online_start, "pause": online_tables.online_pause,
                  "resume": online_tables.online_resume, "end": online_tables.online_end}


def _manage_page(request, table: Table, status=200, error: str = "", confirm_end=False):
    match = OnlineMatch.objects.filter(table=table).first()
    event = table.round.event
    return render(request, "tournaments/online_manage.html", {
        "table": table, "event": event, "club": event.club, "match": match,
        "strengths": BotStrength.choices, "error": error, "confirm_end": confirm_end,
        "end_preview": online_outcome.end_preview(table) if table.online else None,
        "bot_strength": match.bot_strength if match else BotStrength.HEURISTIC,
        "timeout_seconds": match.timeout_seconds if match else 90,
        "limits": (online_tables.MIN_TIMEOUT, online_tables.MAX_TIMEOUT)}, status=status)


def online_manage(request, pk):
    """Organisers: play a table online (bot strength, timeout) or on paper; start, pause,
    resume or end its match. Every button calls the online tables service."""
    table = sheet_table(pk)
    access.require_manage(request.user, table)
    if request.method != "POST":
        return _manage_page(request, table)
    what = request.POST.get("do", "")
    try:
        if what == "mark":
            timeout = request.POST.get("timeout_seconds", "").strip()
            if timeout and not timeout.isdigit():
                raise ValidationError({"timeout_seconds": _("A whole number of seconds.")})
            tables_set = online_tables.tables_set_online(
                table=table, user=request.user, online=request.POST.get("online") == "on",
                bot_strength=request.POST.get("bot_strength") or None,
                timeout_seconds=int(timeout) if timeout else None)
            messages.success(request, _("Saved.") if tables_set else _("Nothing to change."))
        elif what == "end" and request.POST.get("confirm") != "yes":
            return _manage_page(request, table, confirm_end=True)  # what it stores, first
        elif what == "end":
            match = online_tables.online_end(table=table, user=request.user)
            messages.success(request, _("Ended: its hands are the table's result.")
                             if match.result_id else
                             _("Ended before a hand was complete: no result was stored."))
        elif what in MANAGE_ACTIONS:
            MANAGE_ACTIONS[what](table=table, user=request.user)
            messages.success(request, _("Done."))
        else:
            return _manage_page(request, table, 400, _("Unknown action (field `do`)."))
    except online_tables.OnlineRefused as refused:
        return _manage_page(request, table, refused.status, str(refused))
    except ValidationError as invalid:
        return _manage_page(request, table, 400, " ".join(invalid.messages))
    return redirect("tournaments:online-manage", pk=pk)


@login_required  # like the night page's other actions: a lapsed session logs in again
@require_POST
def event_online(request, pk):
    """Organisers: play the whole night online (its tables, and the rounds formed later)
    or on paper; matches under way or tables with a result keep what they have."""
    event = get_object_or_404(Event, pk=pk)
    access.require_manage(request.user, event)
    online = request.POST.get("online") == "on"
    try:
        online_tables.tables_set_online(event=event, user=request.user, online=online)
    except ValidationError as invalid:
        messages.error(request, " ".join(invalid.messages))
    else:
        messages.success(request, _("The night is played online, the rounds formed later too.")
                         if online else _("The night is played on paper; matches under way "
                                          "stay online."))
    return redirect("tournaments:event-detail", pk=pk)
