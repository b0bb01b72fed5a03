"""A club organiser who is not a superuser runs a night from their own pages, never the
admin: a season, a night, a drop-out and a walk-in, a substitute, a re-plan, a scoresheet
with a mistake put right, and closing the night."""

import re

import pytest

from league.models import Role
from tests.browser.chromium import BROWSER_TEST, WAIT
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = BROWSER_TEST
PASSWORD = "journey-pass-2"


@pytest.fixture
def club(transactional_db):
    club = ClubFactory(name="Friday Club", slug="friday", is_public=False)
    user = UserFactory(username="orla")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=club, player=PlayerFactory(user=user, display_name="Orla"),
                      role=Role.ORGANISER)
    for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gil"):
        MembershipFactory(club=club, player=PlayerFactory(display_name=name))
    return club


def test_an_organiser_runs_a_night_without_the_admin(live_server, page, club,
                                                     eager_celery):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "orla")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text("orla")

    # A season of New Jersey Bluke, then its first night.
    page.goto(f"{live_server.url}/clubs/friday/")
    page.click("text=New season")
    page.fill("#id_name", "Autumn")
    page.select_option("#id_opt-variant", "new-jersey")
    page.click("#save-season")
    expect(page.locator("h1")).to_have_text("Autumn")
    expect(page.locator("main")).to_contain_text("variant: New Jersey")
    page.click("text=New night in this season")
    page.click("#save-night")
    expect(page.locator("h1")).to_have_text("League night 1")

    # Everyone is here: seat two rounds, publish the first.
    for box in page.locator(".attendance input[type=checkbox]").all():
        box.check()
    page.click("text=Save attendance")
    page.fill("#id_rounds", "2")
    page.click("#plan-seating")
    expect(page.locator("#seating-status")).to_contain_text("Seating planned")
    page.locator("#round-1 h2 button", has_text="Publish").click()
    expect(page.locator("#round-1 .tag")).to_have_text("published")

    # Gil goes home, Ivy walks in: the plan says it is out of date.
    page.locator(".attendance label", has_text="Gil").locator("input").uncheck()
    page.click("text=Save attendance")
    page.fill("#walk-in-name", "Ivy")
    page.click("#add-walk-in")
    expect(page.locator(".messages")).to_contain_text("Ivy joined the club and is marked "
                                                      "present")
    stale = page.locator("#plan-stale")
    expect(stale).to_contain_text("Left since it was planned: Gil")
    expect(stale).to_contain_text("Arrived since: Ivy")

    # Ivy takes Gil's seat in the published round; round 2 is re-planned in one click.
    page.locator("#round-1 .table-box", has_text="Gil").locator(".substitute-link").click()
    row = page.locator("tbody tr").filter(has=page.locator("td.now", has_text="Gil"))
    row.locator("select").select_option(label="Ivy")
    row.locator("button").click()
    expect(page.locator(".messages")).to_contain_text("Ivy now sits in seat")
    expect(page.locator("#round-1")).not_to_contain_text("Gil")
    page.click("#replan")
    expect(page.locator("#plan-stale")).to_have_count(0)
    expect(page.locator("#round-2")).to_contain_text("Ivy")
    expect(page.locator("#round-2")).not_to_contain_text("Gil")

    # A scoresheet with a mistake the page points at, put right and saved.
    page.locator("#round-1 .table-links a", has_text="Scoresheet").first.click()
    for seat, won in enumerate([1, 1, 0, 0]):  # hand 1 of New Jersey deals one card
        page.fill(f"#bid-1-{seat}", "1")
        page.fill(f"#tricks-1-{seat}", str(won))
    expect(page.locator("#check-1")).to_contain_text("tricks add up to 2")
    page.fill("#tricks-1-1", "0")
    expect(page.locator("#check-1")).to_contain_text("✓")
    page.click("#save-sheet")
    expect(page.locator(".messages")).to_contain_text("1 hand saved (in progress)")

    # Closing with tables still open needs a reason; the night then says it is closed.
    page.locator(".crumbs a", has_text="League night 1").click()
    page.locator(".close-night input[name=force]").check()
    page.fill("#close-reason", "The hall closed early")
    page.click("#close-night")
    expect(page.locator(".messages")).to_contain_text("The night is closed")
    expect(page.locator(".status")).to_have_text(re.compile("Closed"))
