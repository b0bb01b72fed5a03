"""`manage.py check_record FILE|-`: the record checker's report as JSON.

Exit status: 0 valid, 1 readable but invalid, 2 unreadable (not JSON, unknown game,
bad options, missing file).
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from games import rules

VALID, INVALID, UNREADABLE = 0, 1, 2


def unreadable(code: str, message: str) -> dict:
    return {"valid": False, "readable": False, "complete": False,
            "errors": [{"hand": None, "seat": None, "field": None, "code": code,
                        "message": message}]}


def check_text(text: str) -> tuple[dict, int]:
    """(report dict, exit status) for a record given as JSON text."""
    try:
        record = json.loads(text)
    except ValueError as exc:
        return unreadable("not-json", f"not JSON: {exc}"), UNREADABLE
    report = rules.check_record(record)
    if not report.readable:
        return report.to_dict(), UNREADABLE
    return report.to_dict(), VALID if report.valid else INVALID


class Command(BaseCommand):
    help = "Check a match record (scoresheet or card-by-card) and print the report as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of a JSON record, or - for standard input")

    def handle(self, *args, **options):
        try:
            text = self.read(options["file"])
        except (OSError, UnicodeDecodeError) as exc:
            report, status = unreadable("unreadable-file", str(exc)), UNREADABLE
        else:
            report, status = check_text(text)
        self.stdout.write(json.dumps(report, indent=2))
        if status:
            sys.exit(status)

    def read(self, path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
