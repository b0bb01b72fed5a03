from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Club


class ImportState(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


PENDING_STATES = (ImportState.QUEUED, ImportState.RUNNING)


class ClubImport(models.Model):
    """A club archive sent through the API, imported by a background task
    (`rankings.archive.jobs`). Its id is the task's id; its state is the source of truth
    for the task's status (Celery's result backend only a hint, as for seating plans).

    The archive is kept here, not in the task's message (it may be megabytes), and
    dropped once the import has finished: `digest` still recognises the same request sent
    again. While an import is pending it holds its club address (`slug`)."""

    id = models.UUIDField(primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="club_imports")
    state = models.CharField(max_length=10, choices=ImportState.choices,
                             default=ImportState.QUEUED)
    digest = models.CharField(max_length=64, help_text=_("SHA-256 of the archive, address "
                                                         "and name asked for."))
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120, blank=True)
    archive = models.JSONField(default=dict, blank=True)
    total = models.PositiveIntegerField(default=0, help_text=_("Results in the archive."))
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    report = models.JSONField(default=dict, blank=True)
    errors = models.JSONField(default=dict, blank=True,
                              help_text=_("Why it failed: field -> messages."))
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # Two imports may not race for one address: the second is refused at once.
            models.UniqueConstraint(fields=["slug"], condition=Q(state__in=PENDING_STATES),
                                    name="club_import_pending_slug"),
        ]
        indexes = [models.Index(fields=["user", "digest"], name="club_import_user_digest")]

    def __str__(self) -> str:
        return f"import {self.slug} ({self.state})"
