"""Events and what happens at them: rounds, tables, seats, and each table's result."""

from tournaments.models.bot_play import BotPlay
from tournaments.models.events import Event, EventKind, EventStatus, Round
from tournaments.models.results import Hand, ResultSource, ResultStatus, TableResult
from tournaments.models.tables import Seat, Table

__all__ = [
    "BotPlay",
    "Event",
    "EventKind",
    "EventStatus",
    "TableResult",
    "ResultSource",
    "ResultStatus",
    "Hand",
    "Round",
    "Seat",
    "Table",
]
