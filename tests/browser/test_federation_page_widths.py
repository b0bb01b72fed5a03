"""The federation pages in a real browser on a 390 px phone and at 1280 px: the
leaderboard, a player's page, the organiser's, the staff's and the person's pages never
scroll sideways as a whole."""

import pytest
from django.test import Client

from league.models import FederationClub, FederationState
from rankings.models import RatingPool
from rankings.services.federations import federation_sync
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.rankings.federation_world import build_world

pytestmark = BROWSER_TEST
SCROLLS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


@pytest.fixture
def world(transactional_db):
    world = build_world()
    world["x"].name = "Xanadu Thursday Night Card Club of Greater Springfield"
    world["x"].save()
    FederationClub.objects.filter(club=world["x"]).update(state=FederationState.MEMBER)
    FederationClub.objects.create(federation=world["federation"], club=world["x"],
                                  game="ribs", state=FederationState.REQUESTED,
                                  requested_at=world["federation"].created_at)
    federation_sync(federation_id=world["federation"].pk)
    world["pool"] = RatingPool.objects.get(federation=world["federation"])
    return world


def _page(browser, live_server, user, width):
    page = new_page(browser, viewport={"width": width, "height": 900})
    if user is not None:
        client = Client()
        client.force_login(user)
        page.context.add_cookies([{"name": "sessionid",
                                   "value": client.cookies["sessionid"].value,
                                   "url": live_server.url}])
    return page


@pytest.mark.parametrize("width", (390, 1280))
def test_the_federation_pages_fit_the_width(live_server, browser, world, width):
    pool = world["pool"].pk
    visits = [
        (None, "/federations/cards/", "ul.rating-pools li"),
        (None, f"/federations/cards/ratings/{pool}/", "table.ratings tbody tr"),
        (None, f"/federations/cards/ratings/{pool}/players/{world['ann'].pk}/?against="
               f"{world['olive'].pk}", "p.chance"),
        (world["xorg"].user, "/clubs/xanadu/federations/", "#save-window"),
        (world["staff"], "/federations/cards/staff/", "#recompute"),
        (world["ann"].user, "/me/federation/", "#save-opt-in"),
    ]
    for user, path, selector in visits:
        page = _page(browser, live_server, user, width)
        page.goto(f"{live_server.url}{path}")
        assert page.locator(selector).first.is_visible(), path
        assert not page.evaluate(SCROLLS), path
        page.context.close()
