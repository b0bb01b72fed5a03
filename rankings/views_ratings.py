"""Public ratings pages: a club's rating pools, and one pool's leaderboard (sortable, CSV/XLSX)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _

from league import permissions
from league.models import Club, Federation, FederationState
from league.page_cache import DAY, cached_page, club_version
from rankings.selectors_leaderboard import club_pools, pool_label, pool_leaderboard, visible_pool
from rankings.tables import RatingsTable
from rankings.views_leaderboard import PoolLeaderboardView


def _visible_club(request, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can(request.user, permissions.VIEW, club):
        raise Http404("No such club.")
    return club


def _club_versions(request, slug: str) -> dict[int, str]:
    club = _visible_club(request, slug)
    return {club.pk: club_version(club.pk)}


def _pool_versions(request, pk: int) -> dict[int, str]:
    pool = visible_pool(subject=request.user, pk=pk)
    if pool is None:
        raise Http404("No such rating pool.")
    return {pool.club_id: club_version(pool.club_id)}


@cached_page("club-ratings", _club_versions)
def club_ratings(request, slug: str):
    club = _visible_club(request, slug)
    pools = [(pool, pool_label(pool)) for pool in club_pools(club)]
    federations = Federation.objects.filter(
        clubs__club=club, clubs__state=FederationState.MEMBER).distinct()
    return render(request, "rankings/club_ratings.html",
                  {"club": club, "pools": pools, "federations": federations})


# Daily as well: shown ratings grow uncertain while players are away.
@method_decorator(cached_page("leaderboard", _pool_versions, every=DAY), name="get")
class RatingPoolView(PoolLeaderboardView):
    table_class = RatingsTable
    template_name = "rankings/rating_pool.html"

    def get_queryset(self):
        self.pool = visible_pool(subject=self.request.user, pk=self.kwargs["pk"])
        if self.pool is None:
            raise Http404("No such rating pool.")
        return pool_leaderboard(self.pool)

    def owner_slug(self) -> str:
        return self.pool.club.slug

    def histogram_title(self, label: str) -> str:
        return _("How the %(pool)s ratings at %(club)s are spread") % {
            "pool": label, "club": self.pool.club}

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | {"club": self.pool.club}
