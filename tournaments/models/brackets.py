"""A knockout final: its bracket, seeded entrants and matches (the shape is in
`tournaments.brackets`; each match that is played is a table of the final's event)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Player, Season
from tournaments.models.events import Event
from tournaments.models.tables import Table


class BracketFormat(models.TextChoices):
    SINGLE = "single", _("Single elimination")
    DOUBLE = "double", _("Double elimination")
    GROUPS = "groups", _("Group knockout")


class Bracket(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="bracket")
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="brackets",
        help_text="The season whose standings seeded the entrants (empty: seeded by hand).")
    format = models.CharField(max_length=10, choices=BracketFormat.choices)
    consolation = models.BooleanField(
        default=False, help_text="Single elimination: the semi-final losers play for third.")
    table_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Group knockout: players per table, preferred.")
    drop = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Group knockout: players out at each table each round.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event} · {self.get_format_display()}"


class BracketEntrant(models.Model):
    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="entrants")
    seed = models.PositiveSmallIntegerField(help_text="1 is the top seed.")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    standing_rank = models.PositiveIntegerField(
        null=True, blank=True, help_text="The player's rank in the season's standings when "
                                         "the final was drawn.")

    class Meta:
        ordering = ["bracket", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "seed"], name="bracket_seed_unique"),
            models.UniqueConstraint(fields=["bracket", "player"], name="bracket_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} · seed {self.seed}: {self.player}"


class BracketMatch(models.Model):
    """A match of the shape (key W1-1, L2-1, GF, GF2, 3P; G2-1 for a group knockout's round 2,
    table 1); `table` once its players are known.

    `winner_seed` is derived from the table's result when it is stored (it is the only
    writer), and kept here so the bracket is drawn without reading every record."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="matches")
    key = models.CharField(max_length=8)
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="bracket_match")
    winner_seed = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["bracket", "id"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "key"], name="bracket_match_key_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} · {self.key}"
