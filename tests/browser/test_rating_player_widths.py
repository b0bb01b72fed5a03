"""A player's page in a rating pool on a 390 px phone and at 1280 px: the marked spread,
the nights table and the chances form fit, and choosing an opponent shows the chance."""

import pytest

from league.models import Membership, Player
from rankings.models import RatingPool
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.browser.pages import scrolls_sideways
from tests.factories import ClubFactory
from tests.rankings.archive_helpers import played_season

pytestmark = BROWSER_TEST


@pytest.fixture
def rated(transactional_db):
    club = ClubFactory(slug="rating-widths", name="Rating Widths Club", is_public=True)
    names = ["Wilhelmina Featherstonehaugh-Papadopoulou", "Bartholomew-Alexander Smythe",
             "Cy", "Dimitra"]
    players = [Player.objects.create(display_name=name) for name in names]
    for player in players:
        Membership.objects.create(club=club, player=player)
    played_season(club, players, nights=3)
    return RatingPool.objects.get(club=club), players


@pytest.mark.parametrize("width", (390, 1280))
def test_the_rating_page_fits_and_answers_the_chance(live_server, browser, rated, width):
    pool, players = rated
    page = new_page(browser, viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/ratings/{pool.pk}/players/{players[0].pk}/")
    assert page.locator("svg.histogram .marker").count() == 1
    assert page.locator("table.expected-places tbody tr").count() == 3
    assert not scrolls_sideways(page), "rating page"
    page.select_option("#against", str(players[1].pk))
    page.click("#show-chance")
    assert "%" in page.locator(".chance strong").inner_text()
    assert not scrolls_sideways(page), "rating page with a chance"
    page.context.close()
