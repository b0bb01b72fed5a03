"""The night on a projector: where everyone sits now, the other rounds, standings and results.

A room reads it from across the hall at 1920x1080, so the current round (its tables, seats
and sit-outs) fills most of the screen, and the side panel shows the standings, the latest
results and each other round in turn by itself (`static/js/screen.js`): nobody scrolls.
Only published rounds are shown, whoever is logged in on the projector's browser: the
screen is public by nature.

The page loads once; htmx then fetches the live fragment every few seconds and swaps it in,
so a screen left on all night follows the results and the publishing without a full reload.
An online table of the round now shows its public view in its box (whose turn, the trick,
bids, tricks and scores; never a hand), refreshed on its own every couple of seconds.
A closed night stops polling: nothing changes any more.
"""

from django.conf import settings
from django.shortcuts import render

from league import access
from tournaments import selectors_night
from tournaments.models import Bracket, EventStatus
from tournaments.online_picture import picture
from tournaments.selectors_brackets import bracket_view
from tournaments.services import online_tables
from tournaments.views.events import (
    _event,
    _provisional_lines,
    _provisional_template,
    _sit_out_names,
    event_rounds,
)

DEFAULT_REFRESH_SECONDS = 15
DEFAULT_ONLINE_REFRESH_SECONDS = 2  # an online table of the round now, card by card
DEFAULT_CYCLE_SECONDS = 12  # how long the side panel shows each of its panels


def _seconds(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _live_context(request, pk) -> dict:
    event = _event(pk)
    access.require_view(request.user, event.club)
    every_round = event_rounds(event)
    rounds = selectors_night.public_rounds(event, every_round)
    current = selectors_night.current_round(rounds)
    sit_outs = dict(_sit_out_names(event))
    if current is not None:
        _embed_online(current)
    bracket = Bracket.objects.filter(event=event).first()
    return {
        "bracket": bracket_view(bracket) if bracket else None,
        "event": event, "club": event.club, "rounds": rounds,
        "current": current,
        "current_sit_outs": sit_outs.get(current.number, []) if current else [],
        "others": [(rnd, sit_outs.get(rnd.number, [])) for rnd in rounds if rnd != current],
        "unpublished": len(every_round) - len(rounds),
        "lines": _provisional_lines(event) if rounds else [],
        "provisional_template": _provisional_template(),
        "results": selectors_night.event_results(event, rounds=[rnd.number for rnd in rounds]),
        "live": event.status != EventStatus.CLOSED,
        "refresh_seconds": _seconds("SCREEN_REFRESH_SECONDS", DEFAULT_REFRESH_SECONDS),
        "cycle_seconds": _seconds("SCREEN_CYCLE_SECONDS", DEFAULT_CYCLE_SECONDS),
        "online_refresh_seconds": online_refresh_seconds(),
    }


def online_refresh_seconds() -> int:
    return _seconds("SCREEN_ONLINE_REFRESH_SECONDS", DEFAULT_ONLINE_REFRESH_SECONDS)


def _embed_online(current) -> None:
    """The round's online tables as spectators see them (`online_spectator_view`: public
    information only, never a card in a hand), drawn in their boxes."""
    for table in current.tables.all():
        if table.online:
            table.screen_online = picture(online_tables.online_spectator_view(table=table))


def event_screen(request, pk):
    return render(request, "tournaments/screen.html", _live_context(request, pk))


def event_screen_live(request, pk):
    """The fragment htmx swaps in (also a plain page for a browser without JavaScript)."""
    return render(request, "tournaments/_screen_live.html", _live_context(request, pk))
