"""Printable cards: one per table per round, and one per player with their whole night."""

from django.shortcuts import render

from tournaments.views import access
from tournaments.views.events import _event, event_rounds


def table_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    return render(request, "tournaments/table_cards.html",
                  {"event": event, "club": event.club, "rounds": event_rounds(event)})


def player_cards(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    nights: dict[int, dict] = {}
    for rnd in event_rounds(event):
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
                  {"event": event, "club": event.club, "cards": cards})
