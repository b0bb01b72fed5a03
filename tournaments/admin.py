"""Admin for events, rounds, tables, seats and results.

Results are never saved raw here: the table's "Enter or correct result" page and the game's
"Correct" link post the record to `result_submit`, like every other front door. Deleting a
game (its delete page, or the "Remove selected results" action) asks for a reason and goes
through `result_remove`, so the season's standings and the ratings follow; deleting an
event, round or table recomputes them for the results it takes with it.
"""

from __future__ import annotations

import json
from functools import partial

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league import permissions
from league.admin import ClubScopedAdmin, ReadOnlyScopedAdmin, ScopedTabularInline
from league.services.audit import audit_record
from tournaments.admin_forms import EventAddForm, SeatForm, with_user
from tournaments.models import (
    Event,
    EventStatus,
    Hand,
    ResultSource,
    Round,
    Seat,
    Table,
    TableResult,
)
from tournaments.services import followups
from tournaments.services.events import event_create, event_update, round_create, seat_assign
from tournaments.services.results import (
    ResultConflict,
    ResultMissing,
    ResultRejected,
    result_remove,
    result_remove_check,
    result_submit,
)
from tournaments.services.seating import round_set_published

REMOVAL_REFUSALS = (ResultRejected, ResultMissing, PermissionDenied)


def _event_of(obj) -> Event | None:
    for step in ("table", "round", "event"):
        obj = getattr(obj, step, obj)
    return obj if isinstance(obj, Event) else None


class ServiceOwnedMixin:
    """What the services own is read-only here: a row's place (club, season, round, table,
    number), its game and options, and anything of a closed night. Each admin below saves
    the rest through a service (its `save_model`)."""

    owned_fields: tuple[str, ...] = ()

    def has_change_permission(self, request, obj=None):
        event = _event_of(obj) if obj is not None else None
        if event is not None and event.status == EventStatus.CLOSED:
            return False
        return super().has_change_permission(request, obj)

    def get_readonly_fields(self, request, obj=None):
        readonly = list(super().get_readonly_fields(request, obj))
        return readonly + [f for f in self.owned_fields if f not in readonly] if obj else readonly


def _as_saved(obj, saved) -> None:
    """Make the admin's unsaved `obj` stand for the row a service created."""
    obj.__dict__.update({k: v for k, v in saved.__dict__.items() if k != "_state"})
    obj._state.adding, obj._state.db = False, saved._state.db


class SeatsThroughServiceMixin:
    """Seat rows (inline or their own page) change only through `seat_assign`."""

    def save_seat(self, request, seat) -> None:
        seat_assign(seat=seat, player=seat.player, user=request.user)


# From TableResult to each model whose deletion takes results with it.
RESULTS_PATH = {Event: "table__round__event", Round: "table__round", Table: "table"}


class DeletesResultsMixin:
    """Deleting an event, round or table (on its delete page, in bulk, or as an inline row)
    takes its results with it: audit each removed result and recompute its season's
    standings and its rating pool after commit, as `result_remove` does for one result."""

    def _delete_with_results(self, request, model, objects, delete) -> None:
        games = TableResult.objects.filter(**{f"{RESULTS_PATH[model]}__in": [o.pk for o in objects]})
        with transaction.atomic():
            removed = list(games.select_related("table__round__event__club"))
            for game in removed:
                audit_record(club=game.table.round.event.club, action="result.remove",
                             target=game, subject=request.user,
                             reason=f"deleted with {game.table} in the admin",
                             before={"status": game.status, "record": game.record,
                                     "record_hash": game.record_hash, "totals": game.totals,
                                     "ranks": game.ranks})
            delete()
            for game in removed:
                transaction.on_commit(partial(
                    followups.after_result_removed, game_id=game.pk,
                    season_id=game.table.round.event.season_id))

    def delete_model(self, request, obj):
        self._delete_with_results(request, self.model, [obj], obj.delete)

    def delete_queryset(self, request, queryset):
        self._delete_with_results(request, self.model, list(queryset), queryset.delete)

    def save_formset(self, request, form, formset, change):
        doomed = [f.instance for f in formset.deleted_forms if f.instance.pk]
        if formset.model not in RESULTS_PATH or not doomed:
            return super().save_formset(request, form, formset, change)
        save = super().save_formset
        self._delete_with_results(request, formset.model, doomed,
                                  lambda: save(request, form, formset, change))
        return None


class OpenNightDeletesInline(ScopedTabularInline):
    """Rows deleted here take their results with them, which a closed night forbids
    (its results can only be corrected): no delete boxes once the night is closed."""

    def has_delete_permission(self, request, obj=None):
        event = obj if isinstance(obj, Event) else getattr(obj, "event", None)
        if event is not None and event.status == EventStatus.CLOSED:
            return False
        return super().has_delete_permission(request, obj)


class RoundInline(OpenNightDeletesInline):
    """Rounds are listed here; they are made by the seating plan (or the round's own add
    page) and published on their own page, both through the services."""

    model = Round
    fields = readonly_fields = ["number", "published"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


class TableInline(OpenNightDeletesInline):
    model = Table
    fields = readonly_fields = ["number", "game", "options", "first_dealer"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # tables come with their seats, from the plan or the API


@admin.display(description="seat", ordering="position")
def seat_number(seat: Seat) -> int | None:
    """Seats as people count them, from 1 (stored from 0, the engine's seat index)."""
    return None if seat.position is None else seat.position + 1


class SeatInline(ScopedTabularInline):
    model = Seat
    form = SeatForm
    fields = [seat_number, "player"]
    readonly_fields = [seat_number]
    autocomplete_fields = ["player"]

    def get_formset(self, request, obj=None, **kwargs):
        kwargs["form"] = with_user(SeatForm, request.user)
        return super().get_formset(request, obj, **kwargs)

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        event = _event_of(obj) if obj is not None else None
        if event is not None and event.status == EventStatus.CLOSED:
            return False
        return super().has_change_permission(request, obj)


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "dealer", "cards", "trump", "bids", "tricks", "scores", "summary",
              "has_plays"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        return True


@admin.register(Event)
class EventAdmin(ServiceOwnedMixin, DeletesResultsMixin, ClubScopedAdmin):
    """Created by `event_create` (a season's game and options), renamed and re-dated by
    `event_update`; its status and seating move only by seating and closing the night."""

    list_display = ["name", "club", "date", "kind", "format", "status", "game"]
    list_filter = ["status", "kind", "format", "game", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [RoundInline]
    fields = ["club", "season", "name", "kind", "date", "status", "game", "options", "format",
              "seating"]
    # the format changes on the night's edit page, which refuses it once a round is seated
    owned_fields = ("club", "season", "kind", "status", "game", "options", "format", "seating")

    def get_fields(self, request, obj=None):
        return EventAddForm.Meta.fields if obj is None else self.fields

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = EventAddForm
        return super().get_form(request, obj, **kwargs)

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if change:
            event_update(event=obj, user=request.user,
                         **{f: data[f] for f in form.changed_data if f in ("name", "date")})
            return
        _as_saved(obj, event_create(
            club=data["club"], season=data["season"], name=data["name"], date=data["date"],
            kind=data["kind"], game=data["game"], options=data["options"],
            format=data.get("format") or "rotation", user=request.user))


@admin.register(Round)
class RoundAdmin(ServiceOwnedMixin, DeletesResultsMixin, ClubScopedAdmin):
    """Added by `round_create`, published or taken back by `round_set_published`."""

    list_display = ["__str__", "event", "number", "published"]
    list_filter = ["published", "event__club"]
    search_fields = ["event__name"]
    inlines = [TableInline]
    owned_fields = ("event", "number")

    def save_model(self, request, obj, form, change):
        if change:
            round_set_published(rnd=obj, published=obj.published, user=request.user)
            return
        _as_saved(obj, round_create(event=obj.event, number=obj.number, user=request.user))


class ResultForm(forms.Form):
    record = forms.JSONField(
        help_text=gettext_lazy("The record as JSON (see /api/v1/rulesets/)."))
    correction_reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Needed to replace a stored result (organisers only)."))


@admin.register(Table)
class TableAdmin(ServiceOwnedMixin, SeatsThroughServiceMixin, DeletesResultsMixin,
                 ClubScopedAdmin):
    """Tables come with their seats from the plan or the API (`table_create`); here their
    game and shape are shown, and seats change through `seat_assign`."""

    list_display = ["__str__", "number", "game", "result_link"]
    list_filter = ["game", "round__event__club"]
    search_fields = ["round__event__name"]
    readonly_fields = ["result_link"]
    inlines = [SeatInline]
    owned_fields = ("round", "number", "game", "options", "first_dealer")

    def has_add_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        pass  # every field of the table itself is read-only here

    def save_formset(self, request, form, formset, change):
        if formset.model is not Seat:
            return super().save_formset(request, form, formset, change)
        changed = [f for f in formset.forms if f.has_changed()]
        for seat_form in changed:
            self.save_seat(request, seat_form.instance)
        # What formset.save() would have recorded, for the admin's history message.
        formset.new_objects, formset.deleted_objects = [], []
        formset.changed_objects = [(f.instance, f.changed_data) for f in changed]
        return None

    @admin.display(description=gettext_lazy("Result"))
    def result_link(self, table):
        if not table.pk:
            return "-"
        url = reverse("admin:tournaments_table_result", args=[table.pk])
        label = _("Correct result") if hasattr(table, "result") else _("Enter result")
        return format_html('<a href="{}">{}</a>', url, label)

    def get_urls(self):
        view = self.admin_site.admin_view(self.result_view)
        return [path("<int:pk>/result/", view, name="tournaments_table_result"),
                *super().get_urls()]

    def result_view(self, request, pk):
        """Enter (or, with a reason, correct) the table's result through result_submit."""
        table = get_object_or_404(self.get_queryset(request), pk=pk)
        if not permissions.can(request.user, permissions.SCORE, table):
            raise PermissionDenied
        stored = getattr(table, "result", None)
        form = ResultForm(request.POST or None, initial={
            "record": stored.record if stored else None})
        errors = []
        if request.method == "POST" and form.is_valid():
            try:
                outcome = result_submit(
                    table=table, record=form.cleaned_data["record"], source=ResultSource.ADMIN,
                    user=request.user, correction_reason=form.cleaned_data["correction_reason"])
            except ResultRejected as refused:
                errors = refused.errors
            except (ResultConflict, PermissionDenied) as refused:
                form.add_error("correction_reason", str(refused))
            else:
                messages.success(request, _("Result stored.") if outcome.created
                                 else _("Result kept."))
                return redirect("admin:tournaments_tableresult_change", outcome.game.pk)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "table": table,
                   "form": form, "record_errors": errors, "title": _("Result of %(table)s") % {"table": table}}
        return TemplateResponse(request, "admin/tournaments/table_result.html", context)


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyScopedAdmin):
    """Stored results, read-only: corrections go through the table's result page, removals
    (superusers, with a reason) through `result_remove`."""

    list_display = ["__str__", "status", "source", "totals", "played_at", "entered_by"]
    list_filter = ["status", "source", "table__round__event__club"]
    search_fields = ["table__round__event__name", "record_hash"]
    date_hierarchy = "played_at"
    readonly_fields = ["correct_link", "table", "status", "source", "totals", "ranks",
                       "record_json", "record_hash", "entered_by", "entered_with_token",
                       "played_at", "created_at", "updated_at"]
    exclude = ["record"]
    inlines = [HandInline]
    delete_confirmation_template = "admin/tournaments/game_delete_confirmation.html"
    actions = ["remove_selected_results"]

    @admin.display(description=gettext_lazy("Correction"))
    def correct_link(self, game):
        url = reverse("admin:tournaments_table_result", args=[game.table_id])
        return format_html('<a href="{}">{}</a>', url, _("Correct this result"))

    @admin.display(description=gettext_lazy("Record"))
    def record_json(self, game):
        return format_html("<pre>{}</pre>", json.dumps(game.record, indent=1)[:20000])

    # --- removal: never a raw delete ----------------------------------------------------

    def get_actions(self, request, action_location=admin.ActionLocation.CHANGE_LIST):
        actions = super().get_actions(request, action_location)
        actions.pop("delete_selected", None)  # it cannot ask for a reason
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        """Check the removal (reason, permission, open night) before Django's delete runs:
        a refusal inside it would surface as a server error."""
        if request.method == "POST" and request.POST.get("post"):
            game = self.get_object(request, unquote(object_id))
            if game is not None:
                try:
                    result_remove_check(actor=request.user, game=game,
                                        reason=request.POST.get("reason", ""))
                except REMOVAL_REFUSALS as refused:
                    self.message_user(request, _("Not removed: %(why)s") % {"why": refused},
                                      messages.ERROR)
                    return HttpResponseRedirect(request.path)
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request, obj):
        result_remove(actor=request.user, game=obj, reason=request.POST.get("reason", ""))

    def delete_queryset(self, request, queryset):
        """All or nothing: each game goes through result_remove with the form's reason."""
        reason = request.POST.get("reason", "")
        with transaction.atomic():
            for game in queryset.select_related("table"):
                result_remove(actor=request.user, game=game, reason=reason)

    @admin.action(description=gettext_lazy("Remove selected results (asks for a reason)"),
                  permissions=["delete"])
    def remove_selected_results(self, request, queryset):
        if request.POST.get("post"):
            try:
                for game in queryset:
                    result_remove_check(actor=request.user, game=game,
                                        reason=request.POST.get("reason", ""))
                count = queryset.count()
                self.delete_queryset(request, queryset)
            except REMOVAL_REFUSALS as refused:
                self.message_user(request, _("Nothing removed: %(why)s") % {"why": refused},
                                  messages.ERROR)
            else:
                self.message_user(request, ngettext(
                    "Removed %(count)d result; standings and ratings are being recomputed.",
                    "Removed %(count)d results; standings and ratings are being recomputed.",
                    count) % {"count": count})
            return None
        context = {**self.admin_site.each_context(request), "opts": self.opts,
                   "title": _("Remove results"), "games": queryset.select_related("table"),
                   "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME}
        return TemplateResponse(request, "admin/tournaments/game_remove_selected.html",
                                context)


@admin.register(Seat)
class SeatAdmin(ServiceOwnedMixin, SeatsThroughServiceMixin, ClubScopedAdmin):
    """One seat's player, through `seat_assign` (seats are made with their table)."""

    list_display = ["__str__", "table", seat_number, "player"]
    list_filter = [("table__round__event", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["table__round__event", "player"]
    search_fields = ["player__display_name", "table__round__event__name"]
    autocomplete_fields = ["player"]
    fields = ["table", seat_number, "player"]
    readonly_fields = [seat_number]
    owned_fields = ("table",)

    def get_form(self, request, obj=None, **kwargs):
        kwargs["form"] = with_user(SeatForm, request.user)
        return super().get_form(request, obj, **kwargs)

    def has_add_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        self.save_seat(request, obj)


@admin.register(Hand)
class HandAdmin(ReadOnlyScopedAdmin):
    list_display = ["__str__", "number", "cards", "trump", "has_plays"]
    list_filter = ["has_plays", "trump"]

    def has_module_permission(self, request):
        return False  # shown inside their game


from tournaments import admin_brackets  # noqa: E402,F401,I001  (registers the brackets' admin)
from tournaments import admin_entry  # noqa: E402,F401,I001  (registers table entry's admin)
from tournaments import admin_boards  # noqa: E402,F401,I001  (a duplicate night's boards)
