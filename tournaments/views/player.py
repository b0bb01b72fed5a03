"""The player's own pages: my nights (seats tonight, answers for the coming nights)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import access
from tournaments import selectors_night
from tournaments.services.attendance import ANSWERS, event_answer_attendance
from tournaments.views.events import _event


def _own_player(user):
    return getattr(user, "player", None)


@login_required
def my_nights(request):
    player = _own_player(request.user)
    nights = selectors_night.player_upcoming_nights(player) if player else []
    return render(request, "tournaments/my_nights.html",
                  {"player": player, "nights": nights, "answers": ANSWERS})


@login_required
@require_POST
def event_answer(request, pk):
    """A player says "coming" or "not coming" for a night (through the attendance service)."""
    event = _event(pk)
    access.require_view(request.user, event.club)
    player = _own_player(request.user)
    if player is None:
        raise PermissionDenied(_("Your login is not linked to a player: claim your profile "
                                 "first."))
    answer = request.POST.get("answer", "")
    try:
        event_answer_attendance(event=event, player=player, answer=answer, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        said = (_("%(night)s (%(date)s): you are coming.") if answer == "coming"
                else _("%(night)s (%(date)s): you are not coming."))
        messages.success(request, said % {"night": event.name,
                                          "date": date_format(event.date)})
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return redirect(back)
    return redirect("tournaments:my-nights")
