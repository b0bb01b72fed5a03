from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Player
from tournaments.models.events import Round


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=40)
    options = models.JSONField(
        default=dict, blank=True, help_text=_("Rules options; the player count comes from the seats.")
    )
    first_dealer = models.PositiveSmallIntegerField(default=0, help_text=_("Seat that deals first."))
    online = models.BooleanField(
        default=False, help_text=_("Played online, card by card, from the seats' pages."))

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.round} · table {self.number}"


class Seat(models.Model):
    """A place at a table, clockwise from position 0 (who deals first by default)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats",
        help_text=_("Empty until someone (or a bot) sits here."),
    )

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(
                fields=["table", "player"], name="player_once_per_table",
                condition=models.Q(player__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · seat {self.position + 1}"  # people count seats from 1
