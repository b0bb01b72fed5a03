"""Every public page in every language: a visitor whose browser asks for a language
(`Accept-Language`) crawls the site from the home page, following its links, with the
committed catalogues compiled. No page answers 5xx (a translation that lost a placeholder
would raise while the page is drawn), and every HTML page says its language in
`<html lang>` and `Content-Language`."""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urldefrag, urlsplit

import pytest
from django.conf import settings
from django.test import Client

LINK = re.compile(r'href="(/[^"]*)"')
# Not pages for a visitor to read: the admin and the API (their own tests), feeds, static
# files, exports, and the forms that change something.
SKIPPED = ("/admin/", "/api/", "/static/", "/media/", "/i18n/", "/accounts/logout/",
           "/healthz", "/favicon.ico")
VARIANTS_PER_PATH = 3  # sorting and filter links: a few of each page are enough
MAX_PAGES = 300


def _followed(url: str) -> bool:
    path = urlsplit(url).path
    return (not path.startswith(SKIPPED) and not path.endswith(".ics")
            and "_export=" not in url)


def crawl(client: Client, language: str, starts=("/",)) -> dict[str, tuple[int, str, str]]:
    """URL -> (status, the page's <html lang> ("" for no HTML page), Content-Language)."""
    seen, queue, per_path = {}, list(starts), Counter()
    while queue and len(seen) < MAX_PAGES:
        url = urldefrag(queue.pop(0)).url.replace("&amp;", "&")
        path = urlsplit(url).path
        if url in seen or per_path[path] >= VARIANTS_PER_PATH:
            continue
        per_path[path] += 1
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        html = "text/html" in response.get("Content-Type", "")
        body = response.content.decode(errors="replace") if html else ""
        lang = re.search(r'<html[^>]*\blang="([^"]*)"', body)
        seen[url] = (response.status_code, lang.group(1) if lang else "",
                     response.get("Content-Language", ""))
        queue += [link for link in LINK.findall(body) if _followed(link)]
    return seen


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_public_page_answers_in_every_language(language, night, open_tables,
                                                     compiled_catalogues, settings):
    settings.LOCALE_PATHS = [compiled_catalogues]
    settings.SECURE_SSL_REDIRECT = False
    event = night["event"].pk
    # Pages no public link leads to: the printed cards (linked for organisers), the seat
    # code form (on the cards), a missing page.
    starts = ["/", "/seat/", f"/events/{event}/cards/tables/", f"/events/{event}/cards/players/",
              f"/events/{event}/cards/scoresheets/", "/no-such-page/"]
    pages = crawl(Client(), language, starts)
    failed = {url: status for url, (status, _, _) in pages.items() if status >= 500}
    assert not failed, f"{language}: 5xx on {failed}"
    html = {url: (lang, header) for url, (status, lang, header) in pages.items() if lang}
    wrong = {url: got for url, got in html.items() if got != (language, language)}
    assert not wrong, f"{language}: pages not in {language} (<html lang>, header): {wrong}"
    reached = {urlsplit(url).path.rstrip("/").split("/")[1] if url != "/" else "home"
               for url in html}
    # The crawl reached the public pages: home, clubs, seasons, nights, players, ratings.
    assert {"home", "clubs", "seasons", "events", "players"} <= reached, sorted(reached)
    assert any(url.endswith("/screen/") for url in html), "the big screen was not reached"
    assert pages["/no-such-page/"][0] == 404 and "/no-such-page/" in html
