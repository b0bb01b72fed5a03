"""Calendar feeds (iCalendar): a player's private one behind an unguessable key, a public
club's for anyone; and the player's page that makes, replaces and revokes the private link."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from league.models import Club
from tournaments.calendar_feed import calendar_text
from tournaments.selectors_calendar import club_entries, club_zone, player_entries
from tournaments.services.calendars import (
    calendar_link_create,
    calendar_link_revoke,
    calendar_player,
)


def _feed(body: str, *, private: bool) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store" if private else "public, max-age=900"
    if private:
        response["X-Robots-Tag"] = "noindex"
    return response


def _base(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def player_feed(request, key):
    player = calendar_player(key)
    if player is None:
        raise Http404("No such calendar (the link may have been replaced).")
    entries = player_entries(player, host=request.get_host(), base=_base(request))
    name = _("Card nights of %(player)s") % {"player": player.display_name}
    return _feed(calendar_text(name=name, zone=settings.TIME_ZONE, entries=entries,
                               now=timezone.now()), private=True)


def club_feed(request, slug):
    club = get_object_or_404(Club, slug=slug, is_public=True)
    entries = club_entries(club, host=request.get_host(), base=_base(request))
    return _feed(calendar_text(name=club.name, zone=club_zone(club), entries=entries,
                               now=timezone.now()), private=False)


@never_cache  # the page that shows a new link must not be kept by any cache
@login_required
def my_calendar(request):
    player = getattr(request.user, "player", None)
    new_url = None
    if request.method == "POST" and player is not None:
        if request.POST.get("action") == "revoke":
            calendar_link_revoke(player=player, user=request.user)
            messages.success(request, _("Your calendar link is revoked: calendars using it "
                                        "get nothing from now on."))
            return redirect("calendars:my-calendar")
        new = calendar_link_create(player=player, user=request.user)
        new_url = request.build_absolute_uri(reverse("calendars:player-feed", args=[new.key]))
    clubs = (Club.objects.filter(memberships__player=player, is_public=True).distinct()
             if player else Club.objects.none())
    return render(request, "tournaments/my_calendar.html", {
        "player": player, "new_url": new_url,
        "has_link": player is not None and hasattr(player, "calendar_link"),
        "club_feeds": [(club, request.build_absolute_uri(reverse("calendars:club-feed",
                                                                  args=[club.slug])))
                       for club in clubs]})
