"""Public pages: the list of clubs, a club, a season. They show nights and standings
together, so they sit in the top layer."""

from django.core.paginator import Paginator
from django.db.models import Count
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from league import access, permissions
from league.models import Club, Membership, Season
from league.page_cache import cached_page, club_version
from tournaments.models import Bracket, Event

NIGHTS_PER_PAGE = 30


def home(request):
    clubs = (
        access.visible_clubs(request.user)
        .annotate(members=Count("memberships"))
        .order_by("name")
    )
    # Each organiser is led to their clubs' own pages; the admin is for site staff only.
    organised = (permissions.manageable_clubs(request.user).order_by("name")
                 if request.user.is_authenticated and not request.user.is_superuser else [])
    return render(request, "rankings/home.html", {"clubs": clubs, "organised": organised})


def _club_versions(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access.require_view(request.user, club)
    if access.can_manage(request.user, club):
        return None  # organisers see their edits at once
    return {club.pk: club_version(club.pk)}


# Nights, seasons and members change without a result (no version bump): visitors see
# such edits within a minute, results at once.
@cached_page("club", _club_versions, every=60)
def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access.require_view(request.user, club)
    members = (
        Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__display_name")
    )
    context = {
        "club": club,
        "seasons": club.seasons.annotate(event_count=Count("events")),
        # Newest first, a page at a time: a club's nights grow by one a week, for years.
        "events": Paginator(Event.objects.filter(club=club).select_related("season"),
                            NIGHTS_PER_PAGE).get_page(request.GET.get("page")),
        "members": members,
        "can_manage": access.can_manage(request.user, club),
        "manage_links": [
            ("New season", reverse("organiser:season-new", args=[club.slug])),
            ("New one-off tournament", reverse("organiser:tournament-new", args=[club.slug])),
            ("Members and roles", reverse("organiser:club-members", args=[club.slug])),
            (_("API tokens"), reverse("organiser:club-tokens", args=[club.slug])),
        ],
    }
    return render(request, "rankings/club_detail.html", context)


def season_detail(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_view(request.user, season.club)
    events = (
        season.events.annotate(round_count=Count("rounds", distinct=True))
        .order_by("date", "id")
    )
    context = {
        "season": season,
        "club": season.club,
        "events": events,
        "standings_url": _standings_url(season),
        "can_manage": access.can_manage(request.user, season.club),
        "manage_links": [
            ("New night in this season", reverse("organiser:night-new", args=[season.pk])),
            ("Edit season", reverse("organiser:season-edit", args=[season.pk])),
            (_("Draw the final"), reverse("league:season-final-new", args=[season.pk])),
            (_("Divisions"), reverse("league:season-divisions", args=[season.pk])),
        ],
        "divisions": season.divisions.all(),
        "finals": Bracket.objects.filter(season=season).select_related("event")
                  .order_by("event__date", "id"),
    }
    return render(request, "rankings/season_detail.html", context)


def _standings_url(season):
    """The standings page lives with the standings code; link to it when it is there."""
    for kwargs in ({"pk": season.pk}, {"season_id": season.pk},
                   {"slug": season.club.slug, "pk": season.pk},
                   {"club_slug": season.club.slug, "pk": season.pk}):
        try:
            return reverse("league:season-standings", kwargs=kwargs)
        except NoReverseMatch:
            continue
    return None

