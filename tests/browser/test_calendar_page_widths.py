"""The player's calendar page with a new private link shown, and their mail settings, in a
real browser on a 390 px phone and at 1280 px: neither scrolls sideways as a whole."""

import pytest
from django.test import Client

from league.models import Role
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = BROWSER_TEST
SCROLLS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


@pytest.fixture
def member(transactional_db):
    club = ClubFactory(slug="thursday-night-club-of-greater-springfield", is_public=True,
                       name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="orla")
    MembershipFactory(club=club, role=Role.PLAYER,
                      player=PlayerFactory(user=user, display_name="Orla"))
    return user


@pytest.mark.parametrize("width", (390, 1280))
def test_the_calendar_and_mail_pages_fit_the_width(live_server, browser, member, width):
    client = Client()
    client.force_login(member)
    page = new_page(browser, viewport={"width": width, "height": 900})
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])
    page.goto(f"{live_server.url}/me/calendar/")
    page.click("#make-calendar-link")
    assert page.locator("#calendar-url").input_value().endswith(".ics")
    assert page.locator("#revoke-calendar-link").is_visible()
    assert not page.evaluate(SCROLLS), "calendar page"
    page.goto(f"{live_server.url}/me/mail/")
    page.uncheck("input[name='wanted'][value='night.closed']")
    page.click("#save-notices")
    assert not page.locator("input[name='wanted'][value='night.closed']").is_checked()
    assert not page.evaluate(SCROLLS), "mail settings"
    page.context.close()
