"""Table entry: the seated players enter their table's result, another side confirms it.

A table has at most one `PendingResult`. It holds the submitted record (and, after a
dispute, the disputer's version) until it is confirmed by a seat, approved or resolved by
an organiser; only then does a `TableResult` exist, stored by `result_submit` like any other.
A `SeatLink` lets the player of one seat in (page or API) without an account.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Club
from tournaments.models.results import TableResult
from tournaments.models.tables import Seat, Table


class EntryMode(models.TextChoices):
    CONFIRM = "confirm", _("A player of another side confirms")
    AT_ONCE = "at-once", _("A seat's submission counts at once")
    APPROVE = "approve", _("An organiser approves")


class ClubEntrySetting(models.Model):
    """How a club's tables enter results; a club without a row confirms (the default)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="entry_setting")
    mode = models.CharField(max_length=10, choices=EntryMode.choices, default=EntryMode.CONFIRM)

    def __str__(self) -> str:
        return f"{self.club}: {self.mode}"


class PendingState(models.TextChoices):
    PENDING = "pending", _("Awaiting confirmation")
    DISPUTED = "disputed", _("Disputed")
    CONFIRMED = "confirmed", _("Confirmed")
    APPROVED = "approved", _("Approved")


class WayIn(models.TextChoices):
    SEAT_LINK = "seat-link", _("Seat link")
    LOGIN = "login", _("Logged in")
    API = "api", _("API, seat token")
    ORGANISER = "organiser", _("Organiser")


class PendingResult(models.Model):
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="pending_result")
    state = models.CharField(max_length=10, choices=PendingState.choices,
                             default=PendingState.PENDING)
    record = models.JSONField(help_text=_("The submitted record."))
    record_hash = models.CharField(max_length=64)
    submitted_seat = models.PositiveSmallIntegerField(help_text=_("Seat position (from 0)."))
    submitted_via = models.CharField(max_length=10, choices=WayIn.choices)
    submitted_at = models.DateTimeField()
    disputed_record = models.JSONField(null=True, blank=True,
                                       help_text=_("The disputer's version, when they gave one."))
    disputed_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    disputed_via = models.CharField(max_length=10, choices=WayIn.choices, blank=True)
    disputed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True)
    decided_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The seat that confirmed (empty when an organiser did)."))
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    decided_via = models.CharField(max_length=10, choices=WayIn.choices, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey(TableResult, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+", help_text=_("The stored result, once decided."))

    class Meta:
        ordering = ["table"]

    def __str__(self) -> str:
        return f"{self.table}: {self.state}"

    @property
    def is_open(self) -> bool:
        return self.state in (PendingState.PENDING, PendingState.DISPUTED)


class SeatLink(models.Model):
    """One seat's way in for the night; a revoked link is kept (the audit names it)."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="links")
    code = models.CharField(max_length=16, unique=True, help_text=_("The short code, secret."))
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seat", "-created_at"]
        constraints = [models.UniqueConstraint(
            fields=["seat"], condition=models.Q(revoked_at__isnull=True),
            name="one_live_link_per_seat")]

    def __str__(self) -> str:
        return f"link of {self.seat}"

    @property
    def idempotency_owner(self) -> str:
        return f"seat-link:{self.pk}"
