"""The outbox of mail in the admin: what was queued, sent or given up (superusers only).

Read-only: mail is queued by the services that send it, never by hand. The body is not
shown (it holds reset and claim links, and is blanked once the mail is sent).
"""

from django.contrib import admin

from league.models import QueuedMail


@admin.register(QueuedMail)
class QueuedMailAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "to", "state", "attempts", "sent_at", "due_at")
    list_filter = ("state", "kind")
    search_fields = ("to",)
    date_hierarchy = "created_at"
    fields = ("kind", "to", "subject", "state", "attempts", "created_at", "due_at", "sent_at",
              "claimed_until", "last_error")
    readonly_fields = fields
    ordering = ("-created_at",)

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

