"""A duplicate night's deal slips and hand records in a real browser: at 390 px and 1280 px
nothing scrolls sideways, and in print (A4 width) no slip is wider than the page. Six-Pack
Bezique's slip lists a long stock; Bluke's, four hands and a turned card."""

import pytest

from league.models import Role
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.duplicate.helpers import duplicate_night
from tournaments.services.events import event_close

pytestmark = BROWSER_TEST
A4 = round(190 / 25.4 * 96)  # the printable width with the print style's 10 mm margins
WIDEST_SLIP = """() => Math.max(...[...document.querySelectorAll('.board-slip')]
  .map(s => s.getBoundingClientRect().right))"""


@pytest.fixture
def organiser(transactional_db):
    club = ClubFactory(slug="duplicate-club-of-greater-springfield", is_public=True)
    user = UserFactory(username="orla")
    MembershipFactory(club=club, role=Role.ORGANISER,
                      player=PlayerFactory(user=user, display_name="Orla"))
    return club, user


@pytest.mark.parametrize("game", ("bluke", "six-pack-bezique"))
@pytest.mark.parametrize("width", (390, 1280))
def test_the_slips_and_hand_records_fit_the_width(live_server, browser, organiser, game, width):
    club, user = organiser
    night = duplicate_night(club, user, game, tables=2, rounds=1, boards=1)
    event_close(event=night, user=user, force=True, reason="browser test")
    page = page_at(browser, live_server, width, user=user)
    for path in (f"/events/{night.pk}/boards/slips/", f"/events/{night.pk}/boards/records/",
                 f"/events/{night.pk}/"):
        page.goto(f"{live_server.url}{path}")
        assert not scrolls_sideways(page), path
    page.set_viewport_size({"width": A4, "height": 1100})
    page.emulate_media(media="print")
    page.goto(f"{live_server.url}/events/{night.pk}/boards/slips/")
    assert page.locator(".board-slip").count() == 1
    assert page.evaluate(WIDEST_SLIP) <= A4 + 1
    page.context.close()
