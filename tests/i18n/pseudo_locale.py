"""A pseudo-locale for the translation guard: every message of the project (found by
Django's makemessages, which needs GNU gettext's xgettext) and of Django itself, with its
letters swapped for accented ones ("Log in" -> "Ļóĝ íñ"). A page rendered in it shows plain
ASCII words only where a string was never marked for translation."""

from __future__ import annotations

import contextlib
import re
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


def build(root: Path, locale_dir: Path) -> Path:
    """Extract the project's messages from `root` into `locale_dir` and translate them
    (with Django's) into the pseudo-locale; returns the compiled catalogue."""
    with contextlib.chdir(root), override_settings(LOCALE_PATHS=[locale_dir]):
        call_command("makemessages", locale=[LOCALE], domain="django", verbosity=0,
                     ignore_patterns=["tests/*", "bench/*", "staticfiles/*", "locale/*"],
                     no_obsolete=True)
    po_path = locale_dir / LOCALE / "LC_MESSAGES" / "django.po"
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
    mo_path = po_path.with_suffix(".mo")
    catalogue.save_as_mofile(str(mo_path))
    return mo_path
