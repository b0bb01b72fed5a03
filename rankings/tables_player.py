"""Tables of a player's page, over stored statistics rows (see `rankings.selectors_player`)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from league.game_titles import game_title
from rankings.tables import NUM, SORTABLE


class PlayerResultsTable(tables.Table):
    """A player's results (rows are `PlayerGameStat` with the night's id and name)."""

    date = tables.DateTimeColumn(accessor="played_at", format="Y-m-d",
                                 verbose_name=_("Date"))
    event = tables.Column(accessor="event_name", orderable=False, verbose_name=_("Event"))
    game = tables.Column(accessor="game_name", orderable=False, verbose_name=_("Game"))
    table = tables.Column(accessor="table_label", orderable=False, verbose_name=_("Table"))
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    opponents = tables.Column(accessor="others", orderable=False, verbose_name=_("Opponents"))

    high_first = frozenset({"date", "score"})

    class Meta:
        attrs = {"class": "player-games"}
        template_name = SORTABLE
        empty_text = _("No games yet.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._names = None

    def render_event(self, record, value):
        url = reverse("tournaments:event-detail", args=[record.event_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_event(self, value):
        return value

    def render_game(self, value):
        return game_title(value)

    def render_table(self, record, value):
        """The table's score card: who sat where and every hand."""
        if record.table_id is None:
            return value
        url = reverse("tournaments:table-scoresheet", args=[record.table_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_score(self, value):
        return f"{value:g}"

    def render_place(self, value):
        return f"{value:g}"

    def render_opponents(self, value):
        if self._names is None:  # one lookup for the whole page, on its first row
            from rankings.selectors_player import opponent_names

            rows = self.page.object_list if hasattr(self, "page") else self.rows
            self._names = opponent_names([row.record for row in rows])
        return format_html_join(", ", "<bdi>{}</bdi>",
                                ((self._names[p],) for p in value if p in self._names))


class RivalsTable(tables.Table):
    """Head-to-head per opponent (rows are dicts from `selectors_player.player_rivals`)."""

    opponent = tables.Column(accessor="name", verbose_name=_("Opponent"), orderable=False)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM, orderable=False)
    ahead = tables.Column(verbose_name=_("Ahead"), attrs=NUM, orderable=False)
    behind = tables.Column(verbose_name=_("Behind"), attrs=NUM, orderable=False)
    level = tables.Column(verbose_name=_("Level"), attrs=NUM, orderable=False)

    class Meta:
        attrs = {"class": "head-to-head"}
        empty_text = _("No opponents yet.")

    def render_opponent(self, record):
        url = reverse("league:player-detail", args=[record["opponent_id"]])
        return format_html('<a href="{}"><bdi>{}</bdi></a>', url, record["name"])
