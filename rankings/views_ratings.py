"""Public ratings pages: a club's rating pools, and one pool's leaderboard (sortable, CSV/XLSX)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.decorators import method_decorator
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import SingleTableView
from django_tables2.export import ExportMixin

from league import permissions
from league.models import Club, Federation, FederationState
from league.page_cache import DAY, cached_page, club_version
from rankings.charts_ratings import rating_histogram
from rankings.exports import SafeTableExport
from rankings.ratings.provisional import MAX_SIGMA, MIN_GAMES
from rankings.selectors_leaderboard import club_pools, pool_label, pool_leaderboard, visible_pool
from rankings.selectors_ratings import Z
from rankings.tables import RatingsTable


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
class RatingPoolView(ExportMixin, SingleTableView):
    table_class = RatingsTable
    template_name = "rankings/rating_pool.html"
    paginate_by = 50
    export_formats = ("csv", "xlsx")
    export_class = SafeTableExport

    def get_queryset(self):
        self.pool = visible_pool(subject=self.request.user, pk=self.kwargs["pk"])
        if self.pool is None:
            raise Http404("No such rating pool.")
        return pool_leaderboard(self.pool)

    def get_table_kwargs(self):
        if self.pool.kind == "elo":  # Elo has no uncertainty to show
            return {"exclude": ("sigma", "conservative")}
        return {}

    def get_export_filename(self, export_format):
        name = slugify(f"{self.pool.club.slug} {pool_label(self.pool)} ratings")
        return f"{name}.{export_format}"

    def get_dataset_kwargs(self):
        return {"title": _("%(pool)s ratings") % {"pool": pool_label(self.pool)}}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows, label = self.object_list, pool_label(self.pool)
        context.update(
            pool=self.pool, club=self.pool.club, label=label, export_formats=self.export_formats,
            is_elo=self.pool.kind == "elo", z=Z, min_games=MIN_GAMES, max_sigma=MAX_SIGMA,
            provisional_count=sum(1 for r in rows if r.provisional),
            histogram=rating_histogram(
                [r.rating for r in rows if not r.provisional],
                [r.rating for r in rows if r.provisional],
                title=f"How the {label} ratings at {self.pool.club} are spread"),
        )
        return context
