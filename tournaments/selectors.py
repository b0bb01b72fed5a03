"""Reads for events, rounds, tables, seats, games and hands, limited by the permission policy."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from league import permissions
from tournaments.models import Event, Hand, Round, Seat, Table, TableResult

# Ordered by position only: the default ordering climbs table -> round -> night (joins).
SEATS_IN_ORDER = Prefetch("seats", queryset=Seat.objects.select_related("player")
                          .order_by("position"))


def event_list(*, subject) -> QuerySet[Event]:
    return permissions.restrict(Event.objects.select_related("club", "season"), subject)


def round_list(*, subject) -> QuerySet[Round]:
    return permissions.restrict(Round.objects.select_related("event"), subject)


def table_list(*, subject) -> QuerySet[Table]:
    tables = Table.objects.select_related("round__event__club").prefetch_related(SEATS_IN_ORDER)
    return permissions.restrict(tables, subject)


def seat_list(*, subject) -> QuerySet[Seat]:
    return permissions.restrict(Seat.objects.select_related("player", "table"), subject)


def game_list(*, subject) -> QuerySet[TableResult]:
    games = TableResult.objects.select_related("table__round__event").prefetch_related(
        Prefetch("table__seats", queryset=Seat.objects.order_by("position")))
    return permissions.restrict(games, subject)


def game_detail_list(*, subject) -> QuerySet[TableResult]:
    return game_list(subject=subject).prefetch_related("hands")


def hand_list(*, subject) -> QuerySet[Hand]:
    return permissions.restrict(Hand.objects.all(), subject)
