"""The organiser's attendance list in a real browser: on a 390 px phone and at 1280 px every
name sits whole in one column, never split between two."""

import pytest

from league.models import Role
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
)

pytestmark = BROWSER_TEST
NAMES = ["Bartholomew-Alexander Featherstonehaugh", "Cy", "Dimitra Papadopoulou", "Eve",
         "Farouk Abd al-Rahman", "Gil", "Hana", "Ivo", "Jun", "Konstantina Alexandropoulou",
         "Lu", "Mo"]

# Each label is one box: a label broken across two columns has two.
SPLIT = """() => [...document.querySelectorAll('.attendance .checks label')]
  .filter(label => label.getClientRects().length !== 1)
  .map(label => label.textContent.trim())"""


@pytest.fixture
def night(transactional_db):
    club = ClubFactory(slug="attendance-club")
    user = UserFactory(username="orla")
    MembershipFactory(club=club, role=Role.ORGANISER,
                      player=PlayerFactory(user=user, display_name="Orla"))
    for name in NAMES:
        MembershipFactory(club=club, player=PlayerFactory(display_name=name))
    return EventFactory(club=club), user


@pytest.mark.parametrize("width", [390, 1280])
def test_no_name_is_split_between_columns(live_server, browser, night, width):
    event, user = night
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert page.locator(".attendance .checks label").count() == len(NAMES) + 1
    assert page.evaluate(SPLIT) == []
    page.context.close()
