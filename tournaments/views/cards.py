"""Printable pages: table cards, player cards and blank paper scoresheets, several to a page
(the published rounds; an organiser prints every round)."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from league import access
from tournaments.models import EventStatus
from tournaments.qr import qr_svg
from tournaments.selectors_print import paper_sheets, plan_time, table_notes
from tournaments.services.seat_links import seat_links_for_event
from tournaments.views.entry_organiser import seat_link_rows
from tournaments.views.events import _event, visible_rounds


def table_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    rounds = visible_rounds(request.user, event)
    links = _seat_links(request, event)
    for rnd in rounds:
        for table in rnd.tables.all():
            notes = table_notes(table)
            table.seat_lines = [(seat, notes[i] if i < len(notes) else "")
                                for i, seat in enumerate(table.seats.all())]
            table.seat_codes = [links[seat.pk] for seat in table.seats.all() if seat.pk in links]
            table.entry_qr = _entry_qr(request, table)
    return render(request, "tournaments/table_cards.html",
                  {"event": event, "club": event.club, "rounds": rounds,
                   "planned_at": plan_time(event)})


def _seat_links(request, event) -> dict:
    """seat id -> its link's QR code and short code: on the organiser's cards only (the
    codes let anyone enter for the seat) and while the night is open."""
    if event.status == EventStatus.CLOSED or not access.can_manage(request.user, event.club):
        return {}
    links = seat_links_for_event(event=event, user=request.user)
    return {row["seat"].pk: row for row in seat_link_rows(request, links)}


def _entry_qr(request, table):
    """Everyone's card: the table's entry page, for its seated players once logged in."""
    if table.round.event.status == EventStatus.CLOSED:
        return None
    url = request.build_absolute_uri(reverse("tournaments:table-entry", args=[table.pk]))
    return qr_svg(url, label=_("Enter the result of round %(r)d, table %(t)d") % {
        "r": table.round.number, "t": table.number})


def player_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    nights: dict[int, dict] = {}
    links = _seat_links(request, event)
    for rnd in visible_rounds(request.user, event):
        for table in rnd.tables.all():
            seats = list(table.seats.all())
            for seat in seats:
                if seat.player is None:
                    continue
                card = nights.setdefault(seat.player_id, {"player": seat.player, "rounds": []})
                others = [s.player.display_name for s in seats
                          if s.player is not None and s.pk != seat.pk]
                card["rounds"].append({"round": rnd.number, "table": table.number,
                                       "seat": seat.position, "others": others,
                                       "link": links.get(seat.pk)})
    cards = sorted(nights.values(), key=lambda c: c["player"].display_name.lower())
    return render(request, "tournaments/player_cards.html",
                  {"event": event, "club": event.club, "cards": cards,
                   "planned_at": plan_time(event)})


def blank_scoresheets(request, pk):
    """A blank paper scoresheet per table, names filled in (all rounds, or `?round=N`)."""
    event = _event(pk)
    access.require_view(request.user, event.club)
    round_number = request.GET.get("round") or None
    if round_number is not None and not round_number.isdigit():
        raise Http404("No such round.")
    rounds = visible_rounds(request.user, event)
    sheets = paper_sheets(rounds, round_number=int(round_number) if round_number else None)
    return render(request, "tournaments/blank_scoresheets.html",
                  {"event": event, "club": event.club, "sheets": sheets,
                   "rounds": [rnd.number for rnd in rounds],
                   "round_number": int(round_number) if round_number else None})
