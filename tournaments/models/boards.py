from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Round


class Board(models.Model):
    """One written deal of a duplicate night: every table of its round plays it.

    `deal` is what `games.rules.deal_boards` returns for one board (the dealer, the hand's
    size where the game has a schedule, and the record's `deal` form); `checksum` is a
    short digest of it printed on the deal slip, so a table can tell it made up the right
    pack (`tournaments.services.duplicate.board_checksum`).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(help_text=_("1-based; hand i of each table's "
                                                          "match is dealt from board i."))
    deal = models.JSONField(help_text=_("The written deal, as the rules core dealt it."))
    checksum = models.CharField(max_length=8, help_text=_("A short digest of the deal."))

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="board_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · board {self.number}"
