"""A final night of California Jack (two players) and results that pick the winner."""

from __future__ import annotations

from tests.factories import EventFactory, MembershipFactory, PlayerFactory, played_record
from tournaments.models import Table
from tournaments.services.results import result_submit

GAME = "california-jack"


def entrants(club, count: int) -> list:
    players = [PlayerFactory(display_name=f"Seed {n}") for n in range(1, count + 1)]
    for player in players:
        MembershipFactory(club=club, player=player)
    return players


def final_night(club, **fields):
    return EventFactory(club=club, game=GAME, options={}, kind="tournament", **fields)


def record_won_by(table: Table, winner_seat: int, *, seed_from: int = 1) -> dict:
    """A legal played record of `table` in which the player at `winner_seat` comes first."""
    names = [seat.player.display_name for seat in table.seats.order_by("position")]
    for seed in range(seed_from, seed_from + 200):
        record = played_record(GAME, 2, seed=seed, seats=names)
        if record["places"][winner_seat] == 1 and record["places"].count(1) == 1:
            return record
    raise AssertionError("no record found")  # pragma: no cover


def win(table: Table, player, *, user, seed_from: int = 1):
    seat = table.seats.get(player=player).position
    return result_submit(table=table, record=record_won_by(table, seat, seed_from=seed_from),
                         source="form", user=user)
