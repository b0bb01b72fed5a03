"""The table's scoresheet for one seated player: submit the result, confirm or dispute it.

Two ways in lead to the same page: the seat's link (`/seat/<token>/`, no account needed;
a typed short code leads there too) and the logged-in player's own table
(`/tables/<pk>/entry/`: 404 for anyone else, 403 where they may see the table). The page is
the scoresheet with its live check; the buttons call `tournaments.services.table_entry`.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import access
from league.services.logins import login_failed, login_wait
from tournaments.forms import TRUMP_CHOICES
from tournaments.models import PendingResult, PendingState, Seat, Table, TableResult, WayIn
from tournaments.services import entry_keys
from tournaments.services.records import record_hash
from tournaments.services.results import ResultConflict, ResultRejected
from tournaments.services.seat_links import seat_link_by_code, seat_link_by_token, seat_token
from tournaments.services.table_entry import (
    EntryConflict,
    EntryMissing,
    SeatActor,
    pending_confirm,
    pending_dispute,
    pending_submit,
)
from tournaments.views.sheet_page import check_sheet, sheet_for, sheet_table, sheet_template


class _Entry:
    """Whose page this is and where its forms go."""

    organiser = False

    def __init__(self, table: Table, seat: Seat, via: str, user, action: str, check: str):
        self.table, self.seat, self.via, self.user = table, seat, via, user
        self.action, self.check = action, check
        self.pending = PendingResult.objects.filter(table=table).first()

    @property
    def actor(self) -> SeatActor:
        return SeatActor(seat=self.seat, via=self.via, user=self.user)

    @property
    def may_submit(self) -> bool:
        return self.pending is None and not _stored(self.table)

    @property
    def is_submitter(self) -> bool:
        return self.pending is not None and self.pending.submitted_seat == self.seat.position

    @property
    def may_answer(self) -> bool:
        """Confirm or dispute: offered while pending to any other seat (the service decides
        on partners and the club's mode, and says why when it refuses)."""
        return (self.pending is not None and self.pending.state == PendingState.PENDING
                and not self.is_submitter)


def _stored(table: Table) -> bool:
    return TableResult.objects.filter(table=table).exists()


def _sheet(entry: _Entry, data=None):
    return sheet_for(entry.table, entry.pending.record if entry.pending else None, data)


def _context(entry: _Entry, sheet, **extra) -> dict:
    event = entry.table.round.event
    return {"table": entry.table, "event": event, "club": event.club, "sheet": sheet,
            "seats": list(enumerate(sheet.seat_names)), "trump_choices": TRUMP_CHOICES,
            "can_score": entry.may_submit or entry.may_answer, "can_remove": False,
            "stored": None, "empty_seats": False, "entry": entry, **extra}


def _page(request, entry: _Entry, status=200, sheet=None, **extra):
    sheet = sheet or _sheet(entry)
    if sheet.entered():
        check_sheet(sheet, strict=False)
    return render(request, sheet_template(sheet), _context(entry, sheet, **extra), status=status)


# --- The two ways in ----------------------------------------------------------------------


def _by_link(request, token: str) -> _Entry:
    link = seat_link_by_token(token)
    if link is None:
        raise Http404(_("This seat link is unknown, revoked, or its night is closed."))
    table = sheet_table(link.seat.table_id)
    return _Entry(table, link.seat, WayIn.SEAT_LINK, None,
                  reverse("tournaments:seat-entry", args=[token]),
                  reverse("tournaments:seat-entry-check", args=[token]))


def _by_login(request, pk: int) -> _Entry:
    table = sheet_table(pk)
    user = request.user
    seat = (table.seats.filter(player__user=user).first()
            if user.is_authenticated else None)
    if seat is None:
        access.require_view(user, table)  # 404 where the table is not visible
        raise PermissionDenied(_("You do not sit at this table."))
    return _Entry(table, seat, WayIn.LOGIN, user,
                  reverse("tournaments:table-entry", args=[pk]),
                  reverse("tournaments:table-entry-check", args=[pk]))


def seat_entry(request, token):
    entry = _by_link(request, token)
    if entry.table.online:  # played card by card: the seat's link opens its online seat
        return redirect("tournaments:online-seat-link", token=token)
    return _post(request, entry) if request.method == "POST" else _page(request, entry)


def table_entry(request, pk):
    entry = _by_login(request, pk)
    if entry.table.online:
        return redirect("tournaments:online-seat", pk=pk)
    return _post(request, entry) if request.method == "POST" else _page(request, entry)


@require_POST
def seat_entry_check(request, token):
    return _live_check(request, _by_link(request, token))


@require_POST
def table_entry_check(request, pk):
    return _live_check(request, _by_login(request, pk))


def seat_worker(request):
    """The seat pages' service worker, served from /seat/ so that it may keep them."""
    response = render(request, "tournaments/seat_sw.js",
                      content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def seat_code(request):
    """A short code typed from a printed card leads to its seat's page.

    Unknown codes count as failed logins of the address, so codes cannot be tried in bulk.
    """
    code = request.GET.get("code", "")
    wait = login_wait(request=request) if code else 0
    if wait:
        response = render(request, "tournaments/seat_code.html",
                          {"code": code, "wait": wait}, status=429)
        response["Retry-After"] = str(wait)
        return response
    link = seat_link_by_code(code) if code else None
    if link is None:
        if code:
            login_failed(request=request)
        return render(request, "tournaments/seat_code.html",
                      {"code": code, "unknown": bool(code)}, status=404 if code else 200)
    return redirect("tournaments:seat-entry", token=seat_token(link))


# --- What the buttons do ------------------------------------------------------------------


def _live_check(request, entry: _Entry):
    """htmx: the checker's verdict on the sheet as typed (nothing is stored)."""
    sheet = _sheet(entry, data=request.POST)
    check_sheet(sheet, strict=False)
    return render(request, sheet_template(sheet, "checks"), _context(entry, sheet))


def _post(request, entry: _Entry):
    what = request.POST.get("entry_action", "")
    key = request.POST.get("entry_key", "")
    if key and not entry_keys.KEY.fullmatch(key):
        return _page(request, entry, 400, entry_error=_(
            "The entry key (entry_key) is not one this page makes: reload the page and "
            "send again."))
    sheet = _sheet(entry, data=request.POST) if what in ("submit", "dispute") else None
    if sheet is not None:
        check_sheet(sheet, strict=True)
        if sheet.has_errors:
            return _page(request, entry, 400, sheet, save_failed=True,
                         failed_rows=[row for row in sheet.rows if row.errors])

    def act() -> entry_keys.Answer:
        try:
            return entry_keys.Answer(entry_keys.DONE, _act(
                entry, what, sheet, request.POST.get("dispute_reason", "")))
        except (EntryConflict, ResultConflict) as conflict:
            # Kept with the key: a second, different submission has opened a dispute.
            return entry_keys.Answer(409, str(conflict))

    try:
        answer = entry_keys.entry_once(
            seat=entry.seat, key=key, digest=entry_keys.entry_digest(request.POST),
            act=act) if key else act()
    except ResultRejected as refused:
        sheet = sheet or _sheet(entry)
        sheet.apply_errors(refused.errors)
        return _page(request, entry, 400, sheet, save_failed=True,
                     failed_rows=[row for row in sheet.rows if row.errors])
    except EntryMissing as missing:
        return _page(request, _fresh(entry), 404, entry_error=str(missing))
    except PermissionDenied as refused:
        return _page(request, _fresh(entry), 403, entry_error=str(refused))
    if answer.status != entry_keys.DONE:
        return _page(request, _fresh(entry), answer.status, entry_error=answer.message)
    messages.success(request, answer.message)
    return redirect(entry.action)


def _fresh(entry: _Entry) -> _Entry:
    return _Entry(entry.table, entry.seat, entry.via, entry.user, entry.action, entry.check)


def _act(entry: _Entry, what: str, sheet, reason: str) -> str:
    table, actor = entry.table, entry.actor
    if what == "submit":
        if not sheet.entered():
            raise ResultRejected([{"hand": None, "seat": None, "field": "hands",
                                   "code": "no-hands",
                                   "message": _("Enter at least one finished hand.")}])
        outcome = pending_submit(table=table, record=sheet.record(), actor=actor)
        if outcome.game is not None:
            return _("Result stored.")
        return _("Result submitted: a player of another side now confirms it.")
    if what == "confirm":
        pending_confirm(table=table, actor=actor)
        return _("Result confirmed and stored: it counts from now.")
    if what == "dispute":
        typed = sheet.record() if sheet is not None and sheet.entered() else None
        shown = entry.pending.record_hash if entry.pending else ""
        differs = typed is not None and record_hash(typed) != shown
        pending_dispute(table=table, actor=actor, record=typed if differs else None,
                        reason=reason)
        return _("Result disputed: the organiser decides between the versions.")
    raise ResultRejected([{"hand": None, "seat": None, "field": "entry_action",
                           "code": "unknown-action", "message": _("Unknown action.")}])
