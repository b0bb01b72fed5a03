"""A duplicate night's boards in the admin, read-only: they are dealt by the seating
service (`tournaments.services.duplicate`) and never edited by hand."""

from django.contrib import admin

from league.admin import ReadOnlyScopedAdmin
from tournaments.models import Board


@admin.register(Board)
class BoardAdmin(ReadOnlyScopedAdmin):
    list_display = ["__str__", "number", "checksum"]
    list_select_related = ["round__event"]
    search_fields = ["round__event__name", "checksum"]
