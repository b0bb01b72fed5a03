"""iCalendar (RFC 5545) text for the calendar feeds: one VEVENT per night.

A night with a start time starts at that time in its club's zone, written in UTC (a `Z`
time needs no VTIMEZONE block, and every calendar converts it to the reader's zone); a
night without one is an all-day entry on its date. Lines end in CRLF and are folded at 75
octets, never inside a UTF-8 character; TEXT values are escaped (§3.3.11).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

PRODID = "-//bluke-league//calendar feeds//EN"


@dataclass(frozen=True)
class CalendarEntry:
    uid: str
    summary: str
    description: str
    date: dt.date
    start_time: dt.time | None
    zone: str  # IANA name of the club's zone
    url: str = ""


def calendar_text(*, name: str, zone: str, entries: list[CalendarEntry],
                  now: dt.datetime) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH", f"X-WR-CALNAME:{_text(name)}", f"X-WR-TIMEZONE:{zone}"]
    stamp = _utc(now)
    for entry in entries:
        lines += _event(entry, stamp)
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)


def _event(entry: CalendarEntry, stamp: str) -> list[str]:
    lines = ["BEGIN:VEVENT", f"UID:{entry.uid}", f"DTSTAMP:{stamp}"]
    if entry.start_time is None:
        following = entry.date + dt.timedelta(days=1)
        lines += [f"DTSTART;VALUE=DATE:{entry.date:%Y%m%d}",
                  f"DTEND;VALUE=DATE:{following:%Y%m%d}"]
    else:
        start = dt.datetime.combine(entry.date, entry.start_time, tzinfo=ZoneInfo(entry.zone))
        lines.append(f"DTSTART:{_utc(start)}")
    lines.append(f"SUMMARY:{_text(entry.summary)}")
    if entry.description:
        lines.append(f"DESCRIPTION:{_text(entry.description)}")
    if entry.url:
        lines.append(f"URL:{entry.url}")
    lines.append("END:VEVENT")
    return lines


def _utc(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")


def _text(value: str) -> str:
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))


def _fold(line: str) -> str:
    """Split after at most 75 octets; each continuation starts with a space (§3.1)."""
    parts, current, size = [], "", 0
    for char in line:
        width = len(char.encode())
        if size + width > 75:
            parts.append(current)
            current, size = " ", 1
        current += char
        size += width
    parts.append(current)
    return "\r\n".join(parts)
