"""django-tables2 tables for the public standings and player pages."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.standings_config import TIEBREAK_LABELS
from rankings.models import StandingRow

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
SORTABLE = "rankings/_sortable_table.html"  # arrows, and `high_first` columns


def _number(value, places: int):
    """Exports write numbers as numbers (a spreadsheet sums them), whole ones without ".0"."""
    value = float(value)
    return int(value) if value.is_integer() else round(value, places)


class StandingsTable(tables.Table):
    high_first = frozenset({"points", "games", "nights", "firsts", "seconds", "average_points",
                            "average_score", "qualified"})
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    player = tables.Column(accessor="player__display_name", verbose_name=_("Player"),
                           order_by=("player__display_name",))
    points = tables.Column(verbose_name=_("Points"), attrs=NUM)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    nights = tables.Column(verbose_name=_("Nights"), attrs=NUM)
    firsts = tables.Column(verbose_name=_("1sts"), attrs=NUM)
    seconds = tables.Column(verbose_name=_("2nds"), attrs=NUM)
    average_points = tables.Column(verbose_name=_("Avg points"), attrs=NUM)
    average_score = tables.Column(verbose_name=_("Avg score"), attrs=NUM)
    qualified = tables.BooleanColumn(verbose_name=_("Qualified"))
    tiebreak = tables.Column(verbose_name=_("Tie-break"), empty_values=(), orderable=False)

    class Meta:
        model = StandingRow
        fields = ()
        sequence = ("rank", "player", "points", "games", "nights", "firsts", "seconds",
                    "average_points", "average_score", "qualified", "tiebreak")
        order_by = ("rank",)
        template_name = SORTABLE
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: "" if record.qualified else "not-qualified"}
        empty_text = _("No standings yet: they appear once results are in.")

    def render_player(self, record):
        url = reverse("league:player-detail", args=[record.player_id])
        return format_html('<a href="{}"><bdi>{}</bdi></a>', url, record.player.display_name)

    def value_player(self, record):
        return record.player.display_name

    def render_rank(self, record):
        if record.qualified:
            return record.rank
        return format_html('{} <abbr title="{}">{}</abbr>', record.rank,
                           _("below the minimum attendance"),
                           _("NQ"))  # not qualified

    def value_rank(self, record):
        return record.rank

    def render_points(self, value):
        return f"{value:g}" if float(value).is_integer() else f"{value:.2f}"

    def value_points(self, value):
        return _number(value, 2)

    def render_average_points(self, value):
        return f"{value:.2f}"

    def value_average_points(self, value):
        return _number(value, 2)

    def render_average_score(self, value):
        return f"{value:.1f}"

    def value_average_score(self, value):
        return _number(value, 1)

    def value_qualified(self, value):
        return str(_("yes") if value else _("no"))

    def render_tiebreak(self, value):
        return str(TIEBREAK_LABELS.get(value, (value or "").replace("_", " ")))


class ProvisionalTable(tables.Table):
    """Tonight's standings, from `selectors_stats.event_provisional_standings` lines."""

    rank = tables.Column(accessor="line__rank", attrs=NUM, orderable=False)
    player = tables.Column(accessor="player__display_name", verbose_name=_("Player"),
                           orderable=False)
    points = tables.Column(accessor="line__points", attrs=NUM, orderable=False)
    games = tables.Column(accessor="line__games", attrs=NUM, orderable=False)
    firsts = tables.Column(accessor="line__firsts", verbose_name=_("1sts"), attrs=NUM,
                           orderable=False)
    total_score = tables.Column(accessor="line__total_score", verbose_name=_("Score"), attrs=NUM,
                                orderable=False)

    class Meta:
        attrs = {"class": "standings provisional"}
        empty_text = _("No results yet tonight.")

    def render_points(self, value):
        return f"{value:g}"

    def render_total_score(self, value):
        return f"{value:g}"


class PlayerGamesTable(tables.Table):
    """One player's results (rows are `selectors_stats.PlayerGameRow`)."""

    date = tables.DateTimeColumn(accessor="game__played_at", format="Y-m-d",
                                 order_by=("game__played_at",))
    event = tables.Column(accessor="game__table__round__event__name", orderable=False)
    table = tables.Column(accessor="result__table", orderable=False)
    score = tables.Column(attrs=NUM)
    place = tables.Column(attrs=NUM)
    opponents = tables.Column(empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": "player-games"}
        empty_text = _("No games yet.")

    def render_event(self, record, value):
        url = reverse("tournaments:event-detail", args=[record.game.table.round.event_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_event(self, value):
        return value

    def render_score(self, value):
        return f"{value:g}"

    def render_place(self, value):
        return f"{value:g}"

    def render_opponents(self, value):
        return ", ".join(value)


class HeadToHeadTable(tables.Table):
    opponent = tables.Column(accessor="opponent__display_name", verbose_name=_("Opponent"))
    games = tables.Column(attrs=NUM)
    ahead = tables.Column(verbose_name=_("Ahead"), attrs=NUM)
    behind = tables.Column(verbose_name=_("Behind"), attrs=NUM)
    level = tables.Column(verbose_name=_("Level"), attrs=NUM)

    class Meta:
        attrs = {"class": "head-to-head"}
        empty_text = _("No opponents yet.")

    def render_opponent(self, record):
        url = reverse("league:player-detail", args=[record.opponent.pk])
        return format_html('<a href="{}"><bdi>{}</bdi></a>', url, record.opponent.display_name)


class RatingsTable(tables.Table):
    """A rating pool's leaderboard (rows are `selectors_leaderboard.LeaderRow`).

    Elo pools carry no uncertainty: the view drops the sigma and conservative columns.
    """

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM)
    player = tables.Column(accessor="player__display_name", verbose_name=_("Player"),
                           order_by=("player__display_name",))
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUM)
    sigma = tables.Column(verbose_name="±", attrs=NUM)
    conservative = tables.Column(verbose_name=_("Conservative (μ − 3σ)"), attrs=NUM)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    last_played_at = tables.DateTimeColumn(verbose_name=_("Last played"), format="Y-m-d")
    provisional = tables.Column(verbose_name=_("Provisional"))

    high_first = frozenset({"rating", "conservative", "games", "last_played_at"})

    class Meta:
        attrs = {"class": "standings ratings"}
        order_by = ("rank",)
        template_name = SORTABLE
        row_attrs = {"class": lambda record: "provisional" if record.provisional else ""}
        empty_text = _("No rated games yet.")

    def render_player(self, record):
        # The player's page in this pool: percentile, peak, nights, chances.
        url = reverse("ratings:player", args=[record.view.pool.pk, record.player.pk])
        return format_html('<a href="{}"><bdi>{}</bdi></a>', url, record.player.display_name)

    def value_player(self, record):
        return record.player.display_name

    def render_rating(self, value):
        return f"{value:.1f}"

    def value_rating(self, value):
        return round(value, 3)

    def render_sigma(self, value):
        return f"± {value:.1f}"

    def value_sigma(self, value):
        return round(value, 3)

    def render_conservative(self, value):
        return f"{value:.1f}"

    def value_conservative(self, value):
        return round(value, 3)

    def render_provisional(self, value):
        if not value:
            return ""
        return format_html('<span class="badge provisional" title="{}">{}</span>',
                           _("Too few games, or uncertain after time away"),
                           _("provisional"))

    def value_provisional(self, value):
        return str(_("yes") if value else _("no"))

    def value_last_played_at(self, value):
        return timezone.localtime(value).date() if value else None


class FederationRatingsTable(RatingsTable):
    """A federation pool's leaderboard: names lead to the person's page in the federation."""

    class Meta(RatingsTable.Meta):
        pass

    def __init__(self, *args, federation, **kwargs):
        self.federation = federation
        super().__init__(*args, **kwargs)

    def render_player(self, record):
        url = reverse("federation-player",
                      args=[self.federation.slug, record.view.pool.pk, record.player.pk])
        return format_html('<a href="{}"><bdi>{}</bdi></a>', url, record.player.display_name)

