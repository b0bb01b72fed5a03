"""Printable pages: table cards, player cards and blank paper scoresheets, several to a page
(the published rounds; an organiser prints every round)."""

from django.http import Http404
from django.shortcuts import render

from league import access
from tournaments.selectors_print import paper_sheets, plan_time, table_notes
from tournaments.views.events import _event, visible_rounds


def table_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    rounds = visible_rounds(request.user, event)
    for rnd in rounds:
        for table in rnd.tables.all():
            notes = table_notes(table)
            table.seat_lines = [(seat, notes[i] if i < len(notes) else "")
                                for i, seat in enumerate(table.seats.all())]
    return render(request, "tournaments/table_cards.html",
                  {"event": event, "club": event.club, "rounds": rounds,
                   "planned_at": plan_time(event)})


def player_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    nights: dict[int, dict] = {}
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
                                       "seat": seat.position, "others": others})
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
