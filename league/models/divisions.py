"""A season's divisions (A, B, ...): who plays in which, for standings per division and the
promotion and relegation between seasons."""

from django.db import models

from league.models.clubs import Player
from league.models.seasons import Season


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(max_length=60)
    level = models.PositiveSmallIntegerField(help_text="1 is the top division.")

    class Meta:
        ordering = ["season", "level"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level"], name="division_level_unique"),
            models.UniqueConstraint(fields=["season", "name"], name="division_name_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"


class DivisionPlace(models.Model):
    """A player's division in a season (one per season: `season` repeats the division's)."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="places")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["division", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"],
                                    name="one_division_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.division}: {self.player}"
