"""A duplicate night's hand records: each board's deal and every table's result on it,
with matchpoints. Like the deal slips, only the night's organisers see them before it
closes (a 404 for everyone else); everyone who may see the night does after."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from league import access
from rankings.selectors_duplicate import board_records
from rankings.selectors_reviews import board_pars
from tournaments.models import Event


def hand_records(request, pk):
    event = get_object_or_404(Event.objects.select_related("club", "season"), pk=pk)
    access.require_view(request.user, event.club)
    value = request.GET.get("round", "")
    number = int(value) if value.isdigit() and len(value) < 4 else None
    records = board_records(request.user, event, number)
    if records is None:
        raise Http404("Not found")
    pars = board_pars(event)
    for record in records:
        record["par"] = pars.get((record["slip"].round, record["slip"].number))
    return render(request, "rankings/hand_records.html",
                  {"event": event, "club": event.club, "records": records})
