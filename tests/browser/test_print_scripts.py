"""Printing in every script (issue 28): a club whose language is Georgian, Korean, Bengali
or Hindi prints its table cards, player cards and blank scoresheets in that language, set
in the fonts the project ships (static/fonts/), and no character of the printed text lacks
a glyph in them: chromium prints each page (a screenshot in print media and a PDF, kept in
test-results/), and every character of the printed text is looked up in the shipped
fonts' character maps (fontTools)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    seated_table,
)

pytestmark = BROWSER_TEST
ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "static" / "fonts"
SHOTS = ROOT / "test-results"
# language -> the game its clubs play, players' names in its script, the shipped family
# that must draw that script, and a character range of the script.
CLUBS = {
    "ka": ("joker", ["ნინო", "გიორგი", "მარიამი", "ლევანი"], "Noto Sans Georgian",
           (0x10A0, 0x10FF)),
    "ko": ("mighty", ["김민준", "이서연", "박지호", "최하은", "정도윤"], "Noto Sans KR",
           (0xAC00, 0xD7A3)),
    "bn": ("twenty-nine", ["অমিত", "সুমি", "রাহুল", "তানিয়া"], "Noto Sans Bengali",
           (0x0980, 0x09FF)),
    "hi": ("twenty-nine", ["अमित", "सुनीता", "राहुल", "प्रिया"], "Noto Sans Devanagari",
           (0x0900, 0x097F)),
}
PAGES = {"table cards": "cards/tables/", "player cards": "cards/players/",
         "blank scoresheets": "cards/scoresheets/"}
PRINTED = """() => [...document.querySelectorAll('.print-cards, .paper-sheet')]
    .map(element => element.innerText).join('\\n')"""
LOADED = """async () => { await document.fonts.ready;
    return [...document.fonts].filter(face => face.status === 'loaded')
        .map(face => face.family.replace(/"/g, '')); }"""


@pytest.fixture(scope="module")
def shipped_characters() -> set[int]:
    covered = set()
    for path in FONTS.glob("*/*.woff2"):
        covered |= set(TTFont(str(path)).getBestCmap())
    return covered


def _night(language: str):
    game, names, _, _ = CLUBS[language]
    club = ClubFactory(name=f"{names[0]} {language}", slug=f"print-{language}",
                       language=language)
    players = [PlayerFactory(display_name=name) for name in names]
    for player in players:
        MembershipFactory(club=club, player=player)
    night = EventFactory(club=club, name=names[1], game=game)
    seated_table(club, players, game=game, round=RoundFactory(event=night, published=True))
    return night


@pytest.mark.parametrize("language", sorted(CLUBS))
def test_printed_pages_are_in_the_clubs_language_and_covered_by_the_shipped_fonts(
        live_server, browser, transactional_db, settings, compiled_catalogues,
        shipped_characters, language):
    settings.LOCALE_PATHS = [compiled_catalogues]
    night = _night(language)
    family, (first, last) = CLUBS[language][2], CLUBS[language][3]
    SHOTS.mkdir(exist_ok=True)
    for name, path in PAGES.items():
        page = new_page(browser, viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
        page.emulate_media(media="print")
        page.goto(f"{live_server.url}/events/{night.pk}/{path}")
        assert page.get_attribute("html", "lang") == language, name
        text = page.evaluate(PRINTED)
        in_script = [c for c in text if first <= ord(c) <= last]
        assert in_script, f"{name}: nothing printed in the script of {language}: {text[:500]}"
        missing = sorted({c for c in text if not c.isspace()
                          and ord(c) not in shipped_characters})
        assert not missing, f"{name} in {language}: no shipped glyph for {missing}"
        assert family in page.evaluate(LOADED), f"{name} in {language}: not set in {family}"
        stem = f"print-{language}-{name.replace(' ', '-')}"
        page.screenshot(path=str(SHOTS / f"{stem}.png"), full_page=True)
        page.pdf(path=str(SHOTS / f"{stem}.pdf"), format="A4")
        page.context.close()


def test_a_korean_clubs_mighty_cards_and_sheets_print_in_korean(
        live_server, browser, transactional_db, settings, compiled_catalogues):
    settings.LOCALE_PATHS = [compiled_catalogues]
    night = _night("ko")
    page = new_page(browser)
    page.emulate_media(media="print")
    for path in PAGES.values():
        page.goto(f"{live_server.url}/events/{night.pk}/{path}")
        text = page.evaluate(PRINTED)
        assert "Round" not in text and "Table" not in text, text[:300]
    page.goto(f"{live_server.url}/events/{night.pk}/cards/scoresheets/")
    assert "마이티" in page.evaluate(PRINTED)  # the game's title, from the catalogue
    page.context.close()
