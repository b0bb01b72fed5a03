"""Each club plays only a few bot tables at once, whatever it queues.

Bot tables are long (a search-bot Ribs table takes minutes) and share the bot workers
with every club. A task takes one of its club's slots (`BotPlay` row) before it plays and
gives it back after; when the club's slots are all taken, the task waits and asks again,
so the other clubs' tables go first. The club's row lock makes the count and the insert
one step on PostgreSQL (SQLite runs one write transaction at a time anyway).
"""

from __future__ import annotations

import enum
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.models import Club
from tournaments.models import BotPlay, Table

# Longer than any bot table plays (search tables take up to about 4 minutes).
LEASE = timedelta(minutes=20)


class Slot(enum.Enum):
    TAKEN = "taken"  # play now
    CLUB_BUSY = "club-busy"  # the club plays its limit already: ask again later
    PLAYING = "playing"  # another task plays this table: nothing to do


def bot_slot_take(*, table: Table) -> Slot:
    """Take one of the table's club's bot slots for it, if one is free."""
    club_id = table.round.event.club_id
    now = timezone.now()
    try:
        with transaction.atomic():
            Club.objects.select_for_update().filter(pk=club_id).first()
            BotPlay.objects.filter(club_id=club_id, until__lt=now).delete()
            if BotPlay.objects.filter(table=table).exists():
                return Slot.PLAYING
            if BotPlay.objects.filter(club_id=club_id).count() >= settings.BOT_TABLES_PER_CLUB:
                return Slot.CLUB_BUSY
            BotPlay.objects.create(table=table, club_id=club_id, until=now + LEASE)
    except IntegrityError:  # the same table claimed at the same moment by another task
        return Slot.PLAYING
    return Slot.TAKEN


def bot_slot_release(*, table: Table) -> None:
    BotPlay.objects.filter(table=table).delete()
