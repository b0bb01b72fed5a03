"""The committed catalogues (locale/<lang>/LC_MESSAGES/django.po): each compiles with
polib (no GNU gettext needed) into a catalogue gettext reads, every translation keeps the
placeholders of its message, and each language listed in locale/complete.txt has at least
95 % of the messages marked in the sources today translated: a string marked since the
translators last ran makemessages counts as untranslated, so CI fails until they catch up.
"""

from __future__ import annotations

import gettext

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

from league import catalogues
from tests.i18n import pseudo_locale
from tests.i18n.conftest import ROOT

LANGUAGES = sorted(catalogues.catalogue_paths())
REQUIRED = catalogues.required_complete()


@pytest.fixture(scope="module")
def marked_today(tmp_path_factory) -> set[tuple[str | None, str]]:
    """(context, message) of every message marked in the sources today."""
    po_path = pseudo_locale.extract(ROOT, tmp_path_factory.mktemp("marked"))
    return {(entry.msgctxt, entry.msgid) for entry in polib.pofile(str(po_path))
            if entry.msgid and not entry.obsolete}


def test_every_language_offered_has_a_catalogue():
    offered = {code for code, _ in settings.LANGUAGES} - {settings.LANGUAGE_CODE}
    assert offered == set(LANGUAGES)


def test_every_language_that_must_be_complete_is_offered():
    assert set(REQUIRED) <= set(LANGUAGES), REQUIRED


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_compiles_into_one_gettext_reads(language, tmp_path):
    po_path = catalogues.catalogue_paths()[language]
    mo_path = catalogues.compile_catalogue(po_path, tmp_path / "django.mo")
    with mo_path.open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    entry = next(e for e in polib.pofile(str(po_path))
                 if e.translated() and not e.msgctxt and not e.msgid_plural)
    assert compiled.gettext(entry.msgid) == entry.msgstr


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_its_placeholders(language):
    report = catalogues.check_catalogue(language, catalogues.catalogue_paths()[language])
    assert not report.problems, "\n".join(report.problems)


@pytest.mark.parametrize("language", REQUIRED)
def test_a_language_that_must_be_complete_has_95_per_cent_of_todays_messages(
        language, marked_today):
    catalogue = polib.pofile(str(catalogues.catalogue_paths()[language]))
    done = {(e.msgctxt, e.msgid) for e in catalogue if e.translated() and not e.obsolete}
    missing = marked_today - done
    share = 100.0 * (len(marked_today) - len(missing)) / len(marked_today)
    assert share >= catalogues.MINIMUM_SHARE, (
        f"{language}: {share:.1f} % of {len(marked_today)} messages translated; run "
        f"makemessages -l {language} and translate, e.g. {sorted(m for _, m in missing)[:5]}")


def _catalogue(tmp_path, msgid, msgstr, flags=("python-format",), plural=None):
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8",
                   "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    entry = polib.POEntry(msgid=msgid, msgstr="" if plural else msgstr, flags=list(flags))
    if plural:
        entry.msgid_plural, entry.msgstr_plural = plural, msgstr
    po.append(entry)
    path = tmp_path / "django.po"
    po.save(str(path))
    return path


@pytest.mark.parametrize(("msgid", "msgstr", "flags", "plural"), [
    ("Round %(round)s table %(table)s", "Ronde %(round)s", ("python-format",), None),
    ("%(player)s is here", "%(speler)s is er", ("python-format",), None),
    ("%s of %d", "%d van %s", ("python-format",), None),
    ("Hello {name}", "Hallo", ("python-brace-format",), None),
    ("%(n)s hand", {0: "%(n)s main", 1: "%(count)s mains"}, ("python-format",),
     "%(n)s hands"),
])
def test_the_check_finds_a_lost_or_changed_placeholder(tmp_path, msgid, msgstr, flags,
                                                        plural):
    path = _catalogue(tmp_path, msgid, msgstr, flags, plural)
    assert catalogues.check_catalogue("xx", path).problems


@pytest.mark.parametrize(("msgid", "msgstr", "flags", "plural"), [
    ("Round %(round)s table %(table)s", "Tafel %(table)s, ronde %(round)s", ("python-format",),
     None),
    ("100 % sure", "100 % zeker", (), None),
    ("%(n)s hand", {0: "une main", 1: "%(n)s mains"}, ("python-format",), "%(n)s hands"),
])
def test_the_check_accepts_placeholders_moved_or_a_count_left_out(tmp_path, msgid, msgstr,
                                                                  flags, plural):
    path = _catalogue(tmp_path, msgid, msgstr, flags, plural)
    report = catalogues.check_catalogue("xx", path)
    assert not report.problems and report.share == 100.0


def test_the_command_compiles_every_catalogue_and_reports_its_share(tmp_path, settings,
                                                                     capsys):
    for language, po_path in catalogues.catalogue_paths().items():
        target = tmp_path / "locale" / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        (target / "django.po").write_bytes(po_path.read_bytes())
    (tmp_path / "locale" / "complete.txt").write_text("# checked by CI\nko\n")
    settings.BASE_DIR = tmp_path
    call_command("compile_catalogues", "--check")
    out = capsys.readouterr().out
    assert all((tmp_path / "locale" / code / "LC_MESSAGES" / "django.mo").exists()
               for code in LANGUAGES)
    assert "ko: " in out and "[must be complete]" in out


def test_the_command_fails_on_a_required_language_under_the_minimum(tmp_path, settings):
    target = tmp_path / "locale" / "ko" / "LC_MESSAGES"
    target.mkdir(parents=True)
    half = polib.POFile()
    half.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    half.append(polib.POEntry(msgid="Standings", msgstr="순위"))
    half.append(polib.POEntry(msgid="Players", msgstr=""))
    half.save(str(target / "django.po"))
    (tmp_path / "locale" / "complete.txt").write_text("ko\n")
    settings.BASE_DIR = tmp_path
    with pytest.raises(Exception, match="ko: 50.0 % translated"):
        call_command("compile_catalogues", "--check")
