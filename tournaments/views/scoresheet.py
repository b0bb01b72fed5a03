"""The scoresheet of one table, laid out like the paper card.

GET shows the sheet (filled from the stored result, if any). The htmx check endpoint
runs the rules checker on the finished rows as the scorer types and sends back the
per-row verdicts out of band, so the inputs being typed in are never replaced.
Saving posts the whole sheet (works without JavaScript) through `result_submit`.
Organisers remove the stored result from the same page (its own form, with a reason and a
confirmation box) through `result_remove`.
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league import access
from tournaments.forms import TRUMP_CHOICES
from tournaments.models import EventStatus, ResultSource, ResultStatus, Table
from tournaments.services.results import (
    ResultConflict,
    ResultMissing,
    ResultRejected,
    result_remove,
    result_submit,
)
from tournaments.views.sheet_page import check_sheet, sheet_for, sheet_table, sheet_template


def _sheet(table: Table, data=None):
    result = table.result if _stored(table) else None
    return sheet_for(table, result.record if result else None, data,
                     complete=result is not None and result.status == ResultStatus.COMPLETE)


def _stored(table: Table) -> bool:
    try:
        return table.result is not None
    except Table.result.RelatedObjectDoesNotExist:
        return False


def _context(request, table, sheet, **extra) -> dict:
    event = table.round.event
    stored = table.result if _stored(table) else None
    return {
        "table": table, "event": event, "club": event.club, "sheet": sheet,
        "seats": list(enumerate(sheet.seat_names)), "trump_choices": TRUMP_CHOICES,
        "can_score": access.can_score(request.user, table),
        "can_remove": stored is not None and event.status != EventStatus.CLOSED
        and access.can_correct(request.user, table),
        "stored": stored,
        "empty_seats": table.seats.filter(player__isnull=True).exists(),
        **extra,
    }


def table_scoresheet(request, pk):
    table = sheet_table(pk)
    access.require_view(request.user, table)
    if request.method == "POST" and "remove_result" in request.POST:
        return _remove(request, table)
    if request.method == "POST":
        return _save(request, table)
    sheet = _sheet(table)
    if sheet.entered():
        check_sheet(sheet, strict=False)
    return render(request, sheet_template(sheet), _context(request, table, sheet))


def _save(request, table):
    access.require_score(request.user, table)
    sheet = _sheet(table, data=request.POST)
    reason = request.POST.get("correction_reason", "").strip()
    check_sheet(sheet, strict=True)
    if not sheet.entered() and not sheet.has_errors:
        sheet.errors.append("Enter at least one finished hand before saving.")
    if sheet.has_errors:
        return _rerender(request, table, sheet, reason)
    try:
        outcome = result_submit(table=table, record=sheet.record(), source=ResultSource.FORM,
                                user=request.user, correction_reason=reason)
    except ResultRejected as rejected:
        sheet.apply_errors(rejected.errors)
        return _rerender(request, table, sheet, reason)
    except ResultConflict as conflict:
        sheet.errors.append(str(conflict))
        return _rerender(request, table, sheet, reason, needs_reason=True)
    except PermissionDenied as refused:  # e.g. a scorekeeper changing saved hands
        sheet.errors.append(str(refused))
        return _rerender(request, table, sheet, reason, status=403)
    game = outcome.game
    hands = len(game.record.get("hands") or [])
    state = _("complete") if game.status == "complete" else _("in progress")
    messages.success(request, ngettext("Table %(table)s: %(hands)s hand saved (%(state)s).",
                                       "Table %(table)s: %(hands)s hands saved (%(state)s).",
                                       hands) % {"table": table.number, "hands": hands,
                                                 "state": state})
    return redirect("tournaments:table-scoresheet", pk=table.pk)


def _remove(request, table):
    """The organiser's "remove result" form: a reason and a ticked confirmation box."""
    reason = request.POST.get("removal_reason", "").strip()
    problem, status = None, 400
    if request.POST.get("confirm_removal") != "yes":
        problem = _("Tick the box to confirm that the stored result should be removed.")
    else:
        try:
            result_remove(actor=request.user, table=table, reason=reason)
        except ResultRejected as refused:
            problem = str(refused)
        except ResultMissing as missing:  # e.g. the form sent twice
            problem, status = str(missing), 404
        except PermissionDenied as refused:
            problem, status = str(refused), 403
    if problem:
        sheet = _sheet(table)
        context = _context(request, table, sheet, removal_error=problem, removal_reason=reason)
        return render(request, sheet_template(sheet), context, status=status)
    messages.success(request, _("Round %(round)s table %(table)s: result removed. Standings "
                                "and ratings are being recomputed without it.") % {
        "round": table.round.number, "table": table.number})
    return redirect("tournaments:event-detail", pk=table.round.event_id)


def _rerender(request, table, sheet, reason, needs_reason=False, status=400):
    """The sheet as typed, with "not saved" and what is wrong at the top of the page."""
    context = _context(request, table, sheet, reason=reason, needs_reason=needs_reason,
                       save_failed=True, failed_rows=[row for row in sheet.rows if row.errors])
    return render(request, sheet_template(sheet), context, status=status)


@require_POST
def table_scoresheet_check(request, pk):
    """htmx: the checker's verdict on the sheet as typed (nothing is stored)."""
    table = sheet_table(pk)
    access.require_view(request.user, table)
    if not access.can_score(request.user, table):
        raise PermissionDenied(_("Only the club's organisers and scorekeepers may enter results."))
    sheet = _sheet(table, data=request.POST)
    check_sheet(sheet, strict=False)
    return render(request, sheet_template(sheet, "checks"), _context(request, table, sheet))
