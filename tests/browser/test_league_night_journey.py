"""An organiser's league night in a real browser: seat the players, score a table."""

import re

import pytest

from league.models import Role
from tests.browser.chromium import BROWSER_TEST, WAIT
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
)

pytestmark = BROWSER_TEST


@pytest.fixture
def league_night(transactional_db):
    club = ClubFactory(name="Thursday Club", slug="thursday")
    user = UserFactory(username="olive")
    user.set_password(factory_password())
    user.save()
    MembershipFactory(club=club, player=PlayerFactory(user=user, display_name="Olive"),
                      role=Role.ORGANISER)
    for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gil"):
        MembershipFactory(club=club, player=PlayerFactory(display_name=name))
    return EventFactory(club=club, name="Week 7")


def factory_password():
    return "journey-pass-1"


def test_it_seats_a_night_and_scores_a_table_with_live_checks(
        live_server, page, league_night, eager_celery):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olive")
    page.fill("#id_password", factory_password())
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text("olive")

    page.goto(f"{live_server.url}/events/{league_night.pk}/")
    for box in page.locator(".attendance input[type=checkbox]").all():
        box.check()
    page.click("text=Save attendance")
    expect(page.locator(".messages")).to_contain_text("8 players marked present")

    page.fill("#id_rounds", "2")
    page.click("#plan-seating")
    expect(page.locator("#seating-status")).to_contain_text("Seating planned")
    expect(page.locator("#round-2")).to_be_visible()

    page.locator("#round-1 .table-links a", has_text="Scoresheet").first.click()
    expect(page.locator("h1")).to_contain_text("Round 1 · Table 1")

    # Hand 1 (13 cards): everyone bids 3; the tricks are written wrong (12, not 13).
    for seat, (bid, won) in enumerate([(3, 4), (3, 3), (3, 3), (3, 2)]):
        page.fill(f"#bid-1-{seat}", str(bid))
        page.fill(f"#tricks-1-{seat}", str(won))
    row = page.locator("#check-1")
    expect(row).to_contain_text("tricks add up to 12 but 13 cards were dealt")
    expect(page.locator("#flag-1-tricks-3")).to_have_class(re.compile(r"\bbad\b"))
    expect(page.locator("#check-2")).to_have_text("")

    page.fill("#tricks-1-3", "3")
    expect(row).to_contain_text("✓")
    expect(row).not_to_contain_text("tricks add up")
    expect(page.locator("#running-1-0")).to_have_text("31")

    page.click("#save-sheet")
    expect(page.locator(".messages")).to_contain_text("1 hand saved (in progress)")
    expect(page.locator("#total-0")).to_have_text("31")
    expect(page.locator("#total-1")).to_have_text("30")
    expect(page.locator("#tricks-1-0")).to_have_value("4")
