from django.db import models

from league.models import Club
from tournaments.models.tables import Table


class BotPlay(models.Model):
    """A bot table a worker is playing now: each club plays only a few at once
    (BOT_TABLES_PER_CLUB), so one club's bot tables leave the pool to the others."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="bot_play")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    # A worker killed mid-play never deletes its row: the slot comes back at this time.
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"bots playing {self.table} until {self.until:%H:%M}"
