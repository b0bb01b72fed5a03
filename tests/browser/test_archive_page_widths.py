"""The player's own data section and the erase page on a 390 px phone and at 1280 px."""

import pytest

from league.models import Membership, Player, Role
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import ClubFactory, UserFactory
from tests.rankings.archive_helpers import played_season

pytestmark = BROWSER_TEST


@pytest.fixture
def wilhelmina(transactional_db):
    club = ClubFactory(slug="archive-widths", name="Archive Widths Club")
    user = UserFactory(username="wilhelmina")
    names = ["Wilhelmina Featherstonehaugh-Papadopoulou", "Bartholomew-Alexander Smythe",
             "Cy", "Dimitra"]
    players = [Player.objects.create(display_name=name) for name in names]
    Player.objects.filter(pk=players[0].pk).update(user=user)
    for index, player in enumerate(players):
        Membership.objects.create(club=club, player=player,
                                  role=Role.OWNER if index == 1 else Role.PLAYER)
    played_season(club, players)
    return user, players[0]


@pytest.mark.parametrize("width", (390, 1280))
def test_the_data_section_and_the_erase_page_fit(live_server, browser, wilhelmina, width):
    user, player = wilhelmina
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/players/{player.pk}/")
    assert page.locator(".my-data").is_visible()
    assert not scrolls_sideways(page), "player page"
    page.click("text=Erase my data…")
    assert page.locator("#erase-my-data").is_visible()
    assert not scrolls_sideways(page), "erase page"
    page.context.close()
