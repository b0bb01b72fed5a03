"""Blank paper scoresheets: what a table that scores by pen fills in, one sheet per table.

The sheet comes from the table's game as the rules core configures it: one row per deal of
the game's schedule (cards dealt, and who deals, counted from the table's first dealer),
and the columns that game's record holds. Every seat writes a bid and the tricks it took;
individual games score and total per seat, partnership games per side (the partners share
one score). Names are filled in from the seats; the rest is left for the pen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import rules
from tournaments.models import Table


@dataclass
class PaperRow:
    number: int
    cards: int
    dealer: str


@dataclass
class PaperSheet:
    table: Table
    title: str
    seats: list[str]
    units: list[str]  # who scores: the seats, or the sides of a partnership game
    per_seat: bool
    rows: list[PaperRow] = field(default_factory=list)

    @property
    def seat_columns(self) -> list[str]:
        return ["Bid", "Tricks", "Score", "Total"] if self.per_seat else ["Bid", "Tricks"]


def _seat_names(table: Table) -> list[str]:
    return [seat.player.display_name if seat.player else f"Seat {seat.position + 1}"
            for seat in table.seats.all()]


def paper_sheet(table: Table) -> PaperSheet:
    """The blank sheet of one seated table (seats prefetched with their players)."""
    seats = _seat_names(table)
    game = rules.load(table.game, players=len(seats), **(table.options or {}))
    units = ([" & ".join(seats[s] for s in team) for team in game.teams]
             if game.partnership else list(seats))
    sheet = PaperSheet(table=table, title=game.title or table.game, seats=seats, units=units,
                       per_seat=not game.partnership)
    for index, cards in enumerate(game.schedule):
        dealer = (table.first_dealer + index) % len(seats)
        sheet.rows.append(PaperRow(index + 1, cards, seats[dealer]))
    return sheet


def paper_sheets(rounds, *, round_number: int | None = None) -> list[PaperSheet]:
    """A sheet per seated table of the night (or of one round), in round and table order."""
    return [paper_sheet(table) for rnd in rounds
            if round_number is None or rnd.number == round_number
            for table in rnd.tables.all() if table.seats.all()]
