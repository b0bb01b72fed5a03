"""What every scoresheet on our pages does with the checker's answer, whatever its
columns: errors back onto rows and cells, scores and running totals onto rows.

The Bluke family's sheet (`tournaments.forms.Scoresheet`) and the sheet generated
from an engine game's summary (`tournaments.engine_sheet.EngineSheet`) both build on
it; they hold `rows` (with `errors`, `bad_cells`, `scores`, `running`), `units`,
`errors` and `totals`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def missing_message(number: int, missing: list[str]) -> str:
    """A started row whose needed cells (at most four named) are still empty."""
    cells = ", ".join(missing[:4]) + ("…" if len(missing) > 4 else "")
    return _("hand %(number)s: missing %(cells)s") % {"number": number, "cells": cells}


def order_message(number: int, first_open: int) -> str:
    """A row typed below one that is not finished."""
    return _("hand %(number)s: enter the hands in order (hand %(open)s is not finished)") % {
        "number": number, "open": first_open}


class SheetResults:
    def start_totals(self) -> list:
        """The running totals before the first hand (a count-down game starts above 0)."""
        return [0] * len(self.units)

    def cell_of(self, field: str, seat) -> tuple[str, int | None]:
        """The cell an error names, as a row's `bad_cells` holds it."""
        return field, seat

    def apply_errors(self, errors: list[dict]) -> None:
        for item in errors:
            hand = item.get("hand")
            if isinstance(hand, int) and 1 <= hand <= len(self.rows):
                row = self.rows[hand - 1]
                row.errors.append(item["message"])
                row.bad_cells.add(self.cell_of(item.get("field") or "", item.get("seat")))
            else:
                self.errors.append(item["message"])

    def apply_scores(self, scores: list, totals: list | None) -> None:
        running = self.start_totals()
        for row, hand_scores in zip(self.rows, scores, strict=False):
            if hand_scores is None or running is None:
                running = None
                continue
            row.scores = list(hand_scores)
            running = [a + b for a, b in zip(running, hand_scores, strict=True)]
            row.running = list(running)
        self.totals = totals

    def mark_unchecked(self) -> None:
        """A finished row the checker gave neither a verdict nor a score (a hand above it
        is wrong, or the check never ran) says "not checked" rather than nothing: a blank
        check column reads as "fine" at the table."""
        for row in self.rows:
            row.unchecked = (row.filled and not row.errors and not row.scores
                             and not row.pending)

    def total_values(self):
        for unit in range(len(self.units)):
            yield unit, self.totals[unit] if self.totals else ""

    @property
    def has_errors(self) -> bool:
        return bool(self.errors) or any(row.errors for row in self.rows)
