"""Debian's chromium for the browser tests: where it is, how it starts, how long to wait."""

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
WAIT = 15_000  # ms: generous for a loaded CI machine; waits end as soon as the page is ready
# Without the background-networking flags chromium keeps dialling out of a closed network.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

BROWSER_TEST = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"Debian chromium is not installed at {CHROMIUM}"),
]


def new_page(browser, **context):
    """A page in a fresh context (its own cookies; viewport and such from `context`)."""
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(WAIT)
    return page
