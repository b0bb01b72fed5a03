"""Browser journeys run against pytest-django's live server over plain HTTP."""

import pytest
from django.test import override_settings

from league.models import Role
from tests.browser.chromium import ARGS, CHROMIUM, new_page
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory


@pytest.fixture(scope="session", autouse=True)
def _plain_http_for_the_live_server():
    """The live server speaks HTTP: no HTTPS redirect, no Secure-only cookies.

    Session-scoped and autouse so it is in place before the live server loads its
    middleware (SecurityMiddleware reads the redirect setting once, at start-up).
    """
    with override_settings(SECURE_SSL_REDIRECT=False, SESSION_COOKIE_SECURE=False,
                           CSRF_COOKIE_SECURE=False):
        yield


@pytest.fixture
def browser():
    """Debian's chromium, headless; never a downloaded browser."""
    from django.db import connections
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=ARGS)
        yield browser
        browser.close()
        # ORM calls made while Playwright runs get their own connection (its event loop
        # changes the context Django keys connections by); close it here, where it is
        # still reachable, or the test database cannot be dropped at the end.
        connections.close_all()


@pytest.fixture
def page(browser):
    page = new_page(browser)
    yield page
    page.context.close()


@pytest.fixture
def orla(transactional_db):
    """Orla's login: a player of a public club whose long name is a page's widest case."""
    club = ClubFactory(slug="thursday-night-club-of-greater-springfield", is_public=True,
                       name="Thursday Night Club of Greater Springfield")
    user = UserFactory(username="orla")
    MembershipFactory(club=club, role=Role.PLAYER,
                      player=PlayerFactory(user=user, display_name="Orla"))
    return user
