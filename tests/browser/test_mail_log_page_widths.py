"""The organiser's mail log with long subjects and an error, in a real browser on a 390 px
phone and at 1280 px: it never scrolls sideways as a whole."""

import pytest

from league.models import MailState, QueuedMail, Role
from league.services.mail import queue_mail
from tests.browser.chromium import BROWSER_TEST
from tests.browser.pages import page_at, scrolls_sideways
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = BROWSER_TEST


@pytest.fixture
def club_with_mails(transactional_db):
    club = ClubFactory(slug="mail-club", name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="orla")
    MembershipFactory(club=club, role=Role.OWNER,
                      player=PlayerFactory(user=user, display_name="Orla"))
    for number in range(3):
        queue_mail(to=f"p{number}@example.org", club=club,
                   subject="Thursday Night Club of Greater Springfield, week 12, round 3: "
                           f"table {number + 1}, seat 2", body="b",
                   dedupe_key=f"seating.published:round-1:player-{number}:email")
    QueuedMail.objects.filter(to="p0@example.org").update(
        state=MailState.FAILED, last_error="SMTPRecipientsRefused({'p0@example.org': (550, "
                                           "b'5.1.1 mailbox unavailable, no such user here')})")
    return club, user


@pytest.mark.parametrize("width", (390, 1280))
def test_the_mail_log_fits_the_width(live_server, browser, club_with_mails, width):
    club, user = club_with_mails
    page = page_at(browser, live_server, width, user=user)
    page.goto(f"{live_server.url}/clubs/{club.slug}/mail/")
    assert page.locator("table.notice-mails tbody tr").count() == 3
    assert page.locator("#export-csv").is_visible()
    assert not scrolls_sideways(page)
    page.context.close()
