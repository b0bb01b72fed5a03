"""Public pages: a season's standings (sortable, paginated, CSV/XLSX) and a player's page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.decorators import method_decorator
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import LazyPaginator, RequestConfig, SingleTableView
from django_tables2.export import ExportMixin

from league import permissions
from league.models import Player, Season
from league.page_cache import DAY, cached_page, club_version, club_versions
from league.standings_config import TIEBREAK_LABELS, StandingsConfigError
from rankings.archive.export import may_download
from rankings.charts import rating_chart
from rankings.exports import SafeTableExport
from rankings.selectors_player import (
    chart_points,
    player_club_ids,
    player_games_by_game,
    player_results,
    player_rivals,
    player_totals,
)
from rankings.selectors_ratings import player_ratings, rating_view
from rankings.selectors_stats import season_standings, visible_player
from rankings.standings import parse_config
from rankings.tables import StandingsTable
from rankings.tables_player import PlayerResultsTable, RivalsTable


def _visible_season(request, pk: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    if not permissions.can(request.user, permissions.VIEW, season):
        raise Http404("No such season.")
    return season


def _season_versions(request, pk: int) -> dict[int, str]:
    season = _visible_season(request, pk)
    return {season.club_id: club_version(season.club_id)}


@method_decorator(cached_page("standings", _season_versions), name="get")
class SeasonStandingsView(ExportMixin, SingleTableView):
    table_class = StandingsTable
    template_name = "rankings/season_standings.html"
    paginate_by = 50
    export_formats = ("csv", "xlsx")
    export_class = SafeTableExport

    def get_queryset(self):
        self.season = _visible_season(self.request, self.kwargs["pk"])
        return season_standings(self.season)

    def get_export_filename(self, export_format):
        name = slugify(f"{self.season.club.slug} {self.season.name} standings")
        return f"{name}.{export_format}"

    def get_dataset_kwargs(self):
        return {"title": _("%(season)s standings") % {"season": self.season.name}}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows = self.object_list
        try:
            config = parse_config(self.season.standings_config)
        except StandingsConfigError as exc:
            config, context["config_error"] = None, str(exc)
        context.update(
            season=self.season, club=self.season.club, config=config,
            computed_at=max((r.computed_at for r in rows[:1]), default=None),
            export_formats=self.export_formats,
            tiebreak_labels=[TIEBREAK_LABELS.get(n, n) for n in (config.tiebreaks if config else ())],
        )
        return context


def _rating_blocks(player: Player, subject) -> list[dict]:
    ratings = list(player_ratings(player, subject=subject))
    points = chart_points(player, [rating.pool for rating in ratings])
    return [{
        "view": rating_view(rating),
        "chart": rating_chart(points[rating.pool_id],
                              title=f"{player} rating in {rating.pool}"),
    } for rating in ratings]


def _player(request, pk: int) -> Player:
    player = visible_player(subject=request.user, pk=pk)
    if player is None:
        raise Http404("No such player.")
    return player


def _player_versions(request, pk: int) -> dict[int, str]:
    # Statistics or ratings in a visible club make the player visible (they sat at its
    # tables), so a cached page needs this one query; anyone else gets the full check.
    clubs = player_club_ids(Player(pk=pk), subject=request.user)
    if not clubs:
        _player(request, pk)
    return club_versions(clubs)


@cached_page("player", _player_versions, every=DAY)
def player_detail(request, pk: int):
    player = _player(request, pk)
    clubs = player_club_ids(player, subject=request.user)
    games_table = PlayerResultsTable(player_results(player, clubs), prefix="g-")
    # Lazy: no count of every result the player ever had, one row more than a page
    # tells whether there is a next one (the page costs the same at any history).
    RequestConfig(request, paginate={"per_page": 25, "paginator_class": LazyPaginator}
                  ).configure(games_table)
    h2h_table = RivalsTable(player_rivals(player, clubs), prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(h2h_table)
    context = {
        "player": player,
        "games_table": games_table,
        "h2h_table": h2h_table,
        "stats": player_totals(player, clubs),
        "by_game": player_games_by_game(player, clubs),
        "ratings": _rating_blocks(player, request.user),
        "own": may_download(player=player, user=request.user),
    }
    return render(request, "rankings/player_detail.html", context)
