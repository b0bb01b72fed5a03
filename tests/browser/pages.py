"""Pages of the live server for the browser tests: opened at a width, logged in as someone
without the login form, and whether a page scrolls sideways as a whole (what every widths
test checks)."""

from django.conf import settings
from django.test import Client

from tests.browser.chromium import new_page

SCROLLS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def scrolls_sideways(page) -> bool:
    return page.evaluate(SCROLLS)


def log_in(page, live_server, user) -> None:
    """`page`'s browser context holds a session of `user` on the live server."""
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )


def page_at(browser, live_server, width: int, *, user=None, height: int = 900, **context):
    """A page in a fresh context with a `width` x `height` viewport (and `context`'s
    options), logged in as `user` when one is given."""
    page = new_page(browser, viewport={"width": width, "height": height}, **context)
    if user is not None:
        log_in(page, live_server, user)
    return page
