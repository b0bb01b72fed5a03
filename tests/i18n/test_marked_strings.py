"""The guard against unmarked strings: the main pages, rendered in a pseudo-locale whose
catalogue translates every marked message (ours and Django's) into accented letters, show
no plain English word outside the allow-list of proper names. A string someone forgets
to mark stays plain ASCII and fails this test, naming the page and the words.

The test data's names are Georgian, so no name of a club, night or player can pass for an
untranslated word. The pages where results are typed in: test_marked_entry_pages.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.i18n import pseudo_locale

# Proper names and codes a page may show in any language.
ALLOWED = {"bluke", "league", "api", "elo", "json", "csv", "xlsx", "http", "https", "url",
           "utc", "english", "nederlands", "qr", "id", "ok"}
# Regions whose words come from elsewhere, with the reason they are not marked yet.
SKIPPED_CLASSES: dict[str, str] = {}
SKIPPED_TAGS = {"script", "style", "code", "bdi", "kbd", "samp"}
SEEN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-busy")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
ADDRESS = re.compile(r"https?://\S+")  # an address shown to be typed is no word


class VisibleText(HTMLParser):
    """The words a reader sees (text and the attributes read aloud), outside code, names in
    <bdi>, and anything marked as being in another language (the switcher's choices)."""

    def __init__(self, page_language: str):
        super().__init__(convert_charrefs=True)
        self.page_language, self.skipping, self.words = page_language, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        other_language = attrs.get("lang") not in (None, self.page_language) and tag != "html"
        skipped_class = set((attrs.get("class") or "").split()) & SKIPPED_CLASSES.keys()
        if tag in SKIPPED_TAGS or other_language or skipped_class:
            self.skipping.append(tag)
        elif not self.skipping:
            self.words += [attrs[name] or "" for name in SEEN_ATTRIBUTES if name in attrs]
            if tag == "input" and attrs.get("type") in ("submit", "button"):
                self.words.append(attrs.get("value") or "")

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping:
            self.words.append(data)


def english_words(html: str) -> list[str]:
    reader = VisibleText(pseudo_locale.CODE)
    reader.feed(html)
    found = ENGLISH_WORD.findall(ADDRESS.sub(" ", " ".join(reader.words)))
    return sorted({word for word in found if word.lower() not in ALLOWED})


def _public_pages(n) -> dict[str, str]:
    club, season, event = n["club"], n["season"], n["event"]
    return {
        "home": reverse("league:home"),
        "club": reverse("league:club-detail", args=[club.slug]),
        "club ratings": reverse("league:club-ratings", args=[club.slug]),
        "season": reverse("league:season-detail", args=[season.pk]),
        "season standings": reverse("league:season-standings", args=[season.pk]),
        "player": reverse("league:player-detail", args=[n["player"].pk]),
        "night": reverse("tournaments:event-detail", args=[event.pk]),
        "big screen": reverse("tournaments:event-screen", args=[event.pk]),
        "log in": reverse("login"),
        "password reset": reverse("password_reset"),
        "not found": "/no-such-page/",
    }


def _organiser_pages(n) -> dict[str, str]:
    club, season, event, table = n["club"], n["season"], n["event"], n["table"]
    return {
        "my nights": reverse("tournaments:my-nights"),
        "members": reverse("organiser:club-members", args=[club.slug]),
        "tokens": reverse("organiser:club-tokens", args=[club.slug]),
        "new season": reverse("organiser:season-new", args=[club.slug]),
        "season edit": reverse("organiser:season-edit", args=[season.pk]),
        "new night": reverse("organiser:night-new", args=[season.pk]),
        "night edit": reverse("organiser:night-edit", args=[event.pk]),
        "new tournament": reverse("organiser:tournament-new", args=[club.slug]),
        "substitute": reverse("organiser:table-substitute", args=[table.pk]),
        "night as organiser": reverse("tournaments:event-detail", args=[event.pk]),
        "table cards": reverse("tournaments:table-cards", args=[event.pk]),
        "player cards": reverse("tournaments:player-cards", args=[event.pk]),
        "blank scoresheets": reverse("tournaments:blank-scoresheets", args=[event.pk]),
        "claim link": reverse("claim-link", args=[n["newcomer"].pk]),
    }


def _unmarked(client: Client, pages: dict[str, str]) -> dict[str, list[str]]:
    """Page name -> the plain English words it shows (pages without any are left out)."""
    found = {}
    for name, url in pages.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
        assert response.status_code in (200, 404), (name, url, response.status_code)
        if words := english_words(response.content.decode()):
            found[name] = words
    return found


def test_the_pseudo_locale_is_in_force(in_pseudo_locale, night):
    html = Client().get(reverse("league:home"), HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
    assert f'<html lang="{pseudo_locale.CODE}"' in html.content.decode()
    assert english_words("<p>Log in <bdi>Ann</bdi> <code>blk_</code></p>") == ["Log", "in"]


def test_public_pages_show_no_unmarked_english(in_pseudo_locale, night):
    found = _unmarked(Client(), _public_pages(night))
    assert not found, f"unmarked English, by page: {found}"


def _as_organiser(night) -> Client:
    client = Client()
    client.force_login(night["user"])
    return client


def test_organiser_pages_show_no_unmarked_english(in_pseudo_locale, night):
    found = _unmarked(_as_organiser(night), _organiser_pages(night))
    assert not found, f"unmarked English, by page: {found}"


def test_every_game_title_is_in_the_catalogue():
    from games import rules
    from league.game_titles import TITLES

    assert {game["title"] for game in rules.games()} <= set(TITLES)


def test_every_offered_language_is_a_real_one():
    codes = [code for code, _ in settings.LANGUAGES]
    assert codes == ["en", "ka", "ru", "ko", "bn", "hi", "ne", "fr", "nl"]


def test_every_sheet_column_of_every_game_is_in_the_catalogue():
    """An engine game's scoresheet titles and descriptions come from its SUMMARY_SCHEMA
    (the rules core, no Django): tournaments.sheet_words lists them for the catalogue."""
    from games import rules
    from tournaments.sheet_fields import sheet_fields
    from tournaments.sheet_words import WORDS

    missing = {f"{game['name']}: {text}" for game in rules.games()
               for field in sheet_fields(rules.GAMES[game["name"]])
               for text in (field.title, field.description) if text and text not in WORDS}
    assert not missing, f"add to tournaments/sheet_words.py: {sorted(missing)}"


def test_the_standings_export_has_its_headers_and_words_in_the_readers_language(
        in_pseudo_locale, night):
    from rankings.services.standings import standings_recompute

    standings_recompute(season_id=night["season"].pk)
    url = reverse("league:season-standings", args=[night["season"].pk])
    response = Client().get(url, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
    assert response.status_code == 200
    header, *rows = response.content.decode("utf-8-sig").splitlines()
    assert rows and not ENGLISH_WORD.findall(header), header
    words = {w for row in rows for w in ENGLISH_WORD.findall(row)} - ALLOWED
    assert not words, words


def test_every_option_of_every_game_is_in_the_catalogue():
    """A game's option names, descriptions and word choices come from the rules core (no
    Django): league.option_words lists them for the catalogue."""
    from games import rules
    from league.option_words import CHOICES, DESCRIPTIONS, LABELS

    missing = set()
    for game in rules.games():
        for option in (o for o in game["options"] if o["name"] != "players"):
            label = option["name"].replace("_", " ").capitalize()
            missing |= {f"{game['name']}: {label}"} - {f"{game['name']}: {x}" for x in LABELS}
            if option["description"] and option["description"] not in DESCRIPTIONS:
                missing.add(f"{game['name']}: {option['description']}")
            missing |= {f"{game['name']}: {c}" for c in map(str, option["choices"])
                        if c not in CHOICES and set(c) != set("CDHS")}
    assert not missing, f"add to league/option_words.py: {sorted(missing)}"
