from django.db import models
from django.utils.translation import gettext_lazy as _


class RecomputeKind(models.TextChoices):
    STANDINGS = "standings", _("season standings")
    RATINGS = "ratings", _("ratings after a game")
    FEDERATION = "federation", _("a federation's pools")


class PendingRecompute(models.Model):
    """A recompute that is owed, written in the same transaction as the change that owes it.

    Writers only insert (no unique key, so concurrent results never wait on each other's
    row); the drain coalesces: it claims every due row of one (kind, target), runs the
    recompute once and deletes exactly the rows it claimed, so a request made while the
    recompute ran stays for the next pass. Ratings are kept by game id because a removed
    game's pools are found from its orphaned history and a corrected game's from its
    stale rows.
    """

    kind = models.CharField(max_length=16, choices=RecomputeKind.choices)
    target_id = models.BigIntegerField(
        help_text=_("Season id (standings), game id (ratings) or federation id."))
    requested_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text=_("Not drained before this (backoff after a failure)."))
    claimed_by = models.UUIDField(null=True, blank=True, help_text=_("The drain working on it."))
    claimed_until = models.DateTimeField(
        null=True, blank=True,
        help_text=_("The claim's end: a killed drain's rows are taken up again after it."))
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["due_at"], name="pending_recompute_due"),
            models.Index(fields=["kind", "target_id"], name="pending_recompute_target"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.target_id}"
