"""Blank paper scoresheets: what a table that scores by pen fills in, one sheet per table.

The sheet comes from the table's game as the rules core configures it: one row per hand
when the rules fix their number (a schedule, or a set number of hands), else a page of
rows; the cards dealt, and who deals as the game's rules say from the table's first
dealer (left blank to be written where that depends on the hand before, as in Mighty);
and the columns that game's record holds. Every seat writes a bid and the tricks it took;
individual games score and total per seat, partnership games per side (the partners share
one score). Names are filled in from the seats; the rest is left for the pen.

Engine games print the columns of their own scoresheet (`tournaments.sheet_fields`, from
the game's SUMMARY_SCHEMA). A game's note per seat (`seat_notes`: Calypso's trump suit per seat) is printed
on the sheet and on the table card.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games import rules
from tournaments.engine_sheet import seat_notes
from tournaments.models import Table
from tournaments.sheet_rows import PAPER_ROWS, fixed_hands
from tournaments.sheet_words import shown_fields


@dataclass
class PaperRow:
    number: int
    cards: int | str
    dealer: str  # empty: to be written at the table (it depends on the hand before)


@dataclass
class PaperSheet:
    table: Table
    title: str
    seats: list[str]
    units: list[str]  # who scores: the seats, or the sides of a partnership game
    per_seat: bool
    rows: list[PaperRow] = field(default_factory=list)
    engine: bool = False
    columns: list[tuple[str, str]] = field(default_factory=list)  # engine: (title, sub)
    notes: list[str] = field(default_factory=list)
    dealer_follows_play: bool = False

    @property
    def seat_notes(self) -> list[tuple[str, str]]:
        return [(name, note) for name, note in zip(self.seats, self.notes, strict=False)
                if note]

    @property
    def seat_columns(self) -> list[tuple[str, str]]:
        """(key, title) of each seat's columns: the key names the column's print width."""
        keys = ["bid", "tricks", "score", "total"] if self.per_seat else ["bid", "tricks"]
        titles = {"bid": _("Bid"), "tricks": _("Tricks"), "score": _("Score"),
                  "total": _("Total")}
        return [(key, titles[key]) for key in keys]


def _seat_names(table: Table) -> list[str]:
    return [seat.player.display_name if seat.player
            else _("Seat %(n)d") % {"n": seat.position + 1}
            for seat in table.seats.all()]


def paper_sheet(table: Table) -> PaperSheet:
    """The blank sheet of one seated table (seats prefetched with their players)."""
    seats = _seat_names(table)
    game = rules.load(table.game, players=len(seats), **(table.options or {}))
    units = ([" & ".join(seats[s] for s in team) for team in game.teams]
             if game.partnership else list(seats))
    sheet = PaperSheet(table=table, title=_(game.title) if game.title else table.game, seats=seats, units=units,
                       per_seat=not game.partnership, notes=seat_notes(game))
    engine = rules.writes_summaries(game)
    if engine:
        sheet.engine, sheet.units = True, (units if game.partnership else list(seats))
        sheet.columns = _engine_columns(game, seats)
    sheet.dealer_follows_play = game.dealer_follows_play
    schedule = game.schedule or [""] * (fixed_hands(game) or PAPER_ROWS)
    for index, cards in enumerate(schedule):
        dealer = game.sheet_dealer(table.first_dealer, index, None)
        sheet.rows.append(PaperRow(index + 1, cards, "" if dealer is None else seats[dealer]))
    return sheet


def _engine_columns(game, seats: list[str]) -> list[tuple[str, str]]:
    sides = [" & ".join(seats[s] for s in team) for team in game.teams]
    columns = []
    for sheet_field in shown_fields(type(game)):
        names = {"seat": seats, "side": sides}.get(sheet_field.per)
        if names:
            columns += [(sheet_field.title, name) for name in names]
        else:
            columns.append((sheet_field.title, sheet_field.hint))
    return columns


def table_notes(table: Table) -> list[str]:
    """The game's note per seat of a table (empty strings when it has none)."""
    players = len(table.seats.all())
    if not players:
        return []
    try:
        game = rules.load(table.game, players=players, **(table.options or {}))
    except rules.RulesError:
        return [""] * players
    return seat_notes(game)


def paper_sheets(rounds, *, round_number: int | None = None) -> list[PaperSheet]:
    """A sheet per seated table of the night (or of one round), in round and table order."""
    return [paper_sheet(table) for rnd in rounds
            if round_number is None or rnd.number == round_number
            for table in rnd.tables.all() if table.seats.all()]


def plan_time(event) -> datetime.datetime | None:
    """When tonight's seating was planned: printed on the table cards, so a card printed
    from an older plan can be told from a new one."""
    stamp = (event.seating or {}).get("planned_at")
    try:
        return datetime.datetime.fromisoformat(stamp) if stamp else None
    except (TypeError, ValueError):
        return None
