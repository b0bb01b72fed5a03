from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Club


class AuditEntry(models.Model):
    """Who changed what, when, from what to what, and why. Never edited or deleted.

    The trail outlives what it describes: deleting the club, the user, the token or the
    target leaves the entry, with their names as they were when it was written.
    """

    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="audit_entries")
    club_name = models.CharField(max_length=200, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    token = models.ForeignKey(
        "league.ApiToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(max_length=200, blank=True,
                                  help_text=_("The user, the API token or 'system', by name."))
    action = models.CharField(max_length=40)
    target_type = models.CharField(max_length=40)
    target_id = models.BigIntegerField()
    target_name = models.CharField(max_length=200, blank=True,
                                   help_text=_("What the target was called at the time."))
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["target_type", "target_id"])]

    def __str__(self) -> str:
        return f"{self.action} {self.target_type} #{self.target_id}"
