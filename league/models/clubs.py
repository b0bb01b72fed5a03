import uuid
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


def server_time_zone() -> str:
    """A club's zone until its organisers choose one: the server's, as before clubs had one."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(
            _("%(zone)s is not a time zone: give an IANA name such as Asia/Seoul."),
            params={"zone": value}, code="time_zone")


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    is_public = models.BooleanField(
        default=True,
        help_text=_("Public clubs' standings, games and ratings are visible to anyone."))
    language = models.CharField(
        max_length=10, blank=True, choices=settings.LANGUAGES,
        help_text=_("The language of the club's pages for visitors who chose none, and of its "
                    "printed cards and sheets. Empty: each visitor's own."))
    time_zone = models.CharField(
        max_length=64, default=server_time_zone, validators=[validate_time_zone],
        help_text=_("The club's nights are shown in this zone (an IANA name, e.g. Europe/Paris)."))
    reminder_hours = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text=_("Remind the players this many hours before a night starts (1 to 168); "
                    "empty: no reminders. Set on the club's mail page."))
    correction_days = models.PositiveSmallIntegerField(
        default=7,
        help_text=_("A closed night counts in the club's federations this many days after it "
                    "closed, when corrections are unlikely (0 to 90)."))
    reviews_on = models.BooleanField(
        default=True,
        help_text=_("After a night closes, the bots review every decision of its card-by-card "
                    "hands (docs/duplicate.md, \"Hand review\")."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class BotStrength(models.TextChoices):
    RANDOM = "random", _("Random")
    HEURISTIC = "heuristic", _("Heuristic")
    SEARCH = "search", _("Search")


class Player(models.Model):
    """A person who plays (with or without a login yet), or a bot.

    A person can claim a login later (`user` set afterwards) and keeps all history.
    """

    display_name = models.CharField(max_length=80)
    # The id a club archive names the player by (rankings.archive): the same in every
    # export, and it says nothing about the person (unlike the name, it survives erasure).
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player",
    )
    bot_strength = models.CharField(
        max_length=20, choices=BotStrength.choices, blank=True,
        help_text=_("Set for bots only: which bot plays this seat."),
    )
    language = models.CharField(
        max_length=10, blank=True, choices=settings.LANGUAGES,
        help_text=_("The language this person reads the site in (the switcher sets it)."))
    federation_opt_in = models.BooleanField(
        default=False,
        help_text=_("The person agreed to appear on federation leaderboards (players of "
                    "public clubs appear without it)."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_strength)


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    ORGANISER = "organiser", _("Organiser")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")
    PLAYER = "player", _("Player")


MANAGING_ROLES = (Role.OWNER, Role.ORGANISER)
SCORING_ROLES = (Role.OWNER, Role.ORGANISER, Role.SCOREKEEPER)


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="one_membership_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.club} ({self.role})"
