"""What every scoresheet page shares: the scorer's sheet (`scoresheet`), a seat's entry page
(`seat_entry`) and the organiser's decision on a pending result (`entry_organiser`).

Each finds its table, builds the sheet of the table's kind (the Bluke family's columns, or
the engine's generated sheet) from a record or a post, runs the rules check on it, and
renders the template of that kind. The verdicts are the checker's own, so every page names
the same errors in the same places.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games import rules
from tournaments.engine_sheet import EngineSheet
from tournaments.forms import Scoresheet
from tournaments.models import Table
from tournaments.services.records import check


def sheet_table(pk) -> Table:
    """The table of a sheet page, with what its pages show of the night (404 if none)."""
    return get_object_or_404(
        Table.objects.select_related("round__event__club", "round__event__season"), pk=pk)


def sheet_for(table: Table, shown: dict | None = None, data=None, *,
              complete: bool = False) -> Scoresheet | EngineSheet:
    """The table's sheet filled from `shown` (a record) or from the posted `data`.

    `complete` tells the engine's sheet that the record shown is a finished match.
    """
    seats = list(table.seats.select_related("player").order_by("position"))
    names = [s.player.display_name if s.player else _("Seat %(n)d") % {"n": s.position + 1}
             for s in seats]
    game = rules.load(table.game, players=len(seats), **(table.options or {}))
    if not rules.writes_summaries(game):
        return Scoresheet(table=table, seat_names=names, game=game, data=data, record=shown)
    return EngineSheet(table=table, seat_names=names, game=game, data=data, record=shown,
                       complete=complete)  # generated from the game's schema


def check_sheet(sheet: Scoresheet | EngineSheet, *, strict: bool) -> None:
    """Run the rules checker on the finished rows and put its verdict on the sheet.

    `strict` marks rows left half-filled as errors (saving); while typing they wait.
    """
    sheet.mark_unfinished(strict=strict)
    record = sheet.record()
    if record["hands"]:
        report, errors = check(record)
        sheet.apply_errors(errors)
        sheet.apply_scores(list(getattr(report, "scores", []) or []),
                           list(getattr(report, "totals", []) or []))
    sheet.mark_unchecked()


def sheet_template(sheet, part: str = "") -> str:
    """The page of the sheet's kind, or with `part` its htmx fragment of checks."""
    if getattr(sheet, "engine", False):
        return ("tournaments/_engine_sheet_checks.html" if part
                else "tournaments/scoresheet_engine.html")
    return "tournaments/_sheet_checks.html" if part else "tournaments/scoresheet.html"
