"""Accessibility of the main pages (issue 28's "Done when"): axe-core, run in chromium on the
home, club, season standings, night, big screen, player, /me/, scoresheet and organiser
pages, finds no violation of WCAG 2.1 A and AA, in English and in Korean (a script of its
own; `<html lang>` must name it), at a phone's width and a laptop's.

axe-core is vendored in tests/browser/axe/ (`npm pack axe-core@4.14.1`, its axe.min.js and
MPL-2.0 licence): a test tool, never served by the site."""

# The fixtures imported from tests/i18n/conftest.py are parameters of the tests below.
# ruff: noqa: F811

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at

# The i18n tests' night (a Georgian club, a played table, a Bluke and a Mighty table open).
from tests.i18n.conftest import in_catalogues, night, open_tables  # noqa: F401
from tests.i18n.test_marked_entry_pages import _entry_pages
from tests.i18n.test_marked_strings import _organiser_pages, _public_pages

pytestmark = BROWSER_TEST
AXE = Path(__file__).resolve().parent / "axe" / "axe.min.js"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
    return result.violations.map(v => ({id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""


def _main_pages(n, tables) -> dict[str, str]:
    public, organiser = _public_pages(n), _organiser_pages(n)
    entry = _entry_pages(n, tables)
    return {
        "home": public["home"],
        "club": public["club"],
        "season standings": public["season standings"],
        "night": public["night"],
        "big screen": public["big screen"],
        "player": public["player"],
        "my nights": organiser["my nights"],
        "scoresheet": entry["scoresheet"],
        "engine scoresheet": entry["engine scoresheet"],
        "night as organiser": organiser["night as organiser"],
        "members": organiser["members"],
        "new night": organiser["new night"],
        "webhooks": entry["webhooks"],
        "my mail": entry["my mail"],
    }


def violations(page) -> list[dict]:
    page.evaluate(AXE.read_text())
    return page.evaluate(RUN, RULES)


@pytest.mark.parametrize("width", (390, 1280))
@pytest.mark.parametrize("language", ("en", "ko"))
def test_the_main_pages_have_no_accessibility_violations(
    live_server,
    browser,
    in_catalogues,
    night,
    open_tables,
    language,
    width,
):
    page = page_at(
        browser,
        live_server,
        width,
        user=night["user"],
        bypass_csp=True,
        extra_http_headers={"Accept-Language": language},
    )
    found = {}
    for name, url in _main_pages(night, open_tables).items():
        assert page.goto(live_server.url + url).status == 200, name
        assert page.locator("html").get_attribute("lang") == language, name
        if problems := violations(page):
            found[name] = problems
    assert not found, f"{language} at {width} px: {found}"


def test_the_check_finds_a_violation(live_server, browser, night):
    # The check itself: an image without a text alternative is a violation axe reports.
    page = page_at(browser, live_server, 1280, bypass_csp=True)
    page.goto(live_server.url + reverse("league:home"))
    page.evaluate(
        "document.body.append(Object.assign(document.createElement('img'), "
        "{src: '/static/none.png'}))"
    )
    assert "image-alt" in {problem["id"] for problem in violations(page)}
