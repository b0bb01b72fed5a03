"""The webhooks page with a long URL and a delivery log, in a real browser on a 390 px
phone and at 1280 px: it never scrolls sideways as a whole."""

import pytest

from league.models import Role
from league.permissions import SYSTEM
from league.services.webhook_delivery import webhooks_send_due
from league.services.webhooks import webhook_create
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    played_record,
    seated_table,
)
from tests.league.webhook_receiver import WebhookReceiver
from tournaments.services.results import result_submit

pytestmark = BROWSER_TEST


@pytest.fixture
def club_with_log(transactional_db, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    club = ClubFactory(slug="hooks-club", name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="orla")
    orla = PlayerFactory(user=user, display_name="Orla")
    MembershipFactory(club=club, role=Role.OWNER, player=orla)
    others = [PlayerFactory(display_name=name) for name in ("Bo", "Cy", "Di")]
    for player in others:
        MembershipFactory(club=club, player=player)
    receiver = WebhookReceiver(refuse=1)
    webhook_create(club=club, url=receiver.url + "/a-rather-long-path/with-many-segments/"
                   "and-a-token-0123456789abcdef0123456789abcdef", secret="s" * 20,
                   events=["*"], subject=user)
    table = seated_table(club, [orla, *others])
    result_submit(table=table, record=played_record(seed=2), source="bot", user=SYSTEM)
    webhooks_send_due()
    yield club, user
    receiver.close()


@pytest.mark.parametrize("width", (390, 1280))
def test_the_webhooks_page_fits_the_width(live_server, browser, club_with_log, width):
    club, user = club_with_log
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/clubs/{club.slug}/webhooks/")
    assert page.locator("table.webhook-deliveries tbody tr").count() == 1
    assert page.locator("#create-webhook").is_visible()
    assert not scrolls_sideways(page)
    page.context.close()
