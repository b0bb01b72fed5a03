"""Knockout brackets in the admin, read-only: they are drawn on the season's page (or by
`bracket_create`) and move on with the results, never by hand here."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.admin import ReadOnlyScopedAdmin
from tournaments.models import Bracket, BracketEntrant, BracketMatch


class _ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class EntrantInline(_ReadOnlyInline):
    model = BracketEntrant
    fields = readonly_fields = ["seed", "player", "standing_rank"]


class MatchInline(_ReadOnlyInline):
    model = BracketMatch
    fields = readonly_fields = ["key", "table", "winner_seed"]


@admin.register(Bracket)
class BracketAdmin(ReadOnlyScopedAdmin):
    list_display = ["__str__", "format", "consolation", "season", "created_at"]
    list_filter = ["format", "event__club"]
    readonly_fields = ["page_link", "event", "season", "format", "consolation", "created_at"]
    inlines = [EntrantInline, MatchInline]

    @admin.display(description=_("bracket page"))
    def page_link(self, bracket: Bracket) -> str:
        url = reverse("tournaments:event-bracket", args=[bracket.event_id])
        return format_html('<a href="{}">{}</a>', url, url)

    def has_delete_permission(self, request, obj=None):
        return False  # its tables and results belong to the night
