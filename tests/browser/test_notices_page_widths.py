"""The player's mail and notifications page, with push set up, in a real browser on a
390 px phone and at 1280 px: the switches per notice and channel save, the browser
buttons show, a refused permission is explained, and the page never scrolls sideways."""

import pytest

from league.models import NoticeOptOut
from league.services.push_delivery import vapid_key_pair
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways

pytestmark = BROWSER_TEST


@pytest.fixture
def member(orla, settings):
    """Orla, on a site with web push set up."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_key_pair()
    return orla


@pytest.mark.parametrize("width", (390, 1280))
def test_the_switches_save_per_channel_and_the_page_fits(live_server, browser, member, width):
    page = page_at(browser, live_server, width, user=member)
    page.goto(f"{live_server.url}/me/mail/")
    mail_closed = "input[name='wanted'][value='night.closed']"
    push_seating = "input[name='push'][value='seating.published']"
    push_news = "input[name='push'][value='announcement']"
    assert page.is_checked(mail_closed) and page.is_checked(push_seating)
    assert not page.is_checked(push_news)  # announcements are off by default
    page.uncheck(push_seating)
    page.check(push_news)
    page.click("#save-notices")
    assert page.is_checked(mail_closed)  # e-mail untouched
    assert not page.is_checked(push_seating) and page.is_checked(push_news)
    assert set(NoticeOptOut.objects.values_list("notice", "channel", "on")) == {
        ("seating.published", "push", False), ("announcement", "push", True)}
    assert page.locator("#push-on").is_visible() and page.locator("#push-off").is_visible()
    page.click("#push-on")  # headless chromium refuses notifications unless granted
    page.locator("#push-state", has_text="allow").wait_for()
    assert not scrolls_sideways(page)
    page.context.close()
