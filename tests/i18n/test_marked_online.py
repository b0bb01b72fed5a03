"""The translation guard on an online table's pages: a seat's page in play, the spectators'
page, the organisers' online play page and its "end this match now?" preview, and the
table's box on the night's big screen show no unmarked English."""

from django.test import Client
from django.urls import reverse

from league.permissions import SYSTEM
from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import _as_organiser, _unmarked, english_words
from tournaments.services.online_tables import tables_set_online
from tournaments.services.seat_links import seat_links_for_event, seat_token


def test_online_table_pages_show_no_unmarked_english(in_pseudo_locale, night, open_tables,
                                                     django_capture_on_commit_callbacks):
    table = open_tables["bluke"]
    tables_set_online(table=table, user=SYSTEM, online=True)
    links = [link for link in seat_links_for_event(event=night["event"], user=SYSTEM)
             if link.seat.table_id == table.pk]
    seat_pages = [reverse("tournaments:online-seat-link", args=[seat_token(k)]) for k in links]
    client = Client()
    with django_capture_on_commit_callbacks(execute=True):
        for url in seat_pages:  # every seat looks: the match starts
            client.get(url, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
    assert "data-status=\"playing\"" in client.get(seat_pages[0]).content.decode()
    found = _unmarked(Client(), {f"seat {n + 1}": url for n, url in enumerate(seat_pages)})
    organiser = _as_organiser(night)
    found |= _unmarked(organiser, {
        "watch": reverse("tournaments:online-watch", args=[table.pk]),
        "online play": reverse("tournaments:online-manage", args=[table.pk]),
    })
    screen = organiser.get(reverse("tournaments:online-watch", args=[table.pk]) + "?part=screen",
                           HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE).content.decode()
    assert f'id="screen-online-{table.pk}"' in screen  # its box on the night's big screen
    if words := english_words(screen):
        found["big screen box"] = words
    ending = organiser.post(reverse("tournaments:online-manage", args=[table.pk]),
                            {"do": "end"}, HTTP_ACCEPT_LANGUAGE=pseudo_locale.CODE)
    assert ending.status_code == 200 and 'id="end-preview"' in ending.content.decode()
    if words := english_words(ending.content.decode()):  # what ending now would store
        found["end this match?"] = words
    assert not found, f"unmarked English, by page: {found}"
