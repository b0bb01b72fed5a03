"""Admin for the computed rows (standings and ratings): shown, scoped to the organiser's
clubs like the league's admin, never added or edited by hand; a pool can be recomputed."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league import permissions
from league.admin import ReadOnlyScopedAdmin, manages_any
from league.services.audit import audit_record
from rankings.models import PlayerRating, RatingHistory, RatingPool, StandingRow
from rankings.services.ratings import ratings_update

# --- Computed rows: standings and ratings -----------------------------------------------------


class ComputedRowsAdmin(ReadOnlyScopedAdmin):
    """Rows the standings and ratings services rebuild: shown, never added, edited or deleted."""

    def has_delete_permission(self, request, obj=None):
        return False


def _pretty_json(value) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value or {}, indent=2, sort_keys=True))


@admin.register(StandingRow)
class StandingRowAdmin(ComputedRowsAdmin):
    list_display = ["season", "rank", "player", "points", "games", "nights", "qualified",
                    "tiebreak", "computed_at"]
    list_filter = [("season__club", admin.RelatedOnlyFieldListFilter),
                   ("season", admin.RelatedOnlyFieldListFilter), "qualified"]
    list_select_related = ["season__club", "player"]
    search_fields = ["player__display_name", "season__name", "season__club__name"]


@admin.register(RatingPool)
class RatingPoolAdmin(ComputedRowsAdmin):
    list_display = ["club", "game", "variant", "kind", "players", "fitted_at", "updated_at"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "game", "kind"]
    list_select_related = ["club"]
    search_fields = ["club__name", "game", "variant"]
    fields = ["club", "game", "variant", "kind", "params_display", "fitted_at",
              "fit_report_display", "updated_at"]
    readonly_fields = ["params_display", "fit_report_display"]
    actions = ["recompute"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("ratings"))

    @admin.display(description="Players", ordering="player_count")
    def players(self, obj):
        return obj.player_count

    @admin.display(description=gettext_lazy("Params"))
    def params_display(self, obj):
        return _pretty_json(obj.params)

    @admin.display(description=gettext_lazy("Fit report"))
    def fit_report_display(self, obj):
        return _pretty_json(obj.fit_report)

    def has_recompute_permission(self, request):
        return request.user.is_superuser or manages_any(request.user)

    @admin.action(description=gettext_lazy("Recompute ratings"), permissions=["recompute"])
    def recompute(self, request, queryset):
        pools = list(queryset.select_related("club"))
        # The changelist is already scoped; ask the policy again per pool all the same.
        if any(not permissions.can(request.user, permissions.MANAGE, p) for p in pools):
            raise PermissionDenied(_("Only the club's organisers may recompute its ratings."))
        for pool in pools:
            games = ratings_update(pool_id=pool.pk, full=True)
            audit_record(club=pool.club, target=pool, subject=request.user,
                         action="ratingpool.admin-recompute", after={"games": games})
            messages.success(request, ngettext("%(pool)s: %(n)d game rated.",
                                               "%(pool)s: %(n)d games rated.", games)
                             % {"pool": pool, "n": games})


@admin.register(PlayerRating)
class PlayerRatingAdmin(ComputedRowsAdmin):
    list_display = ["player", "pool", "mu", "sigma", "games", "provisional", "last_played_at"]
    list_filter = [("pool__club", admin.RelatedOnlyFieldListFilter),
                   ("pool", admin.RelatedOnlyFieldListFilter), "provisional"]
    list_select_related = ["pool__club", "player"]
    search_fields = ["player__display_name", "pool__game", "pool__club__name"]


@admin.register(RatingHistory)
class RatingHistoryAdmin(ComputedRowsAdmin):
    list_display = ["played_at", "player", "pool", "game", "mu_before", "mu_after",
                    "sigma_after", "games_after"]
    list_filter = [("pool__club", admin.RelatedOnlyFieldListFilter),
                   ("pool", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["pool__club", "player"]
    search_fields = ["player__display_name", "pool__game", "pool__club__name"]
    date_hierarchy = "played_at"
    raw_id_fields = ["game"]
