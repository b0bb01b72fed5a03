"""Public pages: a season's standings (sortable, paginated, CSV/XLSX) and a player's page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django_tables2 import RequestConfig, SingleTableView
from django_tables2.export import ExportMixin

from league import permissions
from league.charts import ChartPoint, rating_chart
from league.models import Player, Season
from league.selectors_ratings import player_ratings, rating_history, rating_view
from league.selectors_stats import (
    player_game_rows,
    player_games,
    player_head_to_head,
    player_statistics,
    season_standings,
    visible_player,
)
from league.standings import parse_config
from league.standings.config import StandingsConfigError
from league.tables import HeadToHeadTable, PlayerGamesTable, StandingsTable


def _visible_season(request, pk: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    if not permissions.can(request.user, permissions.VIEW, season):
        raise Http404("No such season.")
    return season


class SeasonStandingsView(ExportMixin, SingleTableView):
    table_class = StandingsTable
    template_name = "league/season_standings.html"
    paginate_by = 50
    export_formats = ("csv", "xlsx")

    def get_queryset(self):
        self.season = _visible_season(self.request, self.kwargs["pk"])
        return season_standings(self.season)

    def get_export_filename(self, export_format):
        name = slugify(f"{self.season.club.slug} {self.season.name} standings")
        return f"{name}.{export_format}"

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
            tiebreak_labels=[n.replace("_", " ") for n in (config.tiebreaks if config else ())],
        )
        return context


def _rating_blocks(player: Player, subject) -> list[dict]:
    blocks = []
    for rating in player_ratings(player, subject=subject):
        history = list(rating_history(player, rating.pool))
        points = [ChartPoint(h.played_at, h.mu_after, h.sigma_after) for h in history]
        view = rating_view(rating)
        blocks.append({
            "view": view,
            "chart": rating_chart(points, title=f"{player} rating in {rating.pool}"),
        })
    return blocks


def player_detail(request, pk: int):
    player = visible_player(subject=request.user, pk=pk)
    if player is None:
        raise Http404("No such player.")
    games = player_games(player, subject=request.user)
    rows = player_game_rows(player, games)
    games_table = PlayerGamesTable(rows, prefix="g-")
    RequestConfig(request, paginate={"per_page": 25}).configure(games_table)
    h2h_table = HeadToHeadTable(player_head_to_head(player, [r.result for r in rows]),
                                prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(h2h_table)
    context = {
        "player": player,
        "games_table": games_table,
        "h2h_table": h2h_table,
        "stats": player_statistics(player, games),
        "ratings": _rating_blocks(player, request.user),
    }
    return render(request, "league/player_detail.html", context)
