"""The attendance reminder: a mail to each member of a club N hours before a night starts
(the club's `reminder_hours`; empty: none), through the notice preferences and dedupe.

`reminders_queue` is the periodic job (beat every 5 minutes; `manage.py send_reminders`
without beat). It computes what is still to do, so running it twice, or again after a
worker was killed half-way, queues nothing twice: each mail's dedupe key
`night.reminder:night-<id>:player-<id>:email` is unique in the outbox. A night is due
from N hours before its start (`Event.start_time` in the club's time zone) until it
starts; a night without a start time, or closed, gets no reminder.
"""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.models import Player, PlayerNotice
from league.services.notices import notice_queue
from tournaments.models import Event, EventStatus
from tournaments.services.attendance import NOT_COMING
from tournaments.services.player_notices import _language, _night_url

MAX_HOURS = 168  # a week: the longest lead a club may choose


def event_starts_at(event: Event) -> datetime.datetime | None:
    """The night's start as an aware time, read in its club's zone; None without a time."""
    if event.start_time is None:
        return None
    naive = datetime.datetime.combine(event.date, event.start_time)
    return naive.replace(tzinfo=ZoneInfo(event.club.time_zone))


def reminders_due(now: datetime.datetime | None = None) -> list[Event]:
    """Nights whose reminder window is open now, soonest first."""
    now = now or timezone.now()
    # The zone may shift the date by a day either way; the exact test is below.
    candidates = (Event.objects.filter(
        club__reminder_hours__isnull=False, start_time__isnull=False,
        date__gte=now.date() - datetime.timedelta(days=1),
        date__lte=now.date() + datetime.timedelta(days=MAX_HOURS // 24 + 1))
        .exclude(status=EventStatus.CLOSED).select_related("club"))
    due = []
    for event in candidates:
        starts = event_starts_at(event)
        if starts - datetime.timedelta(hours=event.club.reminder_hours) <= now < starts:
            due.append((starts, event.pk, event))
    return [event for *_key, event in sorted(due, key=lambda item: item[:2])]


def _audience(event: Event) -> list[Player]:
    """The club's members with a login, but not those who said they are not coming."""
    answers = (event.seating or {}).get("answers") or {}
    players = (Player.objects.filter(memberships__club=event.club, user__isnull=False)
               .select_related("user").distinct().order_by("pk"))
    return [p for p in players if (answers.get(str(p.pk)) or {}).get("answer") != NOT_COMING]


def event_queue_reminders(event: Event) -> int:
    """Queue the night's reminders that are not queued yet; how many were new."""
    starts = timezone.localtime(event_starts_at(event), ZoneInfo(event.club.time_zone))
    coming = set((event.seating or {}).get("attendance") or [])
    began = timezone.now()
    queued = 0
    with transaction.atomic():  # one night at a time: a kill loses at most this night's
        for player in _audience(event):
            with translation.override(_language(player, event.club)):
                row = notice_queue(player=player, notice=PlayerNotice.NIGHT_REMINDER,
                                   about=f"night-{event.pk}", club=event.club,
                                   **_reminder_text(event, starts, player.pk in coming))
            queued += row is not None and row.created_at >= began
    return queued


def _reminder_text(event: Event, starts: datetime.datetime, coming: bool) -> dict:
    facts = {"night": event.name, "date": starts.date().isoformat(),
             "time": starts.strftime("%H:%M"), "zone": event.club.time_zone}
    answer = (_("You are on the attendance list.") if coming else
              _("Please tell the organisers whether you are coming."))
    return {"subject": _("Reminder: %(night)s at %(time)s") % facts,
            "body": _("%(night)s starts on %(date)s at %(time)s (%(zone)s).") % facts
            + " " + answer, "url": _night_url(event)}


def reminders_queue(now: datetime.datetime | None = None) -> int:
    """Queue every due reminder; returns how many mails were queued."""
    return sum(event_queue_reminders(event) for event in reminders_due(now))
