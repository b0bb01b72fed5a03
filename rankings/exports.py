"""CSV and XLSX downloads of a django-tables2 table that are safe to open in a spreadsheet.

A player's name is typed by whoever adds a walk-in, so a cell may start like a formula
("=1+2 Eve"). Every text cell that starts with one of OWASP ASVS 1.2.10's characters is
escaped with a single quote: a leading "'" in CSV, and in XLSX the text kept as text with
Excel's quote prefix (what Excel itself stores when you type "'=1+2"). Numbers stay numbers
so a spreadsheet can sum them. CSV starts with a UTF-8 byte-order mark, without which Excel
reads "Zoë" as "ZoÃ«"; dates are written in the club's time zone, as dates.
"""

from __future__ import annotations

import csv
import datetime
import io
import re

import openpyxl
from django.utils import timezone
from django_tables2.export import TableExport
from openpyxl.styles import Font

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\0", "\r")
BOM = "\ufeff"
SHEET_TITLE_MAX = 31  # Excel refuses longer sheet names
SHEET_TITLE_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
DATE_FORMAT = "yyyy-mm-dd"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm"


def escape_text(value: str) -> str:
    """A text cell as a spreadsheet must read it: never as a formula."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def sheet_title(title: str) -> str:
    """`title` as Excel accepts a sheet name: no []:*?/\\, at most 31 characters, and not
    starting or ending with an apostrophe."""
    cleaned = SHEET_TITLE_FORBIDDEN.sub("-", " ".join(title.split()))
    cleaned = cleaned[:SHEET_TITLE_MAX].strip().strip("'").strip()
    return cleaned or "Sheet"


def _local(value):
    """Datetimes in the time zone the pages show, without tzinfo (spreadsheets have none)."""
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return value.replace(tzinfo=None, microsecond=0)
    return value


def _csv_cell(value):
    value = _local(value)
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        return escape_text(value)
    return "" if value is None else value


class SafeTableExport(TableExport):
    """`TableExport` for CSV and XLSX with escaped cells, a BOM and a named sheet.

    Views pass the sheet's name as `dataset_kwargs={"title": ...}` (ExportMixin's hook).
    """

    FORMATS = {TableExport.CSV: TableExport.FORMATS[TableExport.CSV],
               TableExport.XLSX: TableExport.FORMATS[TableExport.XLSX]}

    def __init__(self, export_format, table, exclude_columns=None, dataset_kwargs=None):
        if not self.is_valid_format(export_format):
            raise TypeError(f'Export format "{export_format}" is not supported.')
        self.format = export_format
        self.title = sheet_title((dataset_kwargs or {}).get("title") or "Export")
        rows = list(table.as_values(exclude_columns=exclude_columns))
        self.header, self.rows = [str(name) for name in rows[0]], rows[1:]

    @classmethod
    def is_valid_format(cls, export_format):
        return export_format in cls.FORMATS

    def export(self):
        return self._csv() if self.format == self.CSV else self._xlsx()

    def _csv(self) -> str:
        stream = io.StringIO()
        stream.write(BOM)
        writer = csv.writer(stream)
        writer.writerow([escape_text(name) for name in self.header])
        writer.writerows([_csv_cell(value) for value in row] for row in self.rows)
        return stream.getvalue()

    def _xlsx(self) -> bytes:
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = self.title
        sheet.append(self.header)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
            _as_text(cell, cell.value)
        sheet.freeze_panes = "A2"
        for row in self.rows:
            sheet.append([_xlsx_value(value) for value in row])
            for cell, value in zip(sheet[sheet.max_row], row, strict=True):
                _finish_xlsx_cell(cell, _local(value))
        stream = io.BytesIO()
        book.save(stream)
        return stream.getvalue()


def _xlsx_value(value):
    value = _local(value)
    # openpyxl reads a text starting with "=" as a formula: place text after the append.
    return None if isinstance(value, str) else value


def _finish_xlsx_cell(cell, value) -> None:
    if isinstance(value, str):
        _as_text(cell, value)
    elif isinstance(value, datetime.datetime):
        cell.number_format = DATETIME_FORMAT
    elif isinstance(value, datetime.date):
        cell.number_format = DATE_FORMAT


def _as_text(cell, value: str) -> None:
    cell.value = value
    cell.data_type = "s"  # never "f": the text is shown, not computed
    if value.startswith(FORMULA_STARTS):
        cell.quotePrefix = True
