"""An online Bluke table played in two browsers: Ann logged in at 1280 px with the keyboard,
Bob by his seat link on a 390 px phone, two club bots in the empty seats. Neither page is
ever reloaded: each move reaches the other page as news (server-sent events). The match is
stored and the season's standings show it."""

import pytest

from tests.browser.chromium import BROWSER_TEST, WAIT, new_page
from tests.factories import (
    ClubFactory,
    EventFactory,
    MembershipFactory,
    PlayerFactory,
    RoundFactory,
    SeasonFactory,
    TableFactory,
    UserFactory,
)

pytestmark = BROWSER_TEST
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}
SHORT = {"max_cards": 2}  # three hands of 2, 1 and 2 cards
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def short_streams(monkeypatch):
    """Event streams of 3 s that notice a closed page within a second, so none is still
    reading the database when the test's database goes."""
    import time

    from tournaments.views import online

    monkeypatch.setattr(online, "NEWS_SECONDS", 3.0)
    monkeypatch.setattr(online, "KEEPALIVE_SECONDS", 0.5)
    yield
    time.sleep(3.5)  # the streams of the closed pages end (no assertion waits on this)


@pytest.fixture
def sqlite_one_writer(transactional_db, short_streams, monkeypatch):
    """The test database in SQLite is one shared in-memory cache, where a lock fails the
    other connection at once ("database table is locked") instead of waiting, as a file
    database or PostgreSQL would. The seats' event streams read the table every 0.2 s while
    moves are written: here readers take no locks and the requests run one at a time (the
    streams wait outside them). PostgreSQL needs neither."""
    import threading

    from django.core.handlers.base import BaseHandler
    from django.db import connection
    from django.db.backends.signals import connection_created

    if connection.vendor != "sqlite":
        yield
        return

    def no_read_locks(sender, connection, **kwargs):
        connection.cursor().execute("PRAGMA read_uncommitted = 1")

    one_at_a_time = threading.Lock()
    get_response = BaseHandler.get_response

    def serialized(self, request):
        with one_at_a_time:
            return get_response(self, request)

    monkeypatch.setattr(BaseHandler, "get_response", serialized)
    connection_created.connect(no_read_locks)
    connection.ensure_connection()
    no_read_locks(None, connection)
    yield
    connection_created.disconnect(no_read_locks)


def online_night(tables_online=1, tables_paper=0, *, club_name="Online Club"):
    """A public club's night of Bluke tables of four: the online ones with Ann and Bob and
    two empty seats (the bots come at the start), the paper ones fully seated."""
    from league.models import Role
    from league.permissions import SYSTEM
    from tournaments.models import Seat
    from tournaments.services.online_tables import tables_set_online

    club = ClubFactory(name=club_name, slug=club_name.lower().replace(" ", "-"),
                       is_public=True)
    organiser = UserFactory(username=f"org-{club.slug}")
    MembershipFactory(club=club, player=PlayerFactory(user=organiser, display_name="Olive"),
                      role=Role.ORGANISER)
    season = SeasonFactory(club=club, game="bluke", options=SHORT)
    event = EventFactory(club=club, season=season, game="bluke", options=SHORT)
    round_ = RoundFactory(event=event)
    humans, tables = [], []
    for number in range(tables_online):
        table = TableFactory(round=round_, game="bluke", options=SHORT)
        pair = []
        for position in range(4):
            player = None
            if position in (0, 2):
                name = ("Ann", "Bob", "Cat", "Dan")[2 * number + position // 2]
                user = UserFactory(username=name.lower())
                player = PlayerFactory(user=user, display_name=name)
                MembershipFactory(club=club, player=player)
                pair.append((user, player))
            Seat.objects.create(table=table, position=position, player=player)
        tables_set_online(table=table, user=SYSTEM, online=True, timeout_seconds=600)
        humans.append(pair)
        tables.append(table)
    paper = []
    for number in range(tables_paper):
        table = TableFactory(round=round_, game="bluke", options=SHORT)
        for position in range(4):
            player = PlayerFactory(display_name=f"Paper {number + 1}.{position + 1}")
            MembershipFactory(club=club, player=player)
            Seat.objects.create(table=table, position=position, player=player)
        paper.append(table)
    return {"club": club, "season": season, "event": event, "organiser": organiser,
            "online": tables, "humans": humans, "paper": paper}


def logged_in_page(browser, live_server, user, **context):
    from django.test import Client

    client = Client()
    client.force_login(user)
    page = new_page(browser, **context)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])
    return page


def seat_token_of(table, position):
    from league.permissions import SYSTEM
    from tournaments.services.seat_links import seat_links_for_event, seat_token

    links = seat_links_for_event(event=table.round.event, user=SYSTEM)
    return next(seat_token(k) for k in links if k.seat.table_id == table.pk
                and k.seat.position == position)


def _by_keyboard(page):
    """Ann's move with keys only: 1 presses the first choice (a bid); else the focused
    card, moved to with the arrow keys, is played with Enter."""
    if page.locator("#online-seat button.choice").count():
        page.keyboard.press("1")
        return
    page.locator("#online-seat button.playable").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")


def _by_tap(page):
    page.locator("#online-seat button[data-action]").first.click()


def play_to_the_end(pages, moves, *, limit=600):
    """Each page plays when its buttons show; a page is never reloaded, so the other
    page's moves must reach it as news. Returns the moves each page made."""
    made = [0] * len(pages)
    for _ in range(limit):
        if all(p.locator(".online-state[data-status=finished]").count() for p in pages):
            return made
        acted = False
        for index, page in enumerate(pages):
            ready = page.locator("#online-seat button[data-action]:not([disabled])")
            if ready.count():
                before = page.locator(".online-state").get_attribute("data-version")
                moves[index](page)
                page.wait_for_function(
                    "v => { const s = document.querySelector('.online-state');"
                    " return s && s.dataset.version !== v; }", arg=before, timeout=WAIT)
                made[index] += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(150)
    states = [(p.url, p.locator(".online-state").evaluate("s => ({...s.dataset})"),
               p.locator("#online-status").inner_text()) for p in pages]
    raise AssertionError(f"the match did not end: {states}")


def test_two_players_and_two_bots_play_a_bluke_table_to_its_end(
        live_server, browser, sqlite_one_writer, eager_celery):
    from playwright.sync_api import expect

    from rankings.models import StandingRow
    from tournaments.models import OnlineMove, TableResult

    expect.set_options(timeout=WAIT)
    night = online_night()
    table = night["online"][0]
    (ann_user, _ann), (_bob_user, bob_player) = night["humans"][0]

    ann = logged_in_page(browser, live_server, ann_user, **LAPTOP)
    ann.goto(f"{live_server.url}/tables/{table.pk}/play/")
    expect(ann.locator("#online-status")).to_contain_text("Waiting for the match to start")
    bob = new_page(browser, **PHONE)
    bob.goto(f"{live_server.url}/seat/{seat_token_of(table, 2)}/play/")
    # Bob's arrival starts the match; Ann's page hears of it without a reload.
    expect(ann.locator(".online-state")).to_have_attribute("data-status", "playing")
    expect(ann.locator("#online-seat")).to_contain_text("Hand 1 of 3")
    assert bob.evaluate(FITS) and ann.evaluate(FITS)
    expect(ann.locator(".hand-cards .card")).to_have_count(2)

    made = play_to_the_end([ann, bob], [_by_keyboard, _by_tap])
    assert made[0] >= 8 and made[1] >= 8  # 3 bids and 5 cards each
    expect(ann.locator("#online-status")).to_contain_text("The match is over")
    assert bob.evaluate(FITS)

    result = TableResult.objects.get(table=table)
    assert result.source == "online" and len(result.record["hands"]) == 3
    moves = OnlineMove.objects.filter(match__table=table)
    assert moves.filter(by_bot=False).count() == 16  # nobody was away: every human move theirs
    assert moves.filter(by_bot=True).count() == 16
    assert set(moves.filter(by_bot=True).values_list("seat", flat=True)) == {1, 3}

    bob.click("text=See the standings")
    expect(bob.locator("main")).to_contain_text(bob_player.display_name)
    assert StandingRow.objects.filter(season=night["season"]).count() == 4
    assert bob.evaluate(FITS)
    ann.context.close()
    bob.context.close()


def _enter_on_paper(page, live_server, table, record):
    """The organiser types a paper scoresheet, as on any night."""
    page.goto(f"{live_server.url}/tables/{table.pk}/scoresheet/")
    for number, hand in enumerate(record["hands"], start=1):
        page.select_option(f"#trump-{number}", hand["trump"] or "")
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            page.fill(f"#bid-{number}-{seat}", str(bid))
            page.fill(f"#tricks-{number}-{seat}", str(won))
    page.click("#save-sheet")


def test_a_hybrid_night_two_paper_tables_and_two_online_tables_in_one_standings(
        live_server, browser, sqlite_one_writer, eager_celery):
    from playwright.sync_api import expect

    from rankings.models import StandingRow
    from tests.factories import played_record
    from tournaments.models import Seat, TableResult

    expect.set_options(timeout=WAIT)
    night = online_night(tables_online=2, tables_paper=2, club_name="Hybrid Club")
    olive = logged_in_page(browser, live_server, night["organiser"], **LAPTOP)
    for seed, table in enumerate(night["paper"], start=1):
        names = [s.player.display_name for s in table.seats.order_by("position")]
        _enter_on_paper(olive, live_server, table, played_record(seed=seed, seats=names,
                                                                 **SHORT))
        expect(olive.locator(".messages")).to_contain_text("3 hands saved")
    assert TableResult.objects.filter(table__in=night["paper"]).count() == 2

    pages = []
    for table, pair in zip(night["online"], night["humans"], strict=True):
        (first, _), (_, second) = pair
        page = logged_in_page(browser, live_server, first, **(PHONE if pages else LAPTOP))
        page.goto(f"{live_server.url}/tables/{table.pk}/play/")
        other = new_page(browser, **(LAPTOP if pages else PHONE))
        other.goto(f"{live_server.url}/seat/{seat_token_of(table, 2)}/play/")
        pages += [page, other]
    for page in pages:
        expect(page.locator(".online-state")).to_have_attribute("data-status", "playing")
    play_to_the_end(pages, [_by_keyboard, _by_tap, _by_tap, _by_keyboard])
    assert all(p.evaluate(FITS) for p in pages)

    online = TableResult.objects.filter(table__in=night["online"])
    assert online.count() == 2 and {r.source for r in online} == {"online"}
    seated = Seat.objects.filter(table__round__event=night["event"]).values("player").distinct()
    assert StandingRow.objects.filter(season=night["season"]).count() == seated.count() == 16
    olive.goto(f"{live_server.url}/seasons/{night['season'].pk}/standings/")
    for name in ("Ann", "Bob", "Cat", "Dan", "Paper 1.1", "Paper 2.4"):
        expect(olive.locator("main")).to_contain_text(name)
    for page in (olive, *pages):
        page.context.close()
