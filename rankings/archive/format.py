"""The archive format's name and version, and the check of a document against its schema."""

from __future__ import annotations

import datetime
import json
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from jsonschema import Draft202012Validator, FormatChecker

FORMAT = "bluke-league/club-archive"
VERSION = 1
SCHEMA_PATH = settings.BASE_DIR / "docs" / "archive.schema.json"
MAX_ERRORS = 20  # enough to fix a file by; a broken one could otherwise list thousands


FORMATS = FormatChecker(["date", "uuid"])


@FORMATS.checks("date-time", raises=ValueError)
def _moment(text) -> bool:
    """A moment with its offset: a time without one would be read in the server's zone."""
    return not isinstance(text, str) or datetime.datetime.fromisoformat(text).tzinfo is not None


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def where(path) -> str:
    """`clubs[0].nights[3].rounds[0].tables[2].seats[1]`: a place a person can find."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or _("the document")


def archive_errors(document) -> list[str]:
    """What keeps `document` from being an archive of this version, each naming its place."""
    if not isinstance(document, dict):
        return [_("An archive is a JSON object.")]
    if document.get("format") != FORMAT:
        return [_("format: expected %(format)r.") % {"format": FORMAT}]
    if document.get("version") != VERSION:
        return [_("version: this site reads version %(version)s archives, not %(given)r.")
                % {"version": VERSION, "given": document.get("version")}]
    validator = Draft202012Validator(schema(), format_checker=FORMATS)
    found = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"{where(e.absolute_path)}: {e.message}" for e in found[:MAX_ERRORS]]


def check_archive(document) -> None:
    """Raise ValidationError({"archive": [...]}) unless `document` fits the schema."""
    problems = archive_errors(document)
    if problems:
        raise ValidationError({"archive": problems})
