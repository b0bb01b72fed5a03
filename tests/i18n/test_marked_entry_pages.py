"""The translation guard (tests/i18n/test_marked_strings.py) on the pages where results
are typed in: the scoresheet (classic and engine-generated), the table entry page, the
seat links and the seat pages a player opens from a code, and the player's and
organiser's own settings pages."""

from django.test import Client
from django.urls import reverse

from tests.i18n.test_marked_strings import _as_organiser, _unmarked
from tournaments.services.seat_links import seat_links_for_event, seat_token


def _entry_pages(n, tables) -> dict[str, str]:
    bluke, mighty, played = tables["bluke"], tables["mighty"], n["table"]
    return {
        "scoresheet": reverse("tournaments:table-scoresheet", args=[bluke.pk]),
        "scoresheet of a stored result": reverse("tournaments:table-scoresheet",
                                                 args=[played.pk]),
        "engine scoresheet": reverse("tournaments:table-scoresheet", args=[mighty.pk]),
        "table entry": reverse("tournaments:table-entry", args=[bluke.pk]),
        "engine table entry": reverse("tournaments:table-entry", args=[mighty.pk]),
        "seat links": reverse("tournaments:event-seat-links", args=[n["event"].pk]),
        "webhooks": reverse("organiser:club-webhooks", args=[n["club"].slug]),
        "my calendar": reverse("calendars:my-calendar"),
        "my mail": reverse("notices:mine"),
    }


def test_entry_and_settings_pages_show_no_unmarked_english(in_pseudo_locale, night,
                                                           open_tables):
    found = _unmarked(_as_organiser(night), _entry_pages(night, open_tables))
    assert not found, f"unmarked English, by page: {found}"


def test_seat_pages_show_no_unmarked_english(in_pseudo_locale, night, open_tables):
    links = seat_links_for_event(event=night["event"], user=night["user"])
    open_link = next(link for link in links if link.seat.table_id == open_tables["bluke"].pk)
    pages = {"seat code": reverse("tournaments:seat-code"),
             "seat entry": reverse("tournaments:seat-entry", args=[seat_token(open_link)])}
    found = _unmarked(Client(), pages)
    assert not found, f"unmarked English, by page: {found}"
