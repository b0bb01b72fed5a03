from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Player, Season


class StandingRow(models.Model):
    """One player's line in a season's stored standings.

    Rebuilt wholesale for the season after every result (see
    `rankings.services.standings.standings_recompute`), so rows are never edited.
    """

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standing_rows")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standing_rows")
    rank = models.PositiveIntegerField(help_text=_("1 is best; tied players share a rank."))
    qualified = models.BooleanField(
        default=True, help_text=_("False below the season's minimum attendance (listed after).")
    )
    points = models.FloatField(help_text=_("The ranking value under the season's scheme."))
    games = models.PositiveIntegerField(default=0)
    nights = models.PositiveIntegerField(default=0)
    counted_nights = models.PositiveIntegerField(
        default=0, help_text=_("Nights that count towards points (best N of M).")
    )
    total_score = models.FloatField(default=0)
    average_score = models.FloatField(default=0)
    average_points = models.FloatField(default=0)
    firsts = models.PositiveIntegerField(default=0)
    seconds = models.PositiveIntegerField(default=0)
    places = models.JSONField(default=dict, help_text=_("Count of games per finishing place."))
    tiebreak = models.CharField(
        max_length=40, blank=True, help_text=_("The tie-break that separated this player, if any.")
    )
    computed_at = models.DateTimeField()

    class Meta:
        db_table = "league_standingrow"  # the table from before the move to rankings
        ordering = ["season", "rank", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="standing_row_unique")
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.rank}. {self.player}"
