"""In a real browser: the bots' hand review pages fit a 390 px phone and a 1280 px laptop
(a table's decisions with the costly ones marked, a player's figures and trend chart, the
night's progress, the organiser's switch), and the costly rows stand out."""

import pytest
from django.test import TestCase, override_settings

from league.models import Role
from league.permissions import SYSTEM
from rankings.models import ReviewedDecision
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST
PASSWORD = "review-pass-1"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture
def reviewed_night(transactional_db, eager_celery):
    club = ClubFactory(name="Thursday Night Bluke Club of Greater Springfield", slug="thursday")
    host = UserFactory(username="hostess")
    host.set_password(PASSWORD)
    host.save()
    names = ["Hostess", "Bartholomew-Alexander Featherstonehaugh", "Cy", "Di"]
    players = [PlayerFactory(display_name=name, user=host if name == "Hostess" else None)
               for name in names]
    for player in players:
        MembershipFactory(club=club, player=player,
                          role=Role.ORGANISER if player.user_id else Role.PLAYER)
    table = seated_table(club, players)
    result = result_submit(table=table, record=played_record(seed=3, hands=2), source="bot",
                           user=SYSTEM).game
    with override_settings(REVIEW_BUDGET=2, REVIEW_ON_CLOSE=True), \
            TestCase.captureOnCommitCallbacks(execute=True):
        event_close(event=table.round.event, user=host, force=True, reason="short night")
    decisions = ReviewedDecision.objects.filter(game=result)
    decisions.update(costly=False)  # one costly decision, to look for
    decisions.filter(pk=decisions.first().pk).update(costly=True, loss=7.25)
    return {"club": club, "event": table.round.event, "game": result, "player": players[1]}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_review_pages_fit_a_phone_and_a_laptop(live_server, browser, reviewed_night, size):
    from playwright.sync_api import expect

    world = reviewed_night
    viewport = SIZES[size]
    page = new_page(browser, viewport=viewport)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "hostess")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text("hostess")
    pages = {
        "game": f"/games/{world['game'].pk}/review/",
        "player": f"/players/{world['player'].pk}/review/",
        "night": f"/events/{world['event'].pk}/",
        "club": f"/clubs/{world['club'].slug}/reviews/",
    }
    wide = {}
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, name
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > viewport["width"]:
            wide[name] = width
    assert wide == {}, f"pages wider than {viewport['width']} px: {wide}"

    page.goto(live_server.url + pages["game"])
    costly = page.locator("table.review tr.costly")
    expect(costly).to_have_count(1)
    expect(costly.locator(".badge.costly")).to_be_visible()
    colour = costly.locator("td").first.evaluate("cell => getComputedStyle(cell).backgroundColor")
    assert colour != "rgba(0, 0, 0, 0)"
    page.goto(live_server.url + pages["player"])
    expect(page.locator("svg.chart")).to_have_count(1)
    page.goto(live_server.url + pages["night"])
    expect(page.locator("#night-review")).to_be_visible()
    expect(page.locator("a.review-link")).to_have_count(1)
