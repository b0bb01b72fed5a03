"""The organiser's side of table entry: every seat's link for the night (to print or hand
out, and to revoke), and the decision on a pending or disputed result, the versions side by
side with the checker's verdict on each."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import access
from tournaments.forms import TRUMP_CHOICES
from tournaments.models import EntryMode, PendingResult, SeatLink
from tournaments.qr import qr_svg
from tournaments.selectors_entry import compare_versions
from tournaments.services.results import ResultConflict, ResultRejected
from tournaments.services.seat_links import (
    seat_link_revoke,
    seat_links_for_event,
    seat_token,
    short_code,
)
from tournaments.services.table_entry import (
    EntryConflict,
    entry_mode,
    entry_mode_set,
    pending_decide,
)
from tournaments.views.events import _event
from tournaments.views.sheet_page import check_sheet, sheet_for, sheet_table, sheet_template


def seat_link_rows(request, links) -> list[dict]:
    rows = []
    for link in links:
        url = request.build_absolute_uri(reverse("tournaments:seat-entry",
                                                 args=[seat_token(link)]))
        seat = link.seat
        label = _("Round %(r)d, table %(t)d, seat %(s)d: %(name)s") % {
            "r": seat.table.round.number, "t": seat.table.number, "s": seat.position + 1,
            "name": seat.player.display_name}
        rows.append({"link": link, "seat": seat, "url": url, "code": short_code(link),
                     "qr": qr_svg(url, label=label)})
    return rows


def event_seat_links(request, pk):
    event = _event(pk)
    access.require_manage(request.user, event.club)
    links = seat_links_for_event(event=event, user=request.user)
    return render(request, "tournaments/seat_links.html", {
        "event": event, "club": event.club, "rows": seat_link_rows(request, links),
        "code_url": request.build_absolute_uri(reverse("tournaments:seat-code")),
        "modes": EntryMode.choices, "mode": entry_mode(event.club)})


@require_POST
def club_entry_mode(request, pk):
    """The club's choice: another side confirms, a seat's submission counts, or approval."""
    event = _event(pk)
    access.require_manage(request.user, event.club)
    try:
        entry_mode_set(club=event.club, mode=request.POST.get("mode", ""), user=request.user)
    except ResultRejected as refused:
        messages.error(request, refused.errors[0]["message"])
    else:
        messages.success(request, _("Table entry: %(mode)s.") % {
            "mode": EntryMode(request.POST["mode"]).label})
    return redirect("tournaments:event-seat-links", pk=event.pk)


@require_POST
def seat_link_revoke_view(request, pk, link_pk):
    event = _event(pk)
    access.require_manage(request.user, event.club)
    link = get_object_or_404(SeatLink.objects.select_related("seat__table__round"),
                             pk=link_pk, seat__table__round__event=event)
    fresh = seat_link_revoke(link=link, user=request.user)
    messages.success(request, _("The old link of %(seat)s no longer works; its new code is "
                                "%(code)s.") % {"seat": link.seat, "code": short_code(fresh)})
    return redirect("tournaments:event-seat-links", pk=event.pk)


class _Decision:
    """The organiser's entry on the scoresheet page (the templates read it as `entry`)."""

    organiser = True
    may_submit = may_answer = False

    def __init__(self, request, table, pending):
        self.table, self.pending = table, pending
        self.action = reverse("tournaments:table-entry-decide", args=[table.pk])
        self.check = reverse("tournaments:table-scoresheet-check", args=[table.pk])
        self.compared = compare_versions(pending, {"submitted": _("Submitted"),
                                                   "disputed": _("Disputed")})


def _decision(request, pk) -> _Decision:
    table = sheet_table(pk)
    access.require_view(request.user, table)
    if not access.can_correct(request.user, table):
        raise PermissionDenied(_("Only the club's organisers approve or resolve results."))
    pending = PendingResult.objects.filter(table=table).first()
    if pending is None:
        raise Http404(_("This table has no result entered at the table."))
    return _Decision(request, table, pending)


def _page(request, decision: _Decision, status=200, sheet=None, **extra):
    shown = decision.pending.disputed_record or decision.pending.record
    sheet = sheet or sheet_for(decision.table, shown)
    if sheet.entered():
        check_sheet(sheet, strict=False)
    event = decision.table.round.event
    context = {"table": decision.table, "event": event, "club": event.club, "sheet": sheet,
               "seats": list(enumerate(sheet.seat_names)), "trump_choices": TRUMP_CHOICES,
               "can_score": decision.pending.is_open,
               "can_remove": False, "stored": None, "empty_seats": False,
               "entry": decision, **extra}
    return render(request, sheet_template(sheet), context, status=status)


def table_entry_decide(request, pk):
    decision = _decision(request, pk)
    if request.method != "POST":
        return _page(request, decision)
    what = request.POST.get("entry_action", "")
    reason = request.POST.get("decide_reason", "").strip()
    sheet = None
    try:
        if what == "third":
            sheet = sheet_for(decision.table, None, data=request.POST)
            check_sheet(sheet, strict=True)
            if sheet.has_errors or not sheet.entered():
                return _page(request, decision, 400, sheet, save_failed=True,
                             failed_rows=[row for row in sheet.rows if row.errors])
            pending_decide(table=decision.table, user=request.user, record=sheet.record(),
                           reason=reason)
        else:
            pending_decide(table=decision.table, user=request.user, version=what,
                           reason=reason)
    except ResultRejected as refused:
        return _page(request, decision, 400, sheet,
                     entry_error="; ".join(e["message"] for e in refused.errors))
    except (EntryConflict, ResultConflict) as conflict:
        return _page(request, decision, 409, sheet, entry_error=str(conflict))
    messages.success(request, _("Round %(r)d table %(t)d: result stored.") % {
        "r": decision.table.round.number, "t": decision.table.number})
    return redirect("tournaments:event-detail", pk=decision.table.round.event_id)
