"""Table entry on a 390 px phone: a player opens their seat link, enters the table's
result, a player of another side confirms it on a second phone; the standings change only
then, and the submitter's own confirmation is refused."""

import pytest

from tests.browser.chromium import BROWSER_TEST, WAIT, new_page
from tests.browser.pages import log_in
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    played_record,
    seated_table,
)

pytestmark = BROWSER_TEST
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@pytest.fixture
def night(transactional_db):
    club = ClubFactory(name="Thursday Club", slug="thursday", is_public=False)
    players = [PlayerFactory(display_name=name) for name in ("Ann", "Bob", "Cy", "Di")]
    for player in players:
        MembershipFactory(club=club, player=player)
    season = SeasonFactory(club=club, game="bluke")
    event = EventFactory(club=club, season=season, game="bluke")
    table = seated_table(club, players, round=RoundFactory(event=event))
    return season, table


def _links(table):
    from league.permissions import SYSTEM
    from tournaments.services.seat_links import seat_links_for_event, seat_token

    links = seat_links_for_event(event=table.round.event, user=SYSTEM)
    return {k.seat.position: seat_token(k) for k in links}


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_seat_submits_on_a_phone_and_an_opponent_confirms_on_another(
        live_server, browser, night, eager_celery):
    from playwright.sync_api import expect

    from rankings.models import StandingRow
    from tournaments.models import PendingResult, TableResult

    expect.set_options(timeout=WAIT)
    season, table = night
    tokens = _links(table)
    record = played_record(seed=3, seats=["Ann", "Bob", "Cy", "Di"])

    ann = new_page(browser, **PHONE)
    ann.goto(f"{live_server.url}/seat/{tokens[0]}/")
    expect(ann.locator("#entry-state")).to_contain_text("You enter as seat 1")
    assert _fits(ann)
    for number, hand in enumerate(record["hands"], start=1):
        ann.select_option(f"#trump-{number}", hand["trump"] or "")
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            ann.fill(f"#bid-{number}-{seat}", str(bid))
            ann.fill(f"#tricks-{number}-{seat}", str(won))
    expect(ann.locator("#check-25")).to_contain_text("✓")
    ann.click("#entry-submit")
    expect(ann.locator("#entry-status")).to_contain_text("Awaiting confirmation")
    assert _fits(ann)
    assert PendingResult.objects.get().state == "pending"
    assert not TableResult.objects.exists()
    assert not StandingRow.objects.filter(season=season).exists()

    # Ann's own confirmation, sent as her phone's app would: refused, nothing stored.
    refused = ann.request.post(f"{live_server.url}/api/v1/tables/{table.pk}/result/confirm/",
                               headers={"Authorization": f"Seat {tokens[0]}"})
    assert refused.status == 403 and "You submitted" in refused.json()["detail"]
    assert not TableResult.objects.exists()
    expect(ann.locator("#entry-confirm")).to_have_count(0)

    bob = new_page(browser, **PHONE)
    bob.goto(f"{live_server.url}/seat/{tokens[1]}/")
    expect(bob.locator("#entry-status")).to_contain_text("submitted by seat 1")
    assert _fits(bob)
    bob.click("#entry-confirm")
    expect(bob.locator(".messages")).to_contain_text("confirmed and stored")
    game = TableResult.objects.get()
    assert game.totals == record["totals"] and game.source == "table"
    rows = StandingRow.objects.filter(season=season)
    assert rows.count() == 4
    ann.context.close()
    bob.context.close()


@pytest.fixture
def mighty_dispute(transactional_db):
    """A Mighty table whose seat 1 submitted and seat 2 disputed with another record."""
    from league.models import Role
    from tests.factories import UserFactory
    from tournaments.models import WayIn
    from tournaments.services.table_entry import SeatActor, pending_dispute, pending_submit

    club = ClubFactory(name="Friday Club", slug="friday")
    olive = UserFactory(username="olive")
    MembershipFactory(club=club, player=PlayerFactory(user=olive, display_name="Olive"),
                      role=Role.ORGANISER)
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]
    players = [PlayerFactory(display_name=name) for name in names]
    for player in players:
        MembershipFactory(club=club, player=player)
    table = seated_table(club, players, game="mighty")
    first, other = (played_record("mighty", players=5, seed=s, seats=names, hands=4)
                    for s in (1, 2))
    seat = table.seats.get
    pending_submit(table=table, record=first,
                   actor=SeatActor(seat=seat(position=0), via=WayIn.SEAT_LINK))
    pending_dispute(table=table, record=other, reason="hand 2",
                    actor=SeatActor(seat=seat(position=1), via=WayIn.SEAT_LINK))
    return table, other


def _log_in(page, live_server, username):
    """A session made on the server, handed to the browser (the login form has its own
    browser tests)."""
    from django.contrib.auth import get_user_model

    log_in(page, live_server, get_user_model().objects.get(username=username))


@pytest.mark.parametrize("width", [390, 1280])
def test_the_organiser_compares_a_disputed_mighty_result_and_picks_one(
        live_server, browser, mighty_dispute, eager_celery, width):
    from playwright.sync_api import expect

    from tournaments.models import TableResult

    expect.set_options(timeout=WAIT)
    table, other = mighty_dispute
    page = new_page(browser, viewport={"width": width, "height": 900})
    _log_in(page, live_server, "olive")
    page.goto(f"{live_server.url}/events/{table.round.event_id}/")
    page.click("#entry-queue a:has-text('Compare and decide')")
    expect(page.locator("#entry-compare")).to_contain_text("passes the rules check")
    expect(page.locator("#entry-compare tr.differs").first).to_be_visible()
    assert _fits(page)
    page.goto(f"{live_server.url}/events/{table.round.event_id}/seat-links/")
    expect(page.locator(".seat-link-card")).to_have_count(5)
    assert _fits(page)
    page.go_back()
    page.click("#decide-disputed")
    expect(page.locator(".messages")).to_contain_text("result stored")
    assert TableResult.objects.get(table=table).record == other
    page.context.close()


def test_offline_the_hands_survive_a_reload_and_the_result_is_sent_once_back_online(
        live_server, browser, night, eager_celery):
    from playwright.sync_api import expect

    from tournaments.models import ClubEntrySetting, EntryMode, PendingResult, TableResult

    expect.set_options(timeout=WAIT)
    season, table = night
    ClubEntrySetting.objects.create(club=table.round.event.club, mode=EntryMode.AT_ONCE)
    token = _links(table)[0]
    record = played_record(seed=3, seats=["Ann", "Bob", "Cy", "Di"], hands=3)
    answers = []
    ann = new_page(browser, **PHONE)
    ann.on("response", lambda response: answers.append(response.status))
    ann.goto(f"{live_server.url}/seat/{token}/")
    ann.wait_for_function("navigator.serviceWorker.controller !== null || "
                          "navigator.serviceWorker.ready.then(() => true)")
    ann.wait_for_function("caches.has('seat-entry-v1')")
    ann.reload()  # now through the service worker
    ann.wait_for_function("navigator.serviceWorker.controller !== null")

    ann.context.set_offline(True)
    for number, hand in enumerate(record["hands"], start=1):
        ann.select_option(f"#trump-{number}", hand["trump"] or "")
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            ann.fill(f"#bid-{number}-{seat}", str(bid))
            ann.fill(f"#tricks-{number}-{seat}", str(won))
    expect(ann.locator("#check-3")).to_contain_text("not checked")
    ann.reload()
    expect(ann.locator("#offline-note")).to_contain_text("back from this phone")
    assert ann.input_value("#tricks-3-3") == str(record["hands"][2]["tricks"][3])
    ann.click("#entry-submit")
    expect(ann.locator("#offline-note")).to_contain_text("waits on this phone")
    assert not PendingResult.objects.exists()

    ann.context.set_offline(False)
    expect(ann.locator("#entry-status")).to_contain_text("Confirmed")
    assert TableResult.objects.count() == 1 and PendingResult.objects.count() == 1
    assert len(TableResult.objects.get().record["hands"]) == 3
    assert not [status for status in answers if status >= 500]
    ann.context.close()


def test_a_result_whose_answer_the_network_drops_is_sent_again_and_stored_once(
        live_server, browser, night, eager_celery):
    """The phone sends the queued result, the server stores it, the answer is lost on the
    way back; the phone sends it again with the same entry key: one stored result."""
    from urllib.parse import parse_qs

    from playwright.sync_api import expect

    from league.models import IdempotencyRecord
    from tournaments.models import ClubEntrySetting, EntryMode, PendingResult, TableResult

    expect.set_options(timeout=WAIT)
    season, table = night
    ClubEntrySetting.objects.create(club=table.round.event.club, mode=EntryMode.AT_ONCE)
    token = _links(table)[0]
    record = played_record(seed=3, seats=["Ann", "Bob", "Cy", "Di"], hands=3)
    # Service workers off: requests then pass through the routes below.
    ann = new_page(browser, **PHONE, service_workers="block")
    keys, answers = [], []
    ann.on("response", lambda response: answers.append(response.status))

    def drop_the_first_answer(route):
        if route.request.method != "POST" or route.request.url.endswith("/check/"):
            return route.continue_()
        keys.append(parse_qs(route.request.post_data)["entry_key"])
        response = route.fetch()  # the server stores the result ...
        if len(keys) == 1:
            return route.abort("internetdisconnected")  # ... and its answer is lost
        return route.fulfill(response=response)

    ann.route(f"**/seat/{token}/**", drop_the_first_answer)
    ann.goto(f"{live_server.url}/seat/{token}/")
    for number, hand in enumerate(record["hands"], start=1):
        ann.select_option(f"#trump-{number}", hand["trump"] or "")
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            ann.fill(f"#bid-{number}-{seat}", str(bid))
            ann.fill(f"#tricks-{number}-{seat}", str(won))
    expect(ann.locator("#check-3")).to_contain_text("✓")
    ann.context.set_offline(True)
    ann.click("#entry-submit")
    expect(ann.locator("#offline-note")).to_contain_text("waits on this phone")

    with ann.expect_event("requestfailed"):
        ann.context.set_offline(False)  # sent: stored, but the phone hears nothing back
    expect(ann.locator("#offline-note")).to_contain_text("waits on this phone")
    assert len(keys) == 1 and TableResult.objects.count() == 1
    ann.reload()  # the queue is still on the phone: sent again, with the same key
    expect(ann.locator("#entry-status")).to_contain_text("Confirmed")

    assert len(keys) == 2 and keys[0] == keys[1]
    assert TableResult.objects.count() == 1 and PendingResult.objects.count() == 1
    assert IdempotencyRecord.objects.filter(key=keys[0][0]).count() == 1
    assert not [status for status in answers if status >= 500]
    ann.context.close()


@pytest.fixture
def mighty_night(transactional_db):
    club = ClubFactory(name="Saturday Club", slug="saturday")
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]
    players = [PlayerFactory(display_name=name) for name in names]
    for player in players:
        MembershipFactory(club=club, player=player)
    return seated_table(club, players, game="mighty"), names


def _fill_engine_hand(page, number, summary):
    for key, value in summary.items():
        values = value if isinstance(value, list) else [value]
        for index, one in enumerate(values):
            target = f"#f-{number}-{key}" + (f"-{index}" if isinstance(value, list) else "")
            field = page.locator(target)
            text = "" if one is None else str(one)
            if field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(text)
            else:
                field.fill(text)


def test_a_mighty_hand_entered_on_a_phone_is_confirmed_by_another_player(
        live_server, browser, mighty_night, eager_celery):
    from playwright.sync_api import expect

    from tournaments.models import TableResult

    expect.set_options(timeout=WAIT)
    table, names = mighty_night
    tokens = _links(table)
    hand = played_record("mighty", players=5, seed=4, seats=names, hands=1)["hands"][0]
    cy = new_page(browser, **PHONE)
    cy.goto(f"{live_server.url}/seat/{tokens[2]}/")
    _fill_engine_hand(cy, 1, hand["summary"])
    expect(cy.locator("#check-1")).to_contain_text("✓")
    assert _fits(cy)
    cy.click("#entry-submit")
    expect(cy.locator("#entry-status")).to_contain_text("Awaiting confirmation")
    assert not TableResult.objects.exists()
    eve = new_page(browser, **PHONE)
    eve.goto(f"{live_server.url}/seat/{tokens[4]}/")
    eve.click("#entry-confirm")
    expect(eve.locator(".messages")).to_contain_text("confirmed and stored")
    game = TableResult.objects.get()
    assert game.hands.count() == 1 and game.hands.get().summary == hand["summary"]
    cy.context.close()
    eve.context.close()
