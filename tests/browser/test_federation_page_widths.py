"""The federation pages in a real browser on a 390 px phone and at 1280 px: the
leaderboard, a player's page, the organiser's, the staff's and the person's pages never
scroll sideways as a whole."""

import pytest

from league.models import FederationClub, FederationState
from rankings.models import RatingPool
from rankings.services.federations import federation_sync
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.rankings.federation_world import build_world

pytestmark = BROWSER_TEST


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
        page = page_at(browser, live_server, width, user=user)
        page.goto(f"{live_server.url}{path}")
        assert page.locator(selector).first.is_visible(), path
        assert not scrolls_sideways(page), path
        page.context.close()
