"""The night on a big screen: tonight's seating by round, the standings and the latest results.

The page loads once; htmx then fetches the live fragment every few seconds and swaps it in,
so a screen left on all night follows the results without a full reload (no flicker, no
lost scroll). A closed night stops polling: nothing changes any more.
"""

from django.conf import settings
from django.shortcuts import render

from league import access
from tournaments import selectors_night
from tournaments.models import EventStatus
from tournaments.views.events import (
    _event,
    _provisional_lines,
    _provisional_template,
    event_rounds,
)

DEFAULT_REFRESH_SECONDS = 15


def _refresh_seconds() -> int:
    return int(getattr(settings, "SCREEN_REFRESH_SECONDS", DEFAULT_REFRESH_SECONDS))


def _live_context(request, pk) -> dict:
    event = _event(pk)
    access.require_view(request.user, event.club)
    rounds = event_rounds(event)
    return {
        "event": event, "club": event.club, "rounds": rounds,
        "lines": _provisional_lines(event) if rounds else [],
        "provisional_template": _provisional_template(),
        "results": selectors_night.event_results(event),
        "live": event.status != EventStatus.CLOSED,
        "refresh_seconds": _refresh_seconds(),
    }


def event_screen(request, pk):
    return render(request, "tournaments/screen.html", _live_context(request, pk))


def event_screen_live(request, pk):
    """The fragment htmx swaps in (also a plain page for a browser without JavaScript)."""
    return render(request, "tournaments/_screen_live.html", _live_context(request, pk))
