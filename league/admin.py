"""Admin for league data. Non-superusers (organiser staff) see and edit only their clubs.

`ClubScopedAdmin` is the base every club-owned model's admin uses (tournaments' too): it
asks the one permission policy (`league.permissions`) for querysets, object permissions and
foreign-key choices, and writes an audit entry for each save.
"""

from __future__ import annotations

from django.contrib import admin, messages

from league import permissions
from league.models import ApiToken, AuditEntry, Club, IdempotencyRecord, Membership, Player, Season
from league.services.audit import audit_record
from league.services.tokens import token_create, token_revoke


def _manages_any(user) -> bool:
    return user.is_active and user.is_staff and (
        user.is_superuser or permissions.manageable_clubs(user).exists())


class ScopedPermissionsMixin:
    """Object permissions from the policy: organisers manage their own clubs' rows."""

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return permissions.restrict(queryset, request.user, permissions.MANAGE)

    def _allowed(self, request, obj=None) -> bool:
        if request.user.is_superuser:
            return True
        if obj is None:
            return _manages_any(request.user)
        return request.user.is_staff and permissions.can(request.user, permissions.MANAGE, obj)

    def has_module_permission(self, request):
        return _manages_any(request.user)

    def has_view_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_add_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        model = db_field.related_model
        if not request.user.is_superuser:
            if model is Club:
                kwargs["queryset"] = permissions.manageable_clubs(request.user)
            elif model is Player:
                kwargs["queryset"] = permissions.visible_players(request.user)
            elif model._meta.label_lower in permissions.CLUB_PATHS:
                kwargs["queryset"] = permissions.restrict(
                    model.objects.all(), request.user, permissions.MANAGE)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ClubScopedAdmin(ScopedPermissionsMixin, admin.ModelAdmin):
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        label = obj._meta.model_name
        audit_record(club=permissions.club_of(obj), target=obj, subject=request.user,
                     action=f"{label}.admin-{'change' if change else 'add'}",
                     after={"changed": list(form.changed_data)})


class ScopedTabularInline(ScopedPermissionsMixin, admin.TabularInline):
    extra = 0

    def has_delete_permission(self, request, obj=None):
        return self._allowed(request, obj)


class MembershipInline(ScopedTabularInline):
    model = Membership
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    list_display = ["name", "slug", "is_public", "created_at"]
    list_filter = ["is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def has_add_permission(self, request, obj=None):
        # New clubs come from club_create (the creator becomes owner), or from a superuser.
        return request.user.is_superuser


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "bot_strength", "created_at"]
    list_filter = ["bot_strength"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(pk__in=permissions.visible_players(request.user).values("pk"))

    def has_module_permission(self, request):
        return _manages_any(request.user)

    def has_view_permission(self, request, obj=None):
        return _manages_any(request.user)

    def has_add_permission(self, request):
        return _manages_any(request.user)

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser or (obj is None and _manages_any(request.user))


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin):
    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["player__display_name", "club__name"]
    autocomplete_fields = ["player"]


@admin.register(Season)
class SeasonAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "game", "starts_on", "ends_on"]
    list_filter = ["game", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "starts_on"


@admin.register(ApiToken)
class ApiTokenAdmin(ClubScopedAdmin):
    """Tokens are created by `token_create` (the key is shown once) and revoked, not deleted."""

    list_display = ["name", "club", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["club", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name", "prefix", "club__name"]
    actions = ["revoke"]

    def get_fields(self, request, obj=None):
        return ["club", "name"] if obj is None else [
            "club", "name", "prefix", "created_by", "created_at", "last_used_at", "revoked_at"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.get_fields(request, obj)

    def save_model(self, request, obj, form, change):
        if change:
            return
        new = token_create(club=obj.club, name=obj.name, user=request.user)
        obj.pk, obj.key_hash, obj.prefix = new.token.pk, new.token.key_hash, new.token.prefix
        obj._state.adding = False
        messages.warning(request, f"The key of “{obj.name}” (shown only now): {new.key}")

    @admin.action(description="Revoke selected tokens")
    def revoke(self, request, queryset):
        for token in queryset:
            token_revoke(token=token, user=request.user)
        messages.success(request, f"Revoked {queryset.count()} token(s).")


class ReadOnlyScopedAdmin(ClubScopedAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyScopedAdmin):
    list_display = ["created_at", "club", "action", "target_type", "target_id", "actor", "token"]
    list_filter = ["action", "target_type", "club"]
    search_fields = ["action", "reason", "actor__username"]
    date_hierarchy = "created_at"


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ["owner", "key", "in_flight", "response_status", "created_at"]
    list_filter = ["in_flight"]
    search_fields = ["owner", "key"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
