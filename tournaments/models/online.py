"""An online table's match: its state in PostgreSQL, never in one process's memory.

The state is replayable: the game, options, seed and first dealer, plus the engine's
action history (chance is the seeded deal, so no card is stored). `version` counts the
actions applied; a move is posted with the version it was made against, and one
`OnlineMove` row per version makes a move apply exactly once.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import BotStrength
from tournaments.models.results import TableResult
from tournaments.models.tables import Table


class OnlineStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting to start")
    PLAYING = "playing", _("Playing")
    PAUSED = "paused", _("Paused")
    FINISHED = "finished", _("Finished")


class OnlineMatch(models.Model):
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="online_match")
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    history = models.JSONField(default=list, blank=True,
                               help_text=_("The engine's actions so far, as numbers."))
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=OnlineStatus.choices,
                              default=OnlineStatus.WAITING)
    bot_strength = models.CharField(max_length=10, choices=BotStrength.choices,
                                    default=BotStrength.HEURISTIC)
    timeout_seconds = models.PositiveIntegerField(
        default=90, help_text=_("A player away this long at their turn is played by a bot."))
    turn_started = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(
        null=True, blank=True, db_index=True,
        help_text=_("When the player to act runs out of time (none while a bot acts)."))
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.OneToOneField(TableResult, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="online_match")

    def __str__(self) -> str:
        return f"online {self.table} v{self.version} {self.status}"


class OnlineSeat(models.Model):
    """When the player of a seat was last seen (any GET or POST of theirs)."""

    match = models.ForeignKey(OnlineMatch, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [models.UniqueConstraint(fields=["match", "seat"],
                                               name="online_seat_unique")]

    def __str__(self) -> str:
        return f"{self.match_id} seat {self.seat + 1} seen {self.last_seen}"


class OnlineMove(models.Model):
    match = models.ForeignKey(OnlineMatch, on_delete=models.CASCADE, related_name="moves")
    version = models.PositiveIntegerField(help_text=_("The match's version after this move."))
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=200)
    by_bot = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"],
                                               name="online_move_once")]

    def __str__(self) -> str:
        return f"{self.match_id} v{self.version} seat {self.seat + 1}: {self.action}"
