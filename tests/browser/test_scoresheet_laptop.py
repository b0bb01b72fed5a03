"""The scoresheet entry page on a laptop, in a real browser: every seat of a five-seat
table (Mighty; Bluke with five) is in view at 1280, 1366 and 1440 px, none under the
sticky Check column; keyboard focus never lands under it at any game's largest table;
and the live check says "not checked" whenever it cannot give a verdict."""

import pytest

from games import rules
from league.models import Role
from tests.browser.chromium import BROWSER_TEST, WAIT
from tests.browser.pages import page_at
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    played_record,
    seated_table,
)

pytestmark = BROWSER_TEST
LAPTOPS = (1280, 1366, 1440)
NAMES = ["Petra", "Bartholomew Featherstonehaugh", "Cy", "Dimitra Papadopoulou", "Eve",
         "Farouk", "Gil", "Hana", "Ivo", "Jun"]

# Where an element sits and whether the Check column covers any of it; `hidden` lists
# what is outside the page's width or under the column, `blocked` what another element
# covers at its centre (the sticky column, most likely).
LAYOUT = """(selector) => {
  const check = document.querySelector('#hand-1 td.check').getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const out = {hidden: [], blocked: [], scrolls: document.documentElement.scrollWidth > width};
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    const name = el.id || el.textContent.trim();
    if (r.left < 0 || r.right > check.left + 0.5 || r.right > width) out.hidden.push(name);
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (hit && hit !== el && !el.contains(hit)) out.blocked.push(name);
  }
  return out;
}"""

FOCUSED = """() => {
  const el = document.activeElement;
  const r = el.getBoundingClientRect();
  const check = el.closest('tr').querySelector('td.check').getBoundingClientRect();
  const wrap = el.closest('.sheet-wrap').getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return {id: el.id, clear: r.right <= check.left + 0.5 && r.left >= wrap.left - 0.5,
          on_top: !!hit && (hit === el || el.contains(hit))};
}"""


@pytest.fixture
def organiser(transactional_db):
    club = ClubFactory(slug="laptop-club")
    user = UserFactory(username="olive")
    MembershipFactory(club=club, role=Role.ORGANISER,
                      player=PlayerFactory(user=user, display_name="Olive"))
    return club, user


def _table(club, game, seats):
    players = [PlayerFactory(display_name=name) for name in NAMES[:seats]]
    for player in players:
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
    return seated_table(club, players, game=game)


def _open(browser, live_server, user, table, width, height=800):
    page = page_at(browser, live_server, width, user=user, height=height)
    page.goto(f"{live_server.url}/tables/{table.pk}/scoresheet/")
    return page


@pytest.mark.parametrize("width", LAPTOPS)
@pytest.mark.parametrize("game", ["mighty", "bluke"])
def test_a_five_seat_sheet_shows_every_seat_beside_the_check_column(
        live_server, browser, organiser, game, width):
    club, user = organiser
    page = _open(browser, live_server, user, _table(club, game, 5), width)
    seats = ".seat-head, .unit-head, #hand-1 input, #hand-1 select, #hand-1 td.score, " \
            "#hand-1 td.running"
    layout = page.evaluate(LAYOUT, seats)
    assert not layout["scrolls"], "the page scrolls sideways"
    assert layout["hidden"] == [] and layout["blocked"] == [], layout
    page.context.close()


@pytest.mark.parametrize("game", sorted(name for name, cls in rules.GAMES.items()
                                         if cls.__module__.startswith("games.")))
def test_keyboard_focus_never_lands_under_the_check_column_at_1280_px(
        live_server, browser, organiser, game):
    """Tab through every input of the first hand of the game's largest table."""
    club, user = organiser
    page = _open(browser, live_server, user, _table(club, game, rules.GAMES[game].max_players),
                 1280)
    inputs = page.locator("#hand-1 input, #hand-1 select")
    count = inputs.count()
    assert count
    inputs.first.focus()
    seen = []
    for _ in range(count):
        where = page.evaluate(FOCUSED)
        assert where["clear"] and where["on_top"], where
        seen.append(where["id"])
        page.keyboard.press("Tab")
    assert seen == [inputs.nth(i).get_attribute("id") for i in range(count)]
    page.context.close()


def _fill_joker_hand(page, hand):
    for field in ("bids", "tricks"):
        for seat, value in enumerate(hand["summary"][field]):
            page.fill(f"#f-1-{field}-{seat}", str(value))


def test_the_live_check_never_keeps_an_old_tick(live_server, browser, organiser):
    from playwright.sync_api import expect

    club, user = organiser
    table = _table(club, "joker", 4)
    hand = played_record("joker", seed=3, hands=1, seats=NAMES[:4])["hands"][0]
    page = _open(browser, live_server, user, table, 1280)
    check = page.locator("#check-1")
    _fill_joker_hand(page, hand)
    expect(check).to_have_text("✓", timeout=WAIT)

    page.fill("#f-1-tricks-2", "12")  # out of range: 0 to 9
    expect(check).not_to_contain_text("✓", timeout=WAIT)
    expect(check).to_have_class("row-check bad", timeout=WAIT)

    page.fill("#f-1-tricks-2", str(hand["summary"]["tricks"][2]))
    expect(check).to_have_text("✓", timeout=WAIT)

    # the check cannot run (the connection drops): the row is "not checked", not ✓
    page.route("**/scoresheet/check/", lambda route: route.abort())
    page.fill("#f-1-tricks-2", str(hand["summary"]["tricks"][2] + 1))
    expect(check).to_contain_text("not checked", timeout=WAIT)
    expect(check).not_to_contain_text("✓", timeout=WAIT)
    page.context.close()


def test_on_a_390_px_phone_the_sheet_scrolls_in_its_box_and_says_what_each_column_holds(
        live_server, browser, organiser):
    from playwright.sync_api import expect

    club, user = organiser
    page = _open(browser, live_server, user, _table(club, "pitch", 4), 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("#about-high")).to_contain_text("the side that took the highest trump")
    expect(page.locator("#about-high")).to_be_in_viewport()
    high = page.locator("#f-1-high")
    high.scroll_into_view_if_needed()
    high.select_option(label="Bartholomew Featherstonehaugh & Dimitra Papadopoulou")
    assert high.input_value() == "1"
    page.context.close()
