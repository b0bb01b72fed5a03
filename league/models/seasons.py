from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Club


class Season(models.Model):
    """A club's series of league nights for one game (and its options from the rules core)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40, help_text=_("Rules-core game name, e.g. bluke."))
    options = models.JSONField(
        default=dict, blank=True,
        help_text=_("Rules options except the player count, e.g. {\"variant\": \"new-jersey\"}."),
    )
    table_size = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text=_("Preferred players per table, for games that allow a range (Ribs: 4 to "
                  "10); empty means the game's own choice."))
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    standings_config = models.JSONField(
        default=dict, blank=True, help_text=_("Standings rules; empty means the game's default.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club")
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"

    def get_absolute_url(self) -> str:  # the admin's "View on site" leads back here
        from django.urls import reverse

        return reverse("league:season-detail", args=[self.pk])
