"""The language switcher in a real browser: visible in the header on a 390 px phone and at
1280 px without sideways scrolling, logged out and logged in, and choosing a language
answers the same address in it."""

import pytest

from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = BROWSER_TEST


@pytest.fixture
def club_and_login(transactional_db):
    club = ClubFactory(slug="switcher-club", name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="bartholomew-alexander")
    MembershipFactory(club=club, player=PlayerFactory(user=user, display_name="Bart"))
    return club, user


@pytest.mark.parametrize("width", (390, 1280))
@pytest.mark.parametrize("logged_in", (False, True))
def test_the_switcher_fits_and_switches(live_server, browser, club_and_login, width,
                                        logged_in):
    club, user = club_and_login
    page = page_at(browser, live_server, width, user=user if logged_in else None, height=800,
                   locale="en-GB")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    switcher = page.locator("header .language-switch")
    assert switcher.is_visible() and switcher.locator("button").is_visible()
    assert not scrolls_sideways(page)
    box = switcher.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    page.select_option("#language-choice", "ka")
    page.locator("header .language-switch button").click()
    page.wait_for_url(f"{live_server.url}/clubs/{club.slug}/")
    assert page.locator("html").get_attribute("lang") == "ka"
    assert page.locator("#language-choice").input_value() == "ka"
    assert not scrolls_sideways(page)
