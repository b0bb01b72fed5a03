"""The player's own data section and the erase page on a 390 px phone and at 1280 px."""

import pytest
from django.test import Client

from league.models import Membership, Player, Role
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import ClubFactory, UserFactory
from tests.rankings.archive_helpers import played_season

pytestmark = BROWSER_TEST
SCROLLS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


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
    client = Client()
    client.force_login(user)
    page = new_page(browser, viewport={"width": width, "height": 900})
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])
    page.goto(f"{live_server.url}/players/{player.pk}/")
    assert page.locator(".my-data").is_visible()
    assert not page.evaluate(SCROLLS), "player page"
    page.click("text=Erase my data…")
    assert page.locator("#erase-my-data").is_visible()
    assert not page.evaluate(SCROLLS), "erase page"
    page.context.close()
