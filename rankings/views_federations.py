"""Federation pages: the list, one federation (its clubs and pools), a pool's leaderboard
(sortable, CSV/XLSX), a person's page in a pool, and the staff's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league import permissions
from league.models import (
    Federation,
    FederationClub,
    FederationState,
    PendingRecompute,
    Player,
    RecomputeKind,
)
from league.page_cache import DAY, cached_page
from league.services.federations import (
    federation_decide,
    federation_recompute_request,
    is_federation_staff,
)
from rankings.models import FederationNight
from rankings.selectors_federations import (
    federation_pool,
    federation_pools,
    federation_versions,
    member_clubs,
    pool_versions,
    unlisted_for,
)
from rankings.selectors_leaderboard import pool_label, pool_leaderboard
from rankings.selectors_rating_page import nights, peak, pool_standing
from rankings.services.federations import waiting_nights
from rankings.tables import FederationRatingsTable
from rankings.views_leaderboard import PoolLeaderboardView
from rankings.views_rating_player import standing_context
from tournaments.models import Event


def federation_list(request):
    return render(request, "rankings/federation_list.html",
                  {"federations": Federation.objects.all()})


def _federation_page_versions(request, slug: str) -> dict:
    """The page cache's versions of a federation's page (`federation_versions`, and
    whether the viewer is its staff: the page links them to the staff's page)."""
    federation = get_object_or_404(Federation, slug=slug)
    return federation_versions(federation, request.user) | {
        "staff": str(is_federation_staff(request.user, federation))}


# Cached: the pools' games are counted over their whole history (66 ms at 20,000 games).
@cached_page("federation-detail", _federation_page_versions)
def federation_detail(request, slug: str):
    federation = get_object_or_404(Federation, slug=slug)
    clubs, hidden = member_clubs(federation, request.user)
    pools = [(pool, pool_label(pool)) for pool in federation_pools(federation)]
    return render(request, "rankings/federation_detail.html", {
        "federation": federation, "clubs": clubs, "hidden_clubs": hidden, "pools": pools,
        "is_staff": is_federation_staff(request.user, federation)})


def _pool(request, slug: str, pk: int):
    federation = get_object_or_404(Federation, slug=slug)
    pool = federation_pool(federation, pk)
    if pool is None:
        raise Http404("No such rating pool.")
    return federation, pool


class FederationPoolView(PoolLeaderboardView):
    """A federation pool's leaderboard: the people the viewer may see, ranked among them."""

    table_class = FederationRatingsTable
    template_name = "rankings/federation_pool.html"

    def get_queryset(self):
        self.federation, self.pool = _pool(self.request, self.kwargs["slug"], self.kwargs["pk"])
        return pool_leaderboard(self.pool, exclude=unlisted_for(self.pool, self.request.user))

    def get_table_kwargs(self):
        return super().get_table_kwargs() | {"federation": self.federation}

    def owner_slug(self) -> str:
        return self.federation.slug

    def histogram_title(self, label: str) -> str:
        return _("How the %(pool)s ratings in %(federation)s are spread") % {
            "pool": label, "federation": self.federation}

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | {"federation": self.federation}


def federation_pool_versions(request, slug: str, pk: int, player: int | None = None) -> dict:
    """The page cache's versions of a federation pool's leaderboard or of a person's page
    in it (`pool_versions`, and the federation's name; the viewer is part of every key)."""
    federation, pool = _pool(request, slug, pk)
    return pool_versions(pool, request.user) | {"federation": federation.name}


# The leaderboard, cached like a person's page: a recompute, new ratings or a consent
# given or withdrawn change its versions; daily too (absent players' σ grows with time).
federation_pool_page = cached_page("federation-pool", federation_pool_versions, every=DAY)(
    FederationPoolView.as_view())


# Cached like a club pool's player page (the pool's history is replayed for the peaks: about
# a second at 20,000 games), and daily as well: uncertainty grows while players are away.
@cached_page("federation-player", federation_pool_versions, every=DAY)
def federation_player(request, slug: str, pk: int, player: int):
    """A person's page in a federation pool (the club pool's page, reused)."""
    federation, pool = _pool(request, slug, pk)
    unlisted = unlisted_for(pool, request.user)
    person = Player.objects.filter(pk=player).exclude(pk__in=unlisted).first()
    standing = pool_standing(pool, person, exclude=unlisted) if person else None
    if standing is None:
        raise Http404("Not rated in this pool.")
    label, lines = pool_label(pool), nights(pool, person)
    visible = set(Event.objects.filter(
        pk__in=[line.event_id for line in lines],
        club__in=permissions.visible_clubs(request.user)).values_list("pk", flat=True))
    context = standing_context(
        request, pool=pool, person=person, standing=standing, label=label,
        peak=peak(pool, person, exclude=unlisted), nights=lines,
        histogram_title=_("How the %(pool)s ratings in %(federation)s are spread, with "
                          "%(player)s marked")
        % {"pool": label, "federation": federation, "player": person})
    return render(request, "rankings/rating_player.html",
                  context | {"federation": federation, "visible_events": visible})


@login_required
def federation_staff(request, slug: str):
    """The federation's staff: clubs' requests, members, nights waiting, recomputes owed."""
    federation = get_object_or_404(Federation, slug=slug)
    if not is_federation_staff(request.user, federation):
        raise PermissionDenied(_("Only the federation's staff see this page."))
    if request.method == "POST":
        return _staff_post(request, federation)
    rows = FederationClub.objects.filter(federation=federation).select_related("club").order_by(
        "state", "club__name", "game")
    owed = PendingRecompute.objects.filter(kind=RecomputeKind.FEDERATION,
                                           target_id=federation.pk).order_by("requested_at")
    return render(request, "rankings/federation_staff.html", {
        "federation": federation,
        "requests": [r for r in rows if r.state == FederationState.REQUESTED],
        "members": [r for r in rows if r.state != FederationState.REQUESTED],
        "counted": FederationNight.objects.filter(federation=federation).count(),
        "waiting": waiting_nights(federation),
        "owed": owed.first(), "pools": [(p, pool_label(p)) for p in federation_pools(federation)]})


def _staff_post(request, federation: Federation):
    try:
        if request.POST.get("action") == "recompute":
            federation_recompute_request(user=request.user, federation=federation)
            messages.success(request, _("A recompute of the federation's ratings is queued."))
        else:
            row = FederationClub.objects.filter(
                federation=federation, pk=_int(request.POST.get("request"))).first()
            if row is None:
                raise ValidationError(_("No such request."))
            accept = request.POST.get("action") == "accept"
            federation_decide(user=request.user, row=row, accept=accept)
            messages.success(request, _("%(club)s is accepted.") % {"club": row.club} if accept
                             else _("%(club)s is refused.") % {"club": row.club})
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("federation-staff", slug=federation.slug)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
