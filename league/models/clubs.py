from django.conf import settings
from django.db import models


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    is_public = models.BooleanField(
        default=True, help_text="Public clubs' standings, games and ratings are visible to anyone."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class BotStrength(models.TextChoices):
    RANDOM = "random", "Random"
    HEURISTIC = "heuristic", "Heuristic"
    SEARCH = "search", "Search"


class Player(models.Model):
    """A person who plays (with or without a login yet), or a bot.

    A person can claim a login later (`user` set afterwards) and keeps all history.
    """

    display_name = models.CharField(max_length=80)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player",
    )
    bot_strength = models.CharField(
        max_length=20, choices=BotStrength.choices, blank=True,
        help_text="Set for bots only: which bot plays this seat.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_strength)


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    ORGANISER = "organiser", "Organiser"
    SCOREKEEPER = "scorekeeper", "Scorekeeper"
    PLAYER = "player", "Player"


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
