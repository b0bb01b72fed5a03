"""Admin for league data. Non-superusers (organiser staff) see and edit only their clubs.

`ClubScopedAdmin` is the base every club-owned model's admin uses (tournaments' too): it
asks the one permission policy (`league.permissions`) for querysets, object permissions and
foreign-key choices, and writes an audit entry for each save.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import get_fields_from_path
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import rules
from league import permissions
from league.admin_forms import (
    MembershipForm,
    MembershipFormSet,
    MembershipInlineForm,
    with_user,
)
from league.erasure import erase_player
from league.models import (
    ApiToken,
    AuditEntry,
    Club,
    IdempotencyRecord,
    Membership,
    Player,
    Role,
    Season,
)
from league.services.audit import audit_record
from league.services.clubs import (
    membership_add,
    membership_check_change,
    membership_remove,
    membership_set_role,
)
from league.services.newcomers import clean_name, member_named, newcomer_add
from league.services.seasons import EDITABLE as SEASON_EDITABLE
from league.services.seasons import (
    season_check_game,
    season_create,
    season_update,
    standings_config_validate,
)
from league.services.tokens import token_create, token_revoke
from league.standings_config import StandingsConfigError


def manages_any(user) -> bool:
    return user.is_active and user.is_staff and (
        user.is_superuser or permissions.manageable_clubs(user).exists())


def _is_relation(model, path: str) -> bool:
    return bool(get_fields_from_path(model, path)[-1].is_relation)


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
            return manages_any(request.user)
        return request.user.is_staff and permissions.can(request.user, permissions.MANAGE, obj)

    def has_module_permission(self, request):
        return manages_any(request.user)

    def get_list_filter(self, request):
        # A plain related-field filter offers every row of the related table (every club's
        # name, whoever owns it); an organiser is offered only what their own rows point at.
        # A private club's id in the query string then finds nothing, as a missing id does.
        filters = super().get_list_filter(request)
        if request.user.is_superuser:
            return filters
        return [(item, admin.RelatedOnlyFieldListFilter)
                if isinstance(item, str) and _is_relation(self.model, item) else item
                for item in filters]

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
    """A club's members; saved by `ClubAdmin.save_formset` through the membership service."""

    model = Membership
    form = MembershipInlineForm
    formset = MembershipFormSet
    fields = ["player", "role"]
    autocomplete_fields = ["player"]

    def get_formset(self, request, obj=None, **kwargs):
        kwargs["form"] = with_user(MembershipInlineForm, request.user)
        return super().get_formset(request, obj, **kwargs)


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    list_display = ["name", "slug", "is_public", "created_at"]
    list_filter = ["is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]
    # Each set on the organisers' own page, through its audited service: the mail page
    # (club_set_reminder_hours), the federations page (correction window) and the
    # reviews page (club_set_reviews).
    readonly_fields = ["reminder_hours", "correction_days", "reviews_on"]

    def has_add_permission(self, request, obj=None):
        # New clubs come from club_create (the creator becomes owner), or from a superuser.
        return request.user.is_superuser

    def save_formset(self, request, form, formset, change):
        if formset.model is not Membership:
            return super().save_formset(request, form, formset, change)
        club, user = form.instance, request.user
        changed = [f for f in formset.forms if f.has_changed() and f not in formset.deleted_forms]
        # Promotions first and removals last, so the club has an owner at every step.
        changed.sort(key=lambda f: f.cleaned_data["role"] != Role.OWNER)
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for member_form in changed:
            if member_form.instance.pk is None:
                formset.new_objects.append(membership_add(
                    club=club, player=member_form.cleaned_data["player"],
                    role=member_form.cleaned_data["role"], user=user))
            else:
                formset.changed_objects.append((membership_set_role(
                    membership=member_form.instance, role=member_form.cleaned_data["role"],
                    user=user), member_form.changed_data))
        for member_form in formset.deleted_forms:
            if member_form.instance.pk:
                membership_remove(membership=member_form.instance, user=user)
                formset.deleted_objects.append(member_form.instance)
        return None


class NewcomerAdminForm(forms.ModelForm):
    """An organiser's new player joins one of their clubs at once (`newcomer_add`):
    a player of no club would be invisible to them after saving."""

    club = forms.ModelChoiceField(queryset=Club.objects.none())
    user = None  # set per request by PlayerAdmin.get_form

    class Meta:
        model = Player
        fields = ["display_name", "club"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = permissions.manageable_clubs(self.user)

    def clean(self):
        data = super().clean()
        if data.get("club") and data.get("display_name"):
            try:
                name = clean_name(data["display_name"])
                if member_named(data["club"], name) is not None:
                    self.add_error("display_name", f"{name!r} is already a member of "
                                                   f"{data['club']}.")
            except ValidationError as refused:
                self.add_error("display_name", refused.messages)
        return data


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Organisers see the players of every club they may see (to add them to theirs), but
    the login behind a player only for the players of clubs they manage."""

    list_display = ["display_name", "user", "bot_strength", "created_at"]
    list_filter = ["bot_strength"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]
    actions = ["erase_selected"]

    def has_erase_permission(self, request) -> bool:
        return request.user.is_superuser  # erasing is the site's, not a club's, decision

    @admin.action(description=_("Erase personal data of selected players (keeps results)"),
                  permissions=["erase"])
    def erase_selected(self, request, queryset):
        if request.POST.get("post"):
            try:
                with transaction.atomic():  # all or nothing, like a removal
                    erased = [erase_player(player=player, user=request.user,
                                           reason=request.POST.get("reason", ""))
                              for player in queryset]
            except (PermissionDenied, ValidationError) as refused:
                self.message_user(request, _("Nothing erased: %(why)s") % {
                    "why": " ".join(getattr(refused, "messages", [str(refused)]))},
                    messages.ERROR)
            else:
                self.message_user(request, ngettext(
                    "Erased %(count)d player; their results stay under a neutral name.",
                    "Erased %(count)d players; their results stay under a neutral name.",
                    len(erased)) % {"count": len(erased)})
            return None
        context = {**self.admin_site.each_context(request), "opts": self.opts,
                   "title": _("Erase personal data"), "players": queryset,
                   "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME}
        return TemplateResponse(request, "admin/league/player_erase_selected.html", context)

    def get_list_display(self, request):
        if request.user.is_superuser:
            return self.list_display
        return ["display_name", "login", "bot_strength", "created_at"]

    @admin.display(description=_("login"))
    def login(self, player):
        return player.user.get_username() if player.user and player.in_managed_club else "–"

    def get_search_results(self, request, queryset, search_term):
        if request.user.is_superuser:
            return super().get_search_results(request, queryset, search_term)
        terms = search_term.split()
        named = queryset
        for term in terms:
            named = named.filter(display_name__icontains=term)
        managed = queryset.filter(in_managed_club=True)
        for term in terms:
            managed = managed.filter(user__username__icontains=term)
        return (named | managed).distinct(), True

    def get_readonly_fields(self, request, obj=None):
        return () if request.user.is_superuser or obj is None else ("login",)

    def get_form(self, request, obj=None, **kwargs):
        if obj is None and not request.user.is_superuser:
            kwargs["form"] = type("NewcomerForm", (NewcomerAdminForm,), {"user": request.user})
            kwargs["fields"] = ["display_name", "club"]
        return super().get_form(request, obj, **kwargs)

    def get_fields(self, request, obj=None):
        if request.user.is_superuser:
            return super().get_fields(request, obj)
        return ["display_name", "club"] if obj is None else ["display_name", "login",
                                                              "bot_strength"]

    def save_model(self, request, obj, form, change):
        if change or request.user.is_superuser:
            return super().save_model(request, obj, form, change)
        membership = newcomer_add(club=form.cleaned_data["club"], user=request.user,
                                  name=form.cleaned_data["display_name"])
        obj.pk, obj.display_name = membership.player.pk, membership.player.display_name
        obj._state.adding = False
        return None

    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("user")
        if request.user.is_superuser:
            return queryset
        managed = Membership.objects.filter(
            player=OuterRef("pk"), club__in=permissions.manageable_clubs(request.user))
        return queryset.filter(
            pk__in=permissions.visible_players(request.user).values("pk")).annotate(
            in_managed_club=Exists(managed))

    def has_module_permission(self, request):
        return manages_any(request.user)

    def has_view_permission(self, request, obj=None):
        return manages_any(request.user)

    def has_add_permission(self, request):
        return manages_any(request.user)

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser or (obj is None and manages_any(request.user))


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin):
    """Members are added, given roles and removed through the membership service, whose
    guards the form runs first (owners alone give or take owner and organiser; a club keeps
    an owner); each change is audited with the old and the new role."""

    form = MembershipForm
    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["player__display_name", "club__name"]
    autocomplete_fields = ["player"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = with_user(MembershipForm, request.user)
        return super().get_form(request, obj, change=change, **kwargs)

    def save_model(self, request, obj, form, change):
        if change:
            membership_set_role(membership=obj, role=form.cleaned_data["role"],
                                user=request.user)
            return
        saved = membership_add(club=obj.club, player=obj.player, role=obj.role,
                               user=request.user)
        obj.pk, obj.joined_at = saved.pk, saved.joined_at
        obj._state.adding = False

    def has_delete_permission(self, request, obj=None):
        if obj is None:
            return self._allowed(request)
        try:
            membership_check_change(user=request.user, club=obj.club, old=obj.role, new=None,
                                    membership=obj)
        except (PermissionDenied, ValidationError):
            return False
        return True

    def delete_model(self, request, obj):
        membership_remove(membership=obj, user=request.user)

    def delete_queryset(self, request, queryset):
        for membership in queryset.select_related("club", "player"):
            try:
                membership_remove(membership=membership, user=request.user)
            except (PermissionDenied, ValidationError) as refused:
                messages.error(request, f"{membership}: {' '.join(_messages_of(refused))}")


def _messages_of(refused: Exception) -> list[str]:
    return refused.messages if isinstance(refused, ValidationError) else [str(refused)]


def _game_choices():
    return [(game["name"], game["title"]) for game in rules.games()]


class SeasonAdminForm(forms.ModelForm):
    """Checked as `season_create`/`season_update` check (game, options at every seated
    table size, standings rules), so their save cannot refuse afterwards."""

    game = forms.ChoiceField(choices=_game_choices)

    class Meta:
        model = Season
        fields = ["club", "name", "game", "options", "starts_on", "ends_on", "standings_config"]

    def clean_standings_config(self):
        try:
            return standings_config_validate(data=self.cleaned_data.get("standings_config"))
        except StandingsConfigError as exc:
            raise forms.ValidationError(str(exc), code="invalid") from exc

    def clean(self):
        data = super().clean()
        if "game" in self.fields and not self.has_error("game") and not self.has_error(
                "options"):
            try:
                season_check_game(game=data.get("game"), options=data.get("options") or {})
            except ValidationError as refused:
                for field, messages_ in refused.message_dict.items():
                    self.add_error(field, messages_)
        ends_on, starts_on = data.get("ends_on"), data.get("starts_on")
        if ends_on and starts_on and ends_on < starts_on:
            self.add_error("ends_on", "A season cannot end before it starts.")
        return data


@admin.register(Season)
class SeasonAdmin(ClubScopedAdmin):
    """Saved through `season_create` / `season_update`; the game and options are fixed
    (read-only) once the season has a night, the club always."""

    form = SeasonAdminForm
    list_display = ["name", "club", "game", "starts_on", "ends_on"]
    list_filter = ["game", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "starts_on"

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return ["club", "game", "options"] if obj.events.exists() else ["club"]

    def save_model(self, request, obj, form, change):
        values = {f: form.cleaned_data[f] for f in form.changed_data if f in SEASON_EDITABLE}
        if change:
            # season_update rebuilds the standings after commit when their rules change.
            season_update(season=obj, user=request.user, **values)
            return
        season = season_create(club=obj.club, user=request.user, name=obj.name, game=obj.game,
                               options=obj.options, starts_on=obj.starts_on,
                               ends_on=obj.ends_on, standings_config=obj.standings_config)
        obj.pk, obj.created_at = season.pk, season.created_at
        obj._state.adding = False


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
        messages.warning(request, _("The key of “%(name)s” (shown only now): %(key)s")
                         % {"name": obj.name, "key": new.key})

    @admin.action(description=_("Revoke selected tokens"))
    def revoke(self, request, queryset):
        for token in queryset:
            token_revoke(token=token, user=request.user)
        count = queryset.count()
        messages.success(request, ngettext("Revoked %(n)d token.", "Revoked %(n)d tokens.",
                                           count) % {"n": count})


class ReadOnlyScopedAdmin(ClubScopedAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyScopedAdmin):
    """The trail is read-only for everyone, superusers included: no delete, no bulk delete."""

    list_display = ["created_at", "club_name", "action", "target_type", "target_id",
                    "target_name", "actor_name"]
    list_filter = ["action", "target_type", "club"]
    search_fields = ["action", "reason", "actor_name", "target_name"]
    date_hierarchy = "created_at"

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ["owner", "key", "in_flight", "response_status", "created_at"]
    list_filter = ["in_flight"]
    search_fields = ["owner", "key"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


# noqa: E402, F401 below: imported to register the federations' and the mail outbox's admin
from league import admin_federations, admin_mail  # noqa: E402, F401
