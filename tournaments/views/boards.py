"""A duplicate night's deal slips: one per board, so a table can make up the pack by hand.

Before the night closes only its organisers may see them; anyone else gets a 404, as for
an event they may not see at all (nothing tells them the boards exist)."""

from django.http import Http404
from django.shortcuts import render

from league import access
from tournaments.selectors_boards import event_slips
from tournaments.views.events import _event


def _round(request) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() and len(value) < 4 else None


def board_slips(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    slips = event_slips(request.user, event, _round(request))
    if slips is None:
        raise Http404("Not found")
    return render(request, "tournaments/board_slips.html",
                  {"event": event, "club": event.club, "slips": slips})
