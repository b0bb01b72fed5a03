"""The projector at 1920x1080: a night of 24 (or 40) players shows where everyone sits now,
and the page itself brings up the rest; unpublished rounds never reach it. On a 390 px
phone the same page fits the width."""

import pytest
from django.test import override_settings

from league.permissions import SYSTEM
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    played_record,
    seated_table,
)
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST
PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
ROUNDS, PUBLISHED = 7, 5

# Whether an element is shown whole: visible, inside the viewport and inside the panel that
# holds it (a panel taller than its box shows the rest as it scrolls).
SHOWN = """el => {
  const box = el.getBoundingClientRect();
  const panel = el.closest("[data-cycle-item]");
  const room = panel ? panel.getBoundingClientRect()
                     : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  return el.checkVisibility() && box.width > 0
    && box.top >= Math.max(0, room.top) - 1 && box.left >= Math.max(0, room.left) - 1
    && box.bottom <= Math.min(innerHeight, room.bottom) + 1
    && box.right <= Math.min(innerWidth, room.right) + 1;
}"""
# The elements of `selector` not shown whole right now.
NOT_SHOWN = f"""(selector) => [...document.querySelectorAll(selector)]
  .filter(el => !({SHOWN})(el)).map(el => el.textContent.trim().slice(0, 40))"""
# Whether the index-th element of `selector` is shown whole right now.
SHOWN_NTH = f"""([selector, index]) =>
  ({SHOWN})(document.querySelectorAll(selector)[index])"""


def _big_night(tables: int, size: int):
    """Two more present than seated, in each of 7 rounds of `tables` tables of `size` (a
    different pair sits out each round); rounds 1-5 published; round 1 played to the end,
    so round 2 is the one being played."""
    club = ClubFactory(slug="projector")
    seated = tables * size
    players = [PlayerFactory(display_name=name) for name in
               ["Bartholomew-Alexander Featherstonehaugh", "Marguerite Oyelaran-Smith",
                *(f"Player {n}" for n in range(3, seated + 3))]]
    for player in players:
        MembershipFactory(club=club, player=player)
    night = EventFactory(club=club, name="Big night", game="bluke")
    sit_outs = []
    for number in range(ROUNDS):
        rnd = RoundFactory(event=night, published=number < PUBLISHED)
        turn = players[2 * number:] + players[:2 * number]
        sit_outs.append([p.pk for p in turn[seated:]])
        for table in range(tables):
            seats = turn[table * size:(table + 1) * size]
            seated_one = seated_table(club, seats, round=rnd)
            if number == 0:
                record = played_record(players=size, seats=[p.display_name for p in seats],
                                       seed=table)
                result_submit(table=seated_one, record=record, source="import", user=SYSTEM)
    night.seating = {"sit_outs": sit_outs, "kept_rounds": []}
    night.save()
    return night


@override_settings(SCREEN_CYCLE_SECONDS=2)
@pytest.mark.parametrize("tables, size", [(6, 4), (8, 5)])
def test_the_projector_shows_the_current_round_and_brings_up_the_rest_by_itself(
        live_server, browser, transactional_db, eager_celery, tables, size):
    from playwright.sync_api import expect

    big_night = _big_night(tables, size)
    page = new_page(browser, viewport=PROJECTOR)
    page.goto(f"{live_server.url}/events/{big_night.pk}/screen/")
    now = page.locator(".screen-now")
    expect(now).to_have_id("screen-round-2")
    assert now.locator(".table-box").count() == tables
    assert now.locator(".seats li").count() == tables * size
    expect(now.locator(".screen-sit-outs")).to_contain_text("Featherstonehaugh")
    for selector in (".screen-now h2", ".screen-now .table-box", ".screen-now .seats li",
                     ".screen-now .screen-sit-outs"):
        assert page.evaluate(NOT_SHOWN, selector) == [], selector
    assert page.evaluate("[document.documentElement.scrollWidth,"
                         " document.documentElement.scrollHeight]") == [1920, 1080]

    # The rest: the standings, the results and every other published round, each part of
    # them shown whole at some moment, the page turning (and scrolling) by itself.
    for panel in ("section.screen-panel:has(.provisional-standings)", "#screen-results",
                  "#screen-round-1", "#screen-round-3", "#screen-round-4", "#screen-round-5"):
        parts = f"{panel} h2, {panel} tr, {panel} li, {panel} .table-box"
        for index in range(page.locator(parts).count()):
            page.wait_for_function(SHOWN_NTH, arg=[parts, index])
    for hidden in ("#screen-round-6", "#screen-round-7"):
        assert page.locator(hidden).count() == 0
    expect(page.locator(".screen-meta")).to_contain_text("2 rounds not published yet")

    phone = new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{live_server.url}/events/{big_night.pk}/screen/")
    assert phone.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
