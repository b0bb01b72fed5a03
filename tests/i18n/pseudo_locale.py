"""A pseudo-locale for the translation guard: every message of the project (found by
Django's makemessages, which needs GNU gettext's xgettext) and of Django itself, with its
letters swapped for accented ones ("Log in" -> "Ļóĝ íñ"). A page rendered in it shows plain
ASCII words only where a string was never marked for translation."""

from __future__ import annotations

import contextlib
import re
import shutil
from pathlib import Path

import django
import polib
from django.core.management import call_command
from django.test import override_settings
from django.utils.translation import to_locale

CODE = "qps-ploc"  # a pseudo-locale code no real language has
LOCALE = to_locale(CODE)  # qps_Ploc
ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    "áƀçđéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ", strict=True))
# Left as they are: tags, %(name)s and %s placeholders, {name} fields, entities.
KEPT = re.compile(r"<[^>]*>|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifrxX]|%[sdifrxX%]|\{[^}]*\}"
                  r"|&#?\w+;")
# Django's own messages that our pages show (form errors, labels, dates).
DJANGO_CATALOGUES = ["conf/locale/en/LC_MESSAGES/django.po",
                     "contrib/auth/locale/en/LC_MESSAGES/django.po",
                     "contrib/admin/locale/en/LC_MESSAGES/django.po",
                     "contrib/humanize/locale/en/LC_MESSAGES/django.po"]


def pseudo(text: str) -> str:
    out, at = [], 0
    for kept in KEPT.finditer(text):
        out.append("".join(ACCENTED.get(c, c) for c in text[at:kept.start()]))
        out.append(kept.group())
        at = kept.end()
    out.append("".join(ACCENTED.get(c, c) for c in text[at:]))
    return "".join(out)


def _translate(entry: polib.POEntry) -> None:
    if entry.msgid_plural:
        entry.msgstr_plural = {0: pseudo(entry.msgid), 1: pseudo(entry.msgid_plural)}
    else:
        entry.msgstr = pseudo(entry.msgid)
    entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]


# Top-level entries of the project that hold no messages of ours.
NOT_SCANNED = {".venv", ".git", "tests", "bench", "staticfiles", "locale", "node_modules",
               "media", "static"}


def _scan_tree(root: Path, work_dir: Path) -> Path:
    """A copy of the project's sources with a `locale/` of its own (about 6 MB). Run in
    the project itself, makemessages would write into the catalogues the translators are
    editing; and it writes a `<template>.py` beside each template it reads and deletes it
    after, so two runs in one tree (or through links to it: xdist workers, a translator's
    `make messages`) delete each other's files and lose the messages of those templates."""
    tree = work_dir / "tree"
    (tree / "locale").mkdir(parents=True)
    skipped = shutil.ignore_patterns("__pycache__", "*.pyc", "*.html.py", "*.txt.py")
    for entry in root.iterdir():
        if entry.name in NOT_SCANNED or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(entry, tree / entry.name, ignore=skipped)
        else:
            shutil.copy2(entry, tree / entry.name)
    return tree


def extract(root: Path, work_dir: Path) -> Path:
    """Every message marked in the project's sources today (makemessages), as an
    untranslated catalogue of the pseudo-locale under `work_dir`; returns its .po."""
    tree = _scan_tree(root, work_dir)
    locale_dir = tree / "locale"
    with contextlib.chdir(tree), override_settings(LOCALE_PATHS=[locale_dir]):
        call_command("makemessages", locale=[LOCALE], domain="django", verbosity=0,
                     no_obsolete=True)
    return locale_dir / LOCALE / "LC_MESSAGES" / "django.po"


def build(root: Path, work_dir: Path) -> Path:
    """Extract the project's messages from `root` and translate them (with Django's) into
    the pseudo-locale, under `work_dir`; returns the locale folder to add to LOCALE_PATHS."""
    po_path = extract(root, work_dir)
    locale_dir = po_path.parents[2]
    catalogue = polib.pofile(str(po_path))
    seen = {(e.msgctxt, e.msgid) for e in catalogue}
    for name in DJANGO_CATALOGUES:
        for entry in polib.pofile(str(Path(django.__file__).parent / name)):
            if entry.msgid and (entry.msgctxt, entry.msgid) not in seen:
                seen.add((entry.msgctxt, entry.msgid))
                catalogue.append(entry)
    catalogue.metadata["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    catalogue.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    for entry in catalogue:
        _translate(entry)
    catalogue.save(str(po_path))
    catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
    return locale_dir
