"""The scoresheet of an engine game, generated from its SUMMARY_SCHEMA.

One row per hand; each row has the inputs the game's sheet describes
(`tournaments.sheet_fields`): per seat, per side or once per hand, and list cells.
Like the Bluke-family `Scoresheet` it turns the leading run of finished rows into a
record (each hand written as its `summary`), and puts the checker's errors back on the
row and the cell (hand, seat, field) they are about.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.card_words import choice_label
from tournaments.sheet_base import SheetResults, missing_message, order_message
from tournaments.sheet_fields import (
    SheetField,
    choices,
    list_text,
    parse_list,
    parse_value,
)
from tournaments.sheet_rows import fixed_hands
from tournaments.sheet_words import shown_fields

SPARE_ROWS = 6  # blank rows after the written ones when the number of hands is not fixed
MIN_ROWS = 10


class Cell:
    """One input: its form name, typed text, and whether the checker flagged it."""

    def __init__(self, row, sheet_field: SheetField, index: int | None, label: str):
        self.row = row
        self.field = sheet_field
        self.index = index
        self.label = label
        suffix = "" if index is None else f"-{index}"
        self.name = f"f-{row.number}-{sheet_field.name}{suffix}"
        self.flag_id = f"flag-{row.number}-{sheet_field.name}{suffix}"
        self.text = ""

    @property
    def bad(self) -> bool:
        return self.row.bad(self.field.name, self.index)

    @property
    def aria_label(self) -> str:
        """What a screen reader says for the input: the hand, the column and whose it is."""
        label = _("hand %(number)s %(title)s") % {"number": self.row.number,
                                                   "title": self.field.title}
        return label if self.index is None else f"{label} {self.label}"

    @property
    def options(self) -> list[tuple[str, str]]:
        return self.row.sheet.seat_options(self.field)

    @property
    def checked(self) -> bool:
        return self.text.lower() in ("1", "true", "on", "yes")

    @property
    def needed(self) -> bool:
        """Must be typed for the row to count as finished."""
        return self.field.kind not in ("boolean", "list") and not self.field.nullable

    def value(self):
        if self.field.kind == "list":
            return parse_list(self.text, self.field, self.row.sheet.names)
        if self.field.kind == "boolean":
            return self.checked
        return parse_value(self.text, self.field.kind, self.field.nullable)


class EngineRow:
    def __init__(self, sheet, number: int, cards):
        self.sheet = sheet
        self.number = number
        self.cards = cards
        self.dealer: int | None = None  # None: it depends on a hand not finished yet
        self.errors: list[str] = []
        self.bad_cells: set[tuple[str, int | None]] = set()
        self.scores: list | None = None
        self.running: list | None = None
        self.pending = False
        self.groups = []  # (field, [cells]) in column order
        for sheet_field in sheet.fields:
            labels = sheet.labels_for(sheet_field)
            cells = [Cell(self, sheet_field, None if sheet_field.per in ("hand", "list")
                          else index, label) for index, label in labels]
            self.groups.append((sheet_field, cells))

    @property
    def cells(self) -> list[Cell]:
        return [cell for _, cells in self.groups for cell in cells]

    @property
    def dealer_name(self) -> str:
        return "" if self.dealer is None else self.sheet.seat_names[self.dealer]

    @property
    def blank(self) -> bool:
        return not any(cell.text.strip() for cell in self.cells
                       if cell.field.kind != "boolean") and not any(
            cell.checked for cell in self.cells if cell.field.kind == "boolean")

    @property
    def filled(self) -> bool:
        return not self.blank and all(cell.text.strip() for cell in self.cells if cell.needed)

    def bad(self, name: str, index) -> bool:
        return (name, index) in self.bad_cells or (name, None) in self.bad_cells

    def unit_values(self):
        for unit in range(len(self.sheet.units)):
            yield (unit, self.scores[unit] if self.scores else "",
                   self.running[unit] if self.running else "")

    def summary(self) -> dict:
        out = {}
        for sheet_field, cells in self.groups:
            if sheet_field.per in ("seat", "side"):
                out[sheet_field.name] = [cell.value() for cell in cells]
            else:
                out[sheet_field.name] = cells[0].value()
        return out

    def to_hand(self) -> dict:
        return {"summary": self.summary()}


class EngineSheet(SheetResults):
    """The scoresheet form of an engine game (see the module docstring)."""

    engine = True

    def __init__(self, *, table, seat_names: list[str], game, data=None, record=None,
                 complete: bool = False):
        self.table = table
        self.seat_names = seat_names
        self.game = game
        self.players = len(seat_names)
        self.units = ([" & ".join(seat_names[s] for s in team) for team in game.teams]
                      if game.partnership else list(seat_names))
        self.sides = [" & ".join(seat_names[s] for s in team) for team in game.teams]
        self.names = {"seat": seat_names, "side": self.sides}  # whom seat and side fields name
        self.fields = shown_fields(type(game))  # titles in the reader's language
        self.notes = seat_notes(game)
        self.errors: list[str] = []
        self.totals: list | None = None
        stored = list((record or {}).get("hands") or [])
        self.rows = [EngineRow(self, i + 1, self._cards(i))
                     for i in range(self._row_count(len(stored), data, complete))]
        if data is not None:
            self._read(data)
        elif record:
            self._load(stored)
        self._deal()

    # --- layout ---------------------------------------------------------------
    def _row_count(self, stored: int, data, complete: bool) -> int:
        """The game's number of hands when its rules fix it; else the hands written and
        spare rows for the next ones, none once the stored result is complete."""
        fixed = fixed_hands(self.game)
        if fixed:
            return fixed
        typed = 0
        if data is not None:
            numbers = [int(key.split("-")[1]) for key in data
                       if key.startswith("f-") and key.split("-")[1].isdigit()]
            typed = max(numbers, default=0)
        if complete:
            return max(stored, typed)
        return max(MIN_ROWS, stored + SPARE_ROWS, typed)

    def _cards(self, index: int):
        schedule = self.game.schedule
        if schedule:
            return schedule[index] if index < len(schedule) else ""
        cards = getattr(self.game.ending, "cards", None)
        return cards if isinstance(cards, int) else ""

    def _deal(self) -> None:
        """Each row's dealer, as the game's rules say; where it depends on the hand
        before (Mighty), it is known once that hand's row is finished."""
        before = None
        for index, row in enumerate(self.rows):
            row.dealer = self.game.sheet_dealer(self.table.first_dealer, index, before)
            before = row.summary() if row.filled else None

    def labels_for(self, sheet_field: SheetField) -> list[tuple[int, str]]:
        if sheet_field.per == "seat":
            return list(enumerate(self.seat_names))
        if sheet_field.per == "side":
            return list(enumerate(self.sides))
        return [(0, sheet_field.title)]

    @property
    def fixed_hands(self) -> bool:
        """Whether the rules fix the number of hands (the sheet has exactly that many rows)."""
        return fixed_hands(self.game) is not None

    @property
    def dealer_follows_play(self) -> bool:
        return self.game.dealer_follows_play

    @property
    def shows_cards(self) -> bool:
        return any(row.cards != "" for row in self.rows[:1])

    @property
    def lead_columns(self) -> int:
        cells = len(self.rows[0].cells) if self.rows else 0
        return 2 + (1 if self.shows_cards else 0) + cells

    @property
    def has_notes(self) -> bool:
        return any(self.notes)

    @property
    def named_notes(self) -> list[tuple[str, str]]:
        return list(zip(self.seat_names, self.notes, strict=False))

    @property
    def has_lists(self) -> bool:
        return any(f.kind == "list" for f in self.fields)

    @property
    def head(self) -> list[tuple[SheetField, list[str]]]:
        """Column groups for the table head: a field and its sub-column labels."""
        return [(f, [label for _, label in self.labels_for(f)]) for f in self.fields]

    def seat_options(self, sheet_field: SheetField) -> list[tuple[str, str]]:
        """Choices of a select: enum values, or the seats (sides) by their players' names."""
        options = choices(sheet_field, self.names)
        if sheet_field.kind in ("seat", "side"):
            return options
        return [(value, choice_label(label)) for value, label in options]

    # --- from the form or a record to cells -------------------------------------
    def _read(self, data) -> None:
        for row in self.rows:
            for cell in row.cells:
                cell.text = (data.get(cell.name) or "").strip()

    def _load(self, hands: list) -> None:
        for row, hand in zip(self.rows, hands, strict=False):
            summary = hand.get("summary") if isinstance(hand, dict) else None
            if not isinstance(summary, dict):
                continue
            for sheet_field, cells in row.groups:
                value = summary.get(sheet_field.name)
                if sheet_field.kind == "list":
                    cells[0].text = list_text(value, sheet_field, self.names)
                    continue
                values = value if sheet_field.per in ("seat", "side") else [value]
                for cell, one in zip(cells, values if isinstance(values, list) else [],
                                     strict=False):
                    cell.text = _text(one)

    # --- from cells to a record -----------------------------------------------
    def entered(self) -> list[EngineRow]:
        done = []
        for row in self.rows:
            if not row.filled:
                break
            done.append(row)
        return done

    def record(self) -> dict:
        options = {**(self.table.options or {}), "players": self.players}
        return {"game": self.table.game, "options": options, "seats": list(self.seat_names),
                "first_dealer": self.table.first_dealer,
                "hands": [row.to_hand() for row in self.entered()]}

    def mark_unfinished(self, *, strict: bool) -> bool:
        done = len(self.entered())
        problems = False
        for row in self.rows[done:]:
            if row.blank:
                continue
            if not strict and row.number == done + 1:
                row.pending = True
                continue
            problems = True
            missing = [cell for cell in row.cells if cell.needed and not cell.text.strip()]
            if missing:
                row.errors.append(missing_message(row.number, [
                    f"{c.field.title} ({c.label})" if c.index is not None else c.field.title
                    for c in missing]))
                row.bad_cells |= {(c.field.name, c.index) for c in missing}
            else:
                row.errors.append(order_message(row.number, done + 1))
        return problems

    # --- from the checker back to cells -------------------------------------------
    def start_totals(self) -> list:
        return list(self.game.start_totals()) if hasattr(self.game, "start_totals") \
            else [0] * len(self.units)

    def cell_of(self, field_name: str, seat) -> tuple[str, int | None]:
        """(field, index) of the cell an error names: "summary.tricks" and a seat."""
        name = field_name.split(".", 1)[1] if field_name.startswith("summary.") else field_name
        name = name.split(".")[0].split("[")[0]
        sheet_field = next((f for f in self.fields if f.name == name), None)
        if sheet_field is None or not isinstance(seat, int):
            return name, None
        if sheet_field.per == "seat":
            return name, seat
        if sheet_field.per == "side" and 0 <= seat < self.players:
            return name, self.game.team_of[seat]
        return name, None


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else ""
    return str(value)


def seat_notes(game) -> list[str]:
    """The game's note per seat (Calypso: each seat's trump suit), or empty strings."""
    notes = getattr(game, "seat_notes", None)
    if notes is None:
        return [""] * game.num_players
    out = []
    for seat in range(game.num_players):
        try:
            out.append(str(notes(seat) or ""))
        except Exception:  # a game's note must never break the page
            out.append("")
    return out
