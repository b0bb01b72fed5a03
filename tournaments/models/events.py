from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Club, Season


class EventKind(models.TextChoices):
    LEAGUE_NIGHT = "league-night", _("League night")
    TOURNAMENT = "tournament", _("Tournament")


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SEATED = "seated", _("Seated")
    PLAYING = "playing", _("Playing")
    CLOSED = "closed", _("Closed")


class EventFormat(models.TextChoices):
    """How a night's rounds are formed (`tournaments.formats`)."""

    ROTATION = "rotation", _("Seat rotation")
    KINGS = "kings", _("King's table")
    SWISS = "swiss", _("Swiss")
    DUPLICATE = "duplicate", _("Duplicate")


class Event(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.PROTECT, related_name="events",
        help_text=_("Empty for a one-off tournament."),
    )
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=EventKind.choices, default=EventKind.LEAGUE_NIGHT)
    date = models.DateField()
    start_time = models.TimeField(
        null=True, blank=True,
        help_text=_("When the night starts, in the club's time zone (calendar feeds); empty: "
                  "the feeds show the whole day."))
    status = models.CharField(max_length=10, choices=EventStatus.choices, default=EventStatus.DRAFT)
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(
        max_length=10, choices=EventFormat.choices, default=EventFormat.ROTATION,
        help_text=_("Seat rotation plans every round at once; king's table and Swiss form "
                    "each round from the results of the round before."))
    boards_per_round = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text=_("Duplicate nights: boards dealt for each round; empty: the game's "
                    "natural match length."))
    seating = models.JSONField(
        null=True, blank=True,
        help_text=_("The stored seating plan: seed, algorithm version and fairness report."),
    )
    online = models.BooleanField(
        default=False,
        help_text=_("Played online: every round's tables, rounds formed later included, are "
                    "played card by card from the seats' pages."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        # a club's nights, newest first, a page at a time (the club page) without
        # sorting the club's whole history
        indexes = [models.Index(fields=["club", "-date", "-id"], name="event_club_recent")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    def get_absolute_url(self) -> str:  # the admin's "View on site" leads back here
        from django.urls import reverse

        return reverse("tournaments:event-detail", args=[self.pk])


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    published = models.BooleanField(
        default=False, help_text=_("Published rounds are kept when the seating is re-planned.")
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.event} · round {self.number}"
