"""The main pages in each of the eight languages, with the committed catalogues: a visitor's or
an organiser's browser asks for the language (`Accept-Language`), and the home, club,
season standings, night, big screen, player, /me/, scoresheet and organiser pages answer
with `<html lang>` of that language and show no English word of the interface.

The pseudo-locale guard (test_marked_strings.py) proves that strings are marked; this proves
that each catalogue really gives them words of its language: a translation copied from the
English, or a catalogue that lost a message, shows up here. An "English word of the
interface" is a word of the catalogue's English messages that the language's own
translations never use: French and Dutch share many words with English ("table", "club",
"points"), and those pass as long as the catalogue itself writes them."""

from __future__ import annotations

import re
from functools import cache

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format

from league import catalogues
from tests.i18n.test_marked_entry_pages import _entry_pages
from tests.i18n.test_marked_strings import (
    ADDRESS,
    ALLOWED,
    ENGLISH_WORD,
    VisibleText,
    _as_organiser,
    _organiser_pages,
    _public_pages,
)

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def _words(text: str) -> set[str]:
    return {word.lower() for word in ENGLISH_WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def _interface_words(language: str) -> frozenset[str]:
    """Words of the English messages that `language`'s translations never write."""
    english, own = set(), set()
    for entry in polib.pofile(str(catalogues.catalogue_paths()[language])):
        if entry.obsolete:
            continue
        english |= _words(entry.msgid) | _words(entry.msgid_plural or "")
        translations = [entry.msgstr, *entry.msgstr_plural.values()]
        own |= set().union(*(_words(text) for text in translations))
    return frozenset(english - own - ALLOWED)


def _english_left(html: str, language: str) -> list[str]:
    reader = VisibleText(language)
    reader.feed(html)
    seen = _words(ADDRESS.sub(" ", " ".join(reader.words)))
    return sorted(seen & _interface_words(language))


def _check(client: Client, pages: dict[str, str], language: str) -> dict[str, object]:
    """Page name -> what is wrong with it in `language` (pages without a fault left out)."""
    faults = {}
    for name, url in pages.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        html = response.content.decode()
        if response.status_code != 200:
            faults[name] = response.status_code
        elif f'<html lang="{language}"' not in html:
            faults[name] = "no <html lang>"
        elif words := _english_left(html, language):
            faults[name] = words
    return faults


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_pages_answer_in_the_browsers_language(
    language, in_catalogues, night, open_tables
):
    pages = {**_public_pages(night)}
    pages.pop("not found")  # a 404, checked by the crawl
    faults = _check(Client(), pages, language)
    signed_in = {**_organiser_pages(night), **_entry_pages(night, open_tables)}
    faults |= {
        f"{name} (signed in)": fault
        for name, fault in _check(_as_organiser(night), signed_in, language).items()
    }
    assert not faults, f"{language}: {faults}"


def test_an_english_word_left_in_a_page_is_found(in_catalogues):
    # The check itself: a Korean page with an English phrase of the interface fails it.
    html = '<html lang="ko"><body><p>시즌 순위</p><button>Save changes</button></body></html>'
    assert "save" in _english_left(html, "ko")
    assert _english_left('<html lang="ko"><p>시즌 <bdi>Ann Smith</bdi></p></html>', "ko") == []


@pytest.mark.parametrize("language", ("ka", "ru", "ko", "fr"))
def test_a_nights_date_is_written_the_way_its_language_writes_dates(language, in_catalogues, night):
    event = night["event"]
    url = f"/events/{event.pk}/"
    with translation.override(language):
        written = date_format(event.date)
    with translation.override("en"):
        english = date_format(event.date)
    html = Client().get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert written != english and written in html
    assert english in Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
