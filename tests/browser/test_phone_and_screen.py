"""In a real browser: the players' pages on a 390 px phone, the big screen following a night,
printing to A4, and a long action that cannot be sent twice."""

import datetime
import re

import pytest
from django.test import override_settings
from django.utils import timezone

from league.models import Role
from rankings.models import RatingPool
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.browser.chromium import BROWSER_TEST, new_page
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST
PHONE = {"width": 390, "height": 844}
PASSWORD = "phone-pass-1"


@pytest.fixture
def played_season(transactional_db, eager_celery):
    """A public club's season: two nights played, standings and ratings computed; the
    longest name a club is likely to type; next week's night still to answer."""
    club = ClubFactory(name="Thursday Night Bluke Club of Greater Springfield", slug="thursday")
    user = UserFactory(username="petra")
    user.set_password(PASSWORD)
    user.save()
    names = ["Petra", "Bartholomew-Alexander Featherstonehaugh", "Cy", "Di", "Eve"]
    players = [PlayerFactory(display_name=name, user=user if name == "Petra" else None)
               for name in names]
    for player in players:
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
    season = SeasonFactory(club=club, name="Autumn 2026")
    today = timezone.localdate()
    for week, seats in ((-7, players[:4]), (0, players[1:])):
        event = EventFactory(club=club, season=season, name=f"Night {week}", game="bluke",
                             date=today + datetime.timedelta(days=week))
        table = seated_table(club, seats, round=RoundFactory(event=event))
        _submit(table, seats)
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    upcoming = EventFactory(club=club, season=season, name="Next week", game="bluke",
                            date=today + datetime.timedelta(days=7))
    return {"club": club, "season": season, "player": players[0], "tonight": event,
            "next": upcoming, "pool": RatingPool.objects.filter(club=club).first()}


def _submit(table, seats):
    from league.permissions import SYSTEM

    record = played_record(seats=[p.display_name for p in seats], seed=table.pk)
    result_submit(table=table, record=record, source="import", user=SYSTEM)


def _fits(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_players_pages_fit_a_390_px_phone_and_the_player_answers_for_next_week(
        live_server, browser, played_season):
    from playwright.sync_api import expect

    world = played_season
    page = new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "petra")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text("petra")
    pages = {
        "standings": f"/seasons/{world['season'].pk}/standings/",
        "player": f"/players/{world['player'].pk}/",
        "leaderboard": f"/ratings/{world['pool'].pk}/",
        "night": f"/events/{world['tonight'].pk}/",
        "club": f"/clubs/{world['club'].slug}/",
        "my nights": "/me/",
    }
    wide = {}
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, name
        if _fits(page) > PHONE["width"]:
            wide[name] = _fits(page)
    assert wide == {}, f"pages wider than {PHONE['width']} px: {wide}"

    night = page.locator(f"#night-{world['next'].pk}")
    night.get_by_role("button", name="Coming", exact=True).click()
    expect(night.locator(".answer")).to_have_text("coming")
    world["next"].refresh_from_db()
    assert world["player"].pk in world["next"].seating["attendance"]


@override_settings(SCREEN_REFRESH_SECONDS=1)
def test_the_big_screen_shows_a_new_result_without_reloading(live_server, browser,
                                                             played_season):
    from playwright.sync_api import expect

    tonight = played_season["tonight"]
    club = played_season["club"]
    others = [PlayerFactory(display_name=name) for name in ("Fay", "Gil", "Hal", "Ida")]
    for player in others:
        MembershipFactory(club=club, player=player)
    late_table = seated_table(club, others, round=RoundFactory(event=tonight, published=True))
    page = new_page(browser, viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{tonight.pk}/screen/")
    expect(page.locator("#screen-round-2")).to_contain_text("Fay")
    results = page.locator("#screen-results")
    expect(results).not_to_contain_text("Round 2")
    page.evaluate("window.stillTheSamePage = true")

    _submit(late_table, others)

    expect(results).to_contain_text("Round 2 · table 1")
    expect(page.locator(".provisional-standings")).to_contain_text("Fay")
    assert page.evaluate("window.stillTheSamePage === true")  # swapped in, not reloaded


def test_planning_seats_shows_it_is_working_and_cannot_be_sent_twice(live_server, browser,
                                                                     played_season):
    from playwright.sync_api import expect

    club, night = played_season["club"], played_season["next"]
    host = UserFactory(username="hana")
    host.set_password(PASSWORD)
    host.save()
    MembershipFactory(club=club, player=PlayerFactory(user=host, display_name="Hana"),
                      role=Role.ORGANISER)
    page = new_page(browser)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "hana")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/events/{night.pk}/")
    for box in page.locator(".attendance input[type=checkbox]").all():
        box.check()
    page.click("text=Save attendance")
    expect(page.locator(".messages")).to_contain_text("players marked present")

    held, sent = [], []
    page.route("**/seating/", lambda route: held.append(route))  # hold it: the "long" part
    page.on("request", lambda request: sent.append(request.url)
            if request.method == "POST" and request.url.endswith("/seating/") else None)
    # The answer goes to a frame (which may not show it: the site refuses framing), so the
    # page under test stays put while the request hangs.
    page.evaluate("""() => {
        document.body.insertAdjacentHTML("beforeend", '<iframe name="answer"></iframe>');
        document.querySelector("form.plan").target = "answer";
    }""")
    page.click("#plan-seating")
    button = page.locator("#plan-seating")
    expect(button).to_be_disabled()
    expect(button).to_have_text("Planning seats…")
    second_press_refused = page.evaluate("""() => {
        const press = new SubmitEvent("submit", {cancelable: true, bubbles: true});
        document.querySelector("form.plan").dispatchEvent(press);
        return press.defaultPrevented;
    }""")
    assert second_press_refused
    with page.expect_response(lambda response: response.url.endswith("/seating/")):
        held[0].continue_()
    page.goto(f"{live_server.url}/events/{night.pk}/")
    expect(page.locator("#seating-status")).to_contain_text("Seating planned")
    assert len(sent) == 1 and len(held) == 1


def _pdf_pages(page, url) -> int:
    """Pages of the A4 PDF chromium prints the page to (the print style applies)."""
    page.goto(url)
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", page.pdf(format="A4")))


def test_printing_puts_several_cards_on_an_a4_page_and_a_scoresheet_on_each(
        live_server, browser, transactional_db):
    club = ClubFactory(slug="printers")
    players = [PlayerFactory(display_name=f"Player number {n}") for n in range(32)]
    for player in players:
        MembershipFactory(club=club, player=player)
    night = EventFactory(club=club, name="Printing night")
    rnd = RoundFactory(event=night, published=True)
    for table in range(8):
        seated_table(club, players[table * 4:table * 4 + 4], round=rnd)
    seated_table(club, players[:5],  # five seats: landscape
                 round=RoundFactory(event=night, published=True))
    page = new_page(browser)
    base = f"{live_server.url}/events/{night.pk}/cards"
    table_card_pages = _pdf_pages(page, f"{base}/tables/")
    player_card_pages = _pdf_pages(page, f"{base}/players/")
    sheet_pages = _pdf_pages(page, f"{base}/scoresheets/")
    assert table_card_pages <= 3  # 9 table cards
    assert player_card_pages <= 32 // 4  # 32 player cards
    assert sheet_pages == 9  # one blank scoresheet per table, each on its own page
