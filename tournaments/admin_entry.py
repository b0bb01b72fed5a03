"""Admin for table entry: results entered at the table (pending, disputed, decided) and the
seats' links.

Nothing is saved raw here. Approving a pending result or resolving a dispute goes through
`pending_decide`, revoking a link through `seat_link_revoke`, as from the night's page and
the API: the same checks, the same rows, the same audit entries. Organisers see their own
clubs' rows, site staff every club's.
"""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.admin import ReadOnlyScopedAdmin
from tournaments.models import PendingResult, SeatLink
from tournaments.services.results import ResultConflict, ResultRejected
from tournaments.services.seat_links import seat_link_revoke, short_code
from tournaments.services.table_entry import EntryConflict, EntryMissing, pending_decide

REFUSALS = (PermissionDenied, ResultRejected, ResultConflict, EntryConflict, EntryMissing)


def _why(refused: Exception) -> str:
    if isinstance(refused, ResultRejected):
        return "; ".join(error["message"] for error in refused.errors)
    return str(refused)


def _record_html(record) -> str:
    if record is None:
        return "–"
    return format_html("<pre>{}</pre>", json.dumps(record, indent=1)[:20000])


@admin.register(PendingResult)
class PendingResultAdmin(ReadOnlyScopedAdmin):
    """Results entered at the table, read-only: the actions decide through `pending_decide`,
    and each row links the page that shows the versions side by side."""

    list_display = ["table", "state", "submitted", "disputed", "decided", "game"]
    list_filter = ["state", "table__round__event__club"]
    search_fields = ["table__round__event__name", "record_hash"]
    date_hierarchy = "submitted_at"
    list_select_related = ["table__round__event", "game"]
    exclude = ["record", "disputed_record"]
    readonly_fields = ["compare_link", "table", "state", "submitted", "record_json",
                       "record_hash", "disputed", "dispute_reason", "disputed_record_json",
                       "decided", "decided_by", "game"]
    actions = ["approve_submitted", "resolve_with_disputed"]

    @admin.display(description=gettext_lazy("Submitted"))
    def submitted(self, pending):
        return _("seat %(seat)d, %(via)s, %(at)s") % {
            "seat": pending.submitted_seat + 1, "via": pending.get_submitted_via_display(),
            "at": pending.submitted_at.strftime("%Y-%m-%d %H:%M")}

    @admin.display(description=gettext_lazy("Disputed"))
    def disputed(self, pending):
        if pending.disputed_seat is None:
            return "–"
        return _("seat %(seat)d, %(via)s, %(at)s") % {
            "seat": pending.disputed_seat + 1, "via": pending.get_disputed_via_display(),
            "at": pending.disputed_at.strftime("%Y-%m-%d %H:%M")}

    @admin.display(description=gettext_lazy("Decided"))
    def decided(self, pending):
        if pending.decided_at is None:
            return "–"
        who = (_("seat %(seat)d") % {"seat": pending.decided_seat + 1}
               if pending.decided_seat is not None else str(pending.decided_by or ""))
        return _("%(who)s, %(via)s, %(at)s") % {
            "who": who, "via": pending.get_decided_via_display(),
            "at": pending.decided_at.strftime("%Y-%m-%d %H:%M")}

    @admin.display(description=gettext_lazy("Submitted record"))
    def record_json(self, pending):
        return _record_html(pending.record)

    @admin.display(description=gettext_lazy("Disputer's record"))
    def disputed_record_json(self, pending):
        return _record_html(pending.disputed_record)

    @admin.display(description=gettext_lazy("Versions"))
    def compare_link(self, pending):
        url = reverse("tournaments:table-entry-decide", args=[pending.table_id])
        return format_html('<a href="{}">{}</a>', url,
                           _("Compare the versions hand by hand and decide"))

    @admin.action(description=gettext_lazy("Approve the submitted version of the selected "
                                           "results"), permissions=["view"])
    def approve_submitted(self, request, queryset):
        self._decide(request, queryset, "submitted")

    @admin.action(description=gettext_lazy("Resolve the selected disputes with the "
                                           "disputer's version"), permissions=["view"])
    def resolve_with_disputed(self, request, queryset):
        self._decide(request, queryset, "disputed")

    def _decide(self, request, queryset, version: str) -> None:
        """Each table on its own (a refusal of one keeps the others' decisions)."""
        stored = 0
        for pending in queryset.select_related("table__round"):
            if not pending.is_open:
                continue
            try:
                pending_decide(table=pending.table, user=request.user, version=version,
                               reason=_("Decided in the admin."))
            except REFUSALS as refused:
                self.message_user(request, _("%(table)s: not stored: %(why)s") % {
                    "table": pending.table, "why": _why(refused)}, messages.ERROR)
            else:
                stored += 1
        if stored:
            self.message_user(request, ngettext(
                "%(count)d result stored; standings and ratings follow.",
                "%(count)d results stored; standings and ratings follow.",
                stored) % {"count": stored})


@admin.register(SeatLink)
class SeatLinkAdmin(ReadOnlyScopedAdmin):
    """The seats' links, read-only (the token is never shown here: print the night's links
    from its page); revoking makes a fresh link for the seat, as the night's page does."""

    list_display = ["seat", "printed_code", "created_at", "revoked_at"]
    list_filter = ["seat__table__round__event__club"]
    search_fields = ["seat__player__display_name", "seat__table__round__event__name"]
    list_select_related = ["seat__table__round__event", "seat__player"]
    fields = ["seat", "printed_code", "created_at", "revoked_at"]
    readonly_fields = fields
    actions = ["revoke_selected"]

    @admin.display(description=gettext_lazy("Short code"))
    def printed_code(self, link):
        return short_code(link)

    @admin.action(description=gettext_lazy("Revoke the selected links (a lost phone)"),
                  permissions=["view"])
    def revoke_selected(self, request, queryset):
        revoked = 0
        for link in queryset.filter(revoked_at__isnull=True):
            try:
                seat_link_revoke(link=link, user=request.user)
            except PermissionDenied as refused:
                self.message_user(request, _("%(seat)s: %(why)s") % {
                    "seat": link.seat, "why": refused}, messages.ERROR)
            else:
                revoked += 1
        if revoked:
            self.message_user(request, ngettext(
                "%(count)d link revoked; its seat has a fresh one.",
                "%(count)d links revoked; each seat has a fresh one.",
                revoked) % {"count": revoked})
