"""A knockout night's bracket page (public like the night's page)."""

from django.http import Http404
from django.shortcuts import render

from league import access
from tournaments.models import Bracket
from tournaments.selectors_brackets import bracket_view
from tournaments.views.events import _event


def bracket_of(event) -> Bracket:
    bracket = Bracket.objects.filter(event=event).select_related("season").first()
    if bracket is None:
        raise Http404("This night has no bracket.")
    return bracket


def event_bracket(request, pk):
    event = _event(pk)
    access.require_view(request.user, event.club)
    view = bracket_view(bracket_of(event))
    return render(request, "tournaments/bracket.html", {
        "event": event, "club": event.club, "view": view,
        "show_entry": access.can_score(request.user, event.club)})
