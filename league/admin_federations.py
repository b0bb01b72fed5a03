"""Federations in the admin: the site's superusers create them and name their staff.

Clubs' memberships are read-only here: a club joins and leaves from its organisers' page,
and the federation's staff accept requests on theirs (the services check and audit). A
person's links are read-only: only the person makes or undoes one.
"""

from django.contrib import admin

from league.models import Federation, FederationClub, PlayerLink


class _SuperusersOnly:
    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser


class FederationClubInline(admin.TabularInline):
    model = FederationClub
    fields = ("club", "game", "state", "requested_at", "joined_at", "left_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Federation)
class FederationAdmin(_SuperusersOnly, admin.ModelAdmin):
    list_display = ("name", "slug", "site_wide", "created_at")
    prepopulated_fields = {"slug": ("name",)}
    fields = ("name", "slug", "site_wide", "description", "staff")
    filter_horizontal = ("staff",)
    inlines = [FederationClubInline]

    def has_add_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser


@admin.register(PlayerLink)
class PlayerLinkAdmin(_SuperusersOnly, admin.ModelAdmin):
    list_display = ("player", "person", "created_at")
    fields = ("player", "person", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # only the person links, through their claim link

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
