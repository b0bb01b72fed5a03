"""The player's calendar page with a new private link shown, and their mail settings, in a
real browser on a 390 px phone and at 1280 px: neither scrolls sideways as a whole."""

import pytest

from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways

pytestmark = BROWSER_TEST


@pytest.mark.parametrize("width", (390, 1280))
def test_the_calendar_and_mail_pages_fit_the_width(live_server, browser, orla, width):
    page = page_at(browser, live_server, width, user=orla)
    page.goto(f"{live_server.url}/me/calendar/")
    page.click("#make-calendar-link")
    assert page.locator("#calendar-url").input_value().endswith(".ics")
    assert page.locator("#revoke-calendar-link").is_visible()
    assert not scrolls_sideways(page), "calendar page"
    page.goto(f"{live_server.url}/me/mail/")
    page.uncheck("input[name='wanted'][value='night.closed']")
    page.click("#save-notices")
    assert not page.locator("input[name='wanted'][value='night.closed']").is_checked()
    assert not scrolls_sideways(page), "mail settings"
    page.context.close()
