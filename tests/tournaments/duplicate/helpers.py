"""A duplicate night of bots, built and played through the services."""

from datetime import date

from league.models import Membership, Player
from league.table_sizes import table_sizes_for
from tournaments.models import EventFormat, EventKind
from tournaments.services.events import event_create
from tournaments.services.seating import event_plan_seating


def bots(club, count: int, strength: str = "random") -> list[Player]:
    players = [Player.objects.create(display_name=f"Bot {club.slug} {i + 1}",
                                     bot_strength=strength) for i in range(count)]
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    return players


def duplicate_night(club, organiser, game: str = "bluke", *, tables: int = 3, rounds: int = 2,
                    boards: int | None = 2, options: dict | None = None, players=None,
                    seed: int = 1):
    """A planned duplicate night of `tables` tables (bots at every seat)."""
    event = event_create(club=club, name="Duplicate", date=date(2026, 11, 27), user=organiser,
                         game=game, options=options or {}, kind=EventKind.TOURNAMENT,
                         format=EventFormat.DUPLICATE, boards_per_round=boards)
    size = table_sizes_for(game).preferred
    players = players if players is not None else bots(club, tables * size)
    event_plan_seating(event=event, players=players, rounds=rounds, seed=seed,
                       user=organiser, time_budget=0.2)
    event.refresh_from_db()
    return event
