"""The calendar feeds' reads: a player's nights with their published seats, a public
club's nights (`tournaments.calendar_feed` writes them as iCalendar)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Club, Player
from tournaments.calendar_feed import CalendarEntry
from tournaments.models import Event, Seat

PAST_DAYS = 180  # older nights drop out of the feeds


def club_zone(club: Club) -> str:
    """The club's IANA zone; the site's TIME_ZONE for a club without one."""
    return getattr(club, "time_zone", "") or settings.TIME_ZONE


def _since() -> dt.date:
    return timezone.localdate() - dt.timedelta(days=PAST_DAYS)


def player_entries(player: Player, *, host: str, base: str) -> list[CalendarEntry]:
    """The nights of the player's clubs, each with the player's seats in published rounds."""
    events = list(Event.objects.filter(club__memberships__player=player, date__gte=_since())
                  .select_related("club").distinct().order_by("date", "pk"))
    seats = _published_seats(player, events)
    return [_entry(event, host, base, "\n".join(seats.get(event.pk, []))) for event in events]


def club_entries(club: Club, *, host: str, base: str) -> list[CalendarEntry]:
    events = Event.objects.filter(club=club, date__gte=_since()).select_related("club") \
        .order_by("date", "pk")
    return [_entry(event, host, base, "") for event in events]


def _published_seats(player: Player, events: list[Event]) -> dict[int, list[str]]:
    rows = (Seat.objects.filter(player=player, table__round__event__in=events,
                                table__round__published=True)
            .select_related("table__round").order_by("table__round__number"))
    seats: dict[int, list[str]] = defaultdict(list)
    for seat in rows:
        table = seat.table
        seats[table.round.event_id].append(_(
            "Round %(round)s: table %(table)s, seat %(seat)s; seat %(dealer)s deals first.")
            % {"round": table.round.number, "table": table.number, "seat": seat.position + 1,
               "dealer": table.first_dealer + 1})
    return seats


def _entry(event: Event, host: str, base: str, description: str) -> CalendarEntry:
    return CalendarEntry(
        uid=f"night-{event.pk}@{host}", summary=f"{event.club.name}: {event.name}",
        description=description, date=event.date, start_time=event.start_time,
        zone=club_zone(event.club), url=base + event.get_absolute_url())
