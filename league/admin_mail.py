"""The outboxes of mail and web push in the admin: what was queued, sent or given up
(superusers only).

Read-only: mail and push are queued by the services that send them, never by hand. The
body is not shown (a mail's holds reset and claim links; both are blanked once sent).
"""

from django.contrib import admin

from league.models import QueuedMail
from league.models.push import PushMessage


class _SuperusersReadOnly:
    """Seen by superusers alone, and changed by nobody."""

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(QueuedMail)
class QueuedMailAdmin(_SuperusersReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "kind", "to", "state", "attempts", "sent_at", "due_at")
    list_filter = ("state", "kind")
    search_fields = ("to",)
    date_hierarchy = "created_at"
    fields = ("kind", "to", "subject", "state", "attempts", "created_at", "due_at", "sent_at",
              "claimed_until", "last_error")
    readonly_fields = fields
    ordering = ("-created_at",)


@admin.register(PushMessage)
class PushMessageAdmin(_SuperusersReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "notice", "player", "club", "state", "attempts", "sent_at")
    list_filter = ("state", "notice")
    search_fields = ("player__display_name", "dedupe_key")
    date_hierarchy = "created_at"
    fields = ("dedupe_key", "player", "club", "subscription", "title", "url", "state",
              "attempts", "created_at", "due_at", "send_started_at", "sent_at",
              "claimed_until", "last_error")
    readonly_fields = fields
    ordering = ("-created_at",)
    list_select_related = ("player", "club")
