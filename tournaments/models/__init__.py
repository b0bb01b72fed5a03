"""Events and what happens at them: rounds, tables, seats, and each table's result."""

from tournaments.models.boards import Board
from tournaments.models.bot_play import BotPlay
from tournaments.models.brackets import Bracket, BracketEntrant, BracketFormat, BracketMatch
from tournaments.models.calendars import CalendarLink
from tournaments.models.events import Event, EventFormat, EventKind, EventStatus, Round
from tournaments.models.online import OnlineMatch, OnlineMove, OnlineSeat, OnlineStatus
from tournaments.models.results import Hand, ResultSource, ResultStatus, TableResult
from tournaments.models.table_entry import (
    ClubEntrySetting,
    EntryMode,
    PendingResult,
    PendingState,
    SeatLink,
    WayIn,
)
from tournaments.models.tables import Seat, Table

__all__ = [
    "Board",
    "BotPlay",
    "Bracket",
    "BracketEntrant",
    "BracketFormat",
    "BracketMatch",
    "CalendarLink",
    "ClubEntrySetting",
    "EntryMode",
    "PendingResult",
    "PendingState",
    "SeatLink",
    "WayIn",
    "Event",
    "EventFormat",
    "EventKind",
    "EventStatus",
    "TableResult",
    "ResultSource",
    "ResultStatus",
    "Hand",
    "OnlineMatch",
    "OnlineMove",
    "OnlineSeat",
    "OnlineStatus",
    "Round",
    "Seat",
    "Table",
]
