"""Reads for the people in the room: the rounds they may see, a player's seats and answers,
the big screen's current round and results."""

from __future__ import annotations

import datetime
import zoneinfo
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone

from league.models import Player
from tournaments.models import Event, EventStatus, ResultStatus, Seat, Table, TableResult


def public_rounds(event: Event, rounds) -> list:
    """The rounds the room may see: the published ones; every round once the night is closed
    (it was played). Until an organiser publishes a round its seating may still change, so
    only the organisers see it (`rounds` as `views.events.event_rounds` gives)."""
    if event.status == EventStatus.CLOSED:
        return list(rounds)
    return [rnd for rnd in rounds if rnd.published]


def _complete(table: Table) -> bool:
    try:
        return table.result.status == ResultStatus.COMPLETE
    except Table.result.RelatedObjectDoesNotExist:
        return False


def current_round(rounds):
    """The round being played: the first with a seated table still without a complete
    result; the last round once every table is complete (None without rounds)."""
    for rnd in rounds:
        if any(table.seats.all() and not _complete(table) for table in rnd.tables.all()):
            return rnd
    return rounds[-1] if rounds else None


@dataclass
class SeatLine:
    round: int
    table: int
    seat: int  # 1-based: what the table card and the scoresheet show
    published: bool
    others: list[str] = field(default_factory=list)
    total: float | None = None  # the table's result for this seat, once one is stored
    place: int | None = None
    complete: bool = False


def player_seats(rounds, player: Player) -> list[SeatLine]:
    """Where the player sits in each round (rounds as `views.events.event_rounds` gives)."""
    lines = []
    for rnd in rounds:
        for table in rnd.tables.all():
            seats = list(table.seats.all())
            mine = [s for s in seats if s.player_id == player.pk]
            if mine:
                others = [s.player.display_name for s in seats
                          if s.player is not None and s.player_id != player.pk]
                lines.append(SeatLine(rnd.number, table.number, mine[0].position + 1,
                                      rnd.published, others))
    return lines


def attendance_answers(event: Event) -> dict[int, str]:
    """Every player's last answer for the night ("coming" / "not coming"), by player id."""
    answers = (event.seating or {}).get("answers") or {}
    return {int(pk): entry["answer"] for pk, entry in answers.items()}


def answer_names(event: Event) -> dict[str, list[str]]:
    """Names of who said they are coming and who said not, for the organiser's panel."""
    answers = attendance_answers(event)
    names = dict(Player.objects.filter(pk__in=answers).values_list("pk", "display_name"))
    by_answer: dict[str, list[str]] = {"coming": [], "not_coming": []}
    for pk, answer in answers.items():
        if pk in names:
            by_answer["coming" if answer == "coming" else "not_coming"].append(names[pk])
    return {key: sorted(value) for key, value in by_answer.items()}


@dataclass
class PlayerNight:
    event: Event
    answer: str | None
    seats: list[SeatLine]
    tonight: bool


def club_today(club, now: datetime.datetime | None = None) -> datetime.date:
    """Today's date where the club plays (its time zone), whatever the server's zone."""
    return timezone.localdate(now or timezone.now(), zoneinfo.ZoneInfo(club.time_zone))


def player_upcoming_nights(player: Player, *, now: datetime.datetime | None = None,
                           limit: int = 4) -> list[PlayerNight]:
    """The player's clubs' nights from today on, today being each club's own (tonight's
    even once closed, for its results; later ones while open): their answer, and each seat
    with the opponents and the table's result so far."""
    now = now or timezone.now()
    # Every zone's today lies within a day of UTC's: fetch from the day before, then keep
    # each club's nights from its own today on.
    earliest = now.astimezone(datetime.UTC).date() - datetime.timedelta(days=1)
    candidates = (Event.objects.filter(club__memberships__player=player, date__gte=earliest)
                  .select_related("club", "season").order_by("date", "id"))
    events, today_of = [], {}
    for event in candidates:
        today = today_of.setdefault(event.club_id, club_today(event.club, now))
        if event.date == today or (event.date > today and event.status != EventStatus.CLOSED):
            events.append(event)
        if len(events) == limit:
            break
    seats = (Seat.objects.filter(player=player, table__round__event__in=events)
             .select_related("table__round", "table__result")
             .prefetch_related(Prefetch("table__seats",
                                        queryset=Seat.objects.select_related("player"))))
    by_event: dict[int, list[Seat]] = {}
    for seat in seats:
        by_event.setdefault(seat.table.round.event_id, []).append(seat)
    nights = []
    for event in events:
        mine = sorted(by_event.get(event.pk, []), key=lambda s: s.table.round.number)
        nights.append(PlayerNight(event, attendance_answers(event).get(player.pk),
                                  [_seat_line(seat) for seat in mine],
                                  event.date == today_of[event.club_id]))
    return nights


def _seat_line(seat: Seat) -> SeatLine:
    """One of the player's seats: who else sits there, and how the table stands."""
    table = seat.table
    line = SeatLine(table.round.number, table.number, seat.position + 1, table.round.published,
                    [s.player.display_name for s in table.seats.all()
                     if s.player is not None and s.pk != seat.pk])
    result = getattr(table, "result", None) if _has_stored(table) else None
    if result is not None and result.totals and result.ranks:
        line.total = result.totals[seat.position % len(result.totals)]
        line.place = result.ranks[seat.position % len(result.ranks)]
        line.complete = result.status == ResultStatus.COMPLETE
    return line


def _has_stored(table: Table) -> bool:
    try:
        return table.result is not None
    except Table.result.RelatedObjectDoesNotExist:
        return False


@dataclass
class ResultLine:
    round: int
    table: int
    status: str
    seats: list[tuple[str, int | None]]  # name and total, in seat order


def event_results(event: Event, *, limit: int = 8,
                  rounds: list[int] | None = None) -> list[ResultLine]:
    """Tonight's stored results, the most recently saved first (the big screen's ticker);
    only those of the round numbers `rounds` when given."""
    games = TableResult.objects.filter(table__round__event=event)
    if rounds is not None:
        games = games.filter(table__round__number__in=rounds)
    games = (games
             .select_related("table__round").defer("record")
             .prefetch_related(Prefetch("table__seats",
                                        queryset=Seat.objects.select_related("player")))
             .order_by("-updated_at", "-id")[:limit])
    lines = []
    for game in games:
        seats = list(game.table.seats.all())
        totals = game.totals or []
        lines.append(ResultLine(
            game.table.round.number, game.table.number,
            "complete" if game.status == ResultStatus.COMPLETE else "in progress",
            [(s.player.display_name if s.player else "—",
              totals[s.position % len(totals)] if totals else None) for s in seats],
        ))
    return lines


def table_count(event: Event) -> int:
    return Table.objects.filter(round__event=event).count()
