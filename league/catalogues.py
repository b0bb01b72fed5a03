"""The translation catalogues (locale/<lang>/LC_MESSAGES/django.po): compiled to .mo with
polib, so a machine without GNU gettext (no msgfmt) can build them, and checked: every
translation keeps its message's placeholders, and each language's translated share.

The languages whose catalogue must stay at least MINIMUM_SHARE translated are listed in
locale/complete.txt (one code a line), the one place the test and the command read them
from: a language joins the list once its translators have brought it there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import polib
from django.conf import settings

MINIMUM_SHARE = 95.0  # per cent of a catalogue's messages translated (issue 28)
DOMAIN = "django"
# %(name)s, %s, %d (with flags and width), and {name} or {} for brace-format messages.
PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*\d*(?:\.\d+)?(?P<kind>[sdifrxXeEgGc%])")
BRACE = re.compile(r"(?<!\{)\{(?P<name>[^{}]*)\}(?!\})")


def locale_dir() -> Path:
    return Path(settings.BASE_DIR) / "locale"


def catalogue_paths(root: Path | None = None) -> dict[str, Path]:
    """Language code -> its django.po, for every catalogue under `root` (locale/)."""
    root = root or locale_dir()
    return {path.parent.parent.name: path
            for path in sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def required_complete(root: Path | None = None) -> list[str]:
    """The languages listed in locale/complete.txt (blank lines and # comments skipped)."""
    listing = (root or locale_dir()) / "complete.txt"
    if not listing.exists():
        return []
    lines = (line.split("#", 1)[0].strip() for line in listing.read_text().splitlines())
    return [line for line in lines if line]


def compile_catalogue(po_path: Path, mo_path: Path | None = None) -> Path:
    """Write the .mo beside the .po (or at `mo_path`); fuzzy and empty entries are left
    out, as msgfmt leaves them."""
    mo_path = mo_path or po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


def placeholders(text: str, brace: bool = False) -> list[str]:
    """The placeholders of a message, sorted: named ones by name, positional ones by kind
    in order (a "%s %d" message must keep both, in that order)."""
    found = [f"%({m['name']})" if m["name"] is not None else f"%{m['kind']}"
             for m in PERCENT.finditer(text) if m["kind"] != "%"]
    named = sorted(p for p in found if p.startswith("%("))
    positional = [p for p in found if not p.startswith("%(")]
    braces = sorted("{" + m["name"] + "}" for m in BRACE.finditer(text)) if brace else []
    return named + positional + braces


@dataclass
class Report:
    language: str
    total: int = 0
    translated: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def _entry_problems(entry: polib.POEntry) -> list[str]:
    brace = "python-brace-format" in entry.flags
    if "python-format" not in entry.flags and not brace:
        return []  # no placeholders: a lone % is just a per cent sign
    where = f"line {entry.linenum}: {entry.msgid[:60]!r}"
    if not entry.msgid_plural:
        if entry.msgstr and placeholders(entry.msgstr, brace) != placeholders(entry.msgid, brace):
            return [f"{where}: {placeholders(entry.msgstr, brace)} instead of "
                    f"{placeholders(entry.msgid, brace)}"]
        return []
    # A plural form may leave out the count (one form can stand for n = 1 only), but may
    # not bring a placeholder the message does not have (it would raise when shown).
    known = set(placeholders(entry.msgid, brace)) | set(placeholders(entry.msgid_plural, brace))
    problems = []
    for index, text in sorted(entry.msgstr_plural.items()):
        if text and not set(placeholders(text, brace)) <= known:
            problems.append(f"{where}: form {index} has {placeholders(text, brace)}, the "
                            f"message only {sorted(known)}")
    return problems


def check_catalogue(language: str, po_path: Path) -> Report:
    """Its translated share (fuzzy counts as untranslated) and its placeholder problems."""
    catalogue = polib.pofile(str(po_path))
    entries = [e for e in catalogue if not e.obsolete and e.msgid]
    report = Report(language, total=len(entries))
    for entry in entries:
        if entry.translated():
            report.translated += 1
            report.problems += _entry_problems(entry)
    return report
