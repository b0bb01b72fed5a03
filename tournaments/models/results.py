from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tables import Table


class ResultStatus(models.TextChoices):
    IN_PROGRESS = "in-progress", _("In progress")
    COMPLETE = "complete", _("Complete")


class ResultSource(models.TextChoices):
    FORM = "form", _("Entry form")
    API = "api", _("API")
    BOT = "bot", _("Bot play")
    IMPORT = "import", _("Import")
    ADMIN = "admin", _("Admin")
    TABLE = "table", _("Table entry")
    ONLINE = "online", _("Online table")


class TableResult(models.Model):
    """One table's match: the record as submitted plus the checker's verdict.

    Every stored record has passed `games.rules.check_record`.
    """

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    status = models.CharField(max_length=12, choices=ResultStatus.choices)
    source = models.CharField(max_length=10, choices=ResultSource.choices)
    record = models.JSONField(help_text=_("The full record, as submitted."))
    record_hash = models.CharField(max_length=64, help_text=_("Hash of the canonical record JSON."))
    totals = models.JSONField(help_text=_("Final (or running) totals per seat, or per team."))
    ranks = models.JSONField(help_text=_("Finishing place per seat, 1 is best, ties share a place."))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_with_token = models.ForeignKey(
        "league.ApiToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    played_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["played_at", "id"]
        indexes = [models.Index(fields=["played_at", "id"])]

    def __str__(self) -> str:
        return f"Game at {self.table}"


class Trump(models.TextChoices):
    SPADES = "S", _("♠ spades")
    HEARTS = "H", _("♥ hearts")
    DIAMONDS = "D", _("♦ diamonds")
    CLUBS = "C", _("♣ clubs")
    NO_TRUMP = "NT", _("no trump")
    UNKNOWN = "", _("not recorded")


class Hand(models.Model):
    """One deal of a game, unpacked from the record so statistics can be queried."""

    game = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(help_text=_("1-based, in play order."))
    dealer = models.PositiveSmallIntegerField()
    cards = models.PositiveSmallIntegerField(help_text=_("Cards dealt to each player."))
    trump = models.CharField(
        max_length=2, blank=True, choices=Trump.choices,
        help_text=_("S, H, D, C, NT (no trump) or empty (not recorded); records' other spellings "
                  "are stored in this form (tournaments.services.hands)."))
    bids = models.JSONField(help_text=_("Per seat: a number or a named bid such as 'pass' "
                                      "(empty when the game has no bids)."))
    tricks = models.JSONField(help_text=_("Tricks won per seat (derived from the plays when the "
                                        "record leaves them out); per team only when a Back "
                                        "Alley scoresheet wrote team tricks."))
    scores = models.JSONField(help_text=_("Points per seat (per team in partnership games)."))
    summary = models.JSONField(
        default=dict, blank=True,
        help_text=_("Engine games: the hand's scoresheet line as the game's SUMMARY_SCHEMA "
                  "describes it (empty for the Bluke family, whose columns are above)."))
    has_plays = models.BooleanField(default=False, help_text=_("Recorded card by card."))

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique"),
            # SQLite ignores max_length: only the stored forms may enter, on every database.
            models.CheckConstraint(condition=models.Q(trump__in=Trump.values),
                                   name="hand_trump_stored_form"),
        ]

    def __str__(self) -> str:
        return f"{self.game} · hand {self.number}"
