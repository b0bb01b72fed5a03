"""What a rating pool's leaderboard page does wherever the pool belongs (a club or a
federation): 50 rows a page, sortable, a CSV/XLSX export that is safe to open, no
uncertainty columns for Elo, and a histogram of the ratings."""

from __future__ import annotations

from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import SingleTableView
from django_tables2.export import ExportMixin

from rankings.charts_ratings import rating_histogram
from rankings.exports import SafeTableExport
from rankings.ratings.provisional import MAX_SIGMA, MIN_GAMES
from rankings.selectors_leaderboard import pool_label
from rankings.selectors_ratings import Z


class PoolLeaderboardView(ExportMixin, SingleTableView):
    """A subclass sets `self.pool` in `get_queryset`, and says whose pool it is in the
    export's file name (`owner_slug`) and in the histogram's title (`histogram_title`)."""

    paginate_by = 50
    export_formats = ("csv", "xlsx")
    export_class = SafeTableExport

    def owner_slug(self) -> str:
        raise NotImplementedError

    def histogram_title(self, label: str) -> str:
        raise NotImplementedError

    def get_table_kwargs(self):
        if self.pool.kind == "elo":  # Elo has no uncertainty to show
            return {"exclude": ("sigma", "conservative")}
        return {}

    def get_export_filename(self, export_format):
        name = slugify(f"{self.owner_slug()} {pool_label(self.pool)} ratings")
        return f"{name}.{export_format}"

    def get_dataset_kwargs(self):
        return {"title": _("%(pool)s ratings") % {"pool": pool_label(self.pool)}}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows, label = self.object_list, pool_label(self.pool)
        context.update(
            pool=self.pool,
            label=label,
            export_formats=self.export_formats,
            is_elo=self.pool.kind == "elo",
            z=Z,
            min_games=MIN_GAMES,
            max_sigma=MAX_SIGMA,
            provisional_count=sum(1 for r in rows if r.provisional),
            histogram=rating_histogram(
                [r.rating for r in rows if not r.provisional],
                [r.rating for r in rows if r.provisional],
                title=self.histogram_title(label),
            ),
        )
        return context
