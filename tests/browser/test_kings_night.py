"""An organiser who is not a superuser runs a king's table night from their own pages, on a
390 px phone and at 1280 px: chooses the format for a new night, plans the first round,
and, once every table has its result, presses Next round; the winners have moved up. The
dry run of the format fits the phone too."""

import pytest

from league.models import Role
from league.permissions import SYSTEM
from tests.browser.chromium import BROWSER_TEST, WAIT, new_page
from tests.browser.pages import scrolls_sideways
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    played_record,
)
from tournaments.models import Event
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST
PASSWORD = "kings-pass-7"


@pytest.fixture
def club(transactional_db):
    club = ClubFactory(name="Progressive Euchre and Bluke Club", slug="kings", is_public=False)
    user = UserFactory(username="orla")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=club, player=PlayerFactory(user=user, display_name="Orla"),
                      role=Role.ORGANISER)
    for name in ("Ann", "Bartholomew-Alexander", "Cy", "Di", "Eve", "Fay", "Gil"):
        MembershipFactory(club=club, player=PlayerFactory(display_name=name))
    SeasonFactory(club=club, name="Winter")
    return club


def finish_round(event, number):
    """Both tables hand in their scoresheets (through the one result path)."""
    for table in event.rounds.get(number=number).tables.all():
        seats = [s.player.display_name for s in table.seats.order_by("position")]
        result_submit(table=table, record=played_record(seed=table.number, seats=seats),
                      source="form", user=SYSTEM)


@pytest.mark.parametrize("width", (390, 1280))
def test_an_organiser_runs_a_kings_table_night(live_server, browser, club, width,
                                               eager_celery, monkeypatch):
    from playwright.sync_api import expect

    # the worker that forms the next round by itself is down: the organiser presses it
    monkeypatch.setattr("tournaments.services.next_round.after_result_stored",
                        lambda event_id: None)
    expect.set_options(timeout=WAIT)
    page = new_page(browser, viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "orla")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text("orla")

    season = club.seasons.get()
    page.goto(f"{live_server.url}/seasons/{season.pk}/nights/new/")
    page.select_option("#id_format", "kings")
    page.click("#save-night")
    expect(page.locator(".night-format")).to_have_text("King's table")

    for box in page.locator(".attendance input[type=checkbox]").all():
        box.check()
    page.click("text=Save attendance")
    page.fill("#id_rounds", "3")
    page.click("#plan-seating")
    expect(page.locator("#round-1 .table-box")).to_have_count(2)
    expect(page.locator("#round-1 .table-box").first).to_contain_text("King's table")
    expect(page.locator("#next-round")).to_contain_text("Round 1 is being played")
    assert not scrolls_sideways(page), f"the night's page scrolls sideways at {width} px"

    event = Event.objects.get(club=club)
    finish_round(event, 1)
    page.reload()
    page.click("#form-next-round")
    expect(page.locator(".messages")).to_contain_text("Round 2 is seated")
    expect(page.locator("#round-2 .table-box")).to_have_count(2)
    winner = _winner_of(event, table=2)
    expect(page.locator("#round-2 .table-box").first).to_contain_text(winner)
    assert not scrolls_sideways(page), f"the night's page scrolls sideways at {width} px"

    page.click("#preview-format")  # the dry run: the same format with drawn results
    expect(page.locator("#preview-round-3 .table-box")).to_have_count(2)
    assert not scrolls_sideways(page), f"the dry run scrolls sideways at {width} px"
    page.context.close()


def _winner_of(event, table):
    result = event.rounds.get(number=1).tables.get(number=table).result
    seats = list(result.table.seats.order_by("position").select_related("player"))
    best = min(range(len(seats)), key=lambda i: (result.ranks[i], i))
    return seats[best].player.display_name
