"""Reads for events, rounds, tables, seats, games and hands, limited by the permission policy."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from league import permissions
from tournaments.models import Event, EventStatus, Hand, Round, Seat, Table, TableResult

# Ordered by position only: the default ordering climbs table -> round -> night (joins).
SEATS_IN_ORDER = Prefetch("seats", queryset=Seat.objects.select_related("player")
                          .order_by("position"))


def event_list(*, subject) -> QuerySet[Event]:
    return permissions.restrict(Event.objects.select_related("club", "season"), subject)


def _published_for(subject, round_path: str) -> Q:
    """Rounds the subject may see: published ones, every round of a closed night, and every
    round of the clubs where the subject keeps score or organises (or whose token it is).
    Until an organiser publishes a round its seating may still change, so the public does
    not see it, as on the night's page (selectors_night.public_rounds)."""
    insiders = permissions.clubs_for(subject, permissions.SCORE).values("pk")
    return (Q(**{f"{round_path}published": True})
            | Q(**{f"{round_path}event__status": EventStatus.CLOSED})
            | Q(**{f"{round_path}event__club__in": insiders}))


def round_list(*, subject) -> QuerySet[Round]:
    rounds = Round.objects.select_related("event").filter(_published_for(subject, ""))
    return permissions.restrict(rounds, subject)


def table_list(*, subject) -> QuerySet[Table]:
    tables = (Table.objects.select_related("round__event__club").prefetch_related(SEATS_IN_ORDER)
              .filter(_published_for(subject, "round__")))
    return permissions.restrict(tables, subject)


def seat_list(*, subject) -> QuerySet[Seat]:
    seats = (Seat.objects.select_related("player", "table")
             .filter(_published_for(subject, "table__round__")))
    return permissions.restrict(seats, subject)


def game_list(*, subject) -> QuerySet[TableResult]:
    games = TableResult.objects.select_related("table__round__event").prefetch_related(
        Prefetch("table__seats", queryset=Seat.objects.order_by("position")))
    return permissions.restrict(games, subject)


def game_detail_list(*, subject) -> QuerySet[TableResult]:
    return game_list(subject=subject).prefetch_related("hands")


def hand_list(*, subject) -> QuerySet[Hand]:
    return permissions.restrict(Hand.objects.all(), subject)
