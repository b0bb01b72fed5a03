"""The translation guard on an online table's pages: a seat's page in play, the spectators'
page and the organisers' online play page show no unmarked English."""

from django.test import Client
from django.urls import reverse

from league.permissions import SYSTEM
from tests.i18n import pseudo_locale
from tests.i18n.test_marked_strings import _as_organiser, _unmarked
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
    found |= _unmarked(_as_organiser(night), {
        "watch": reverse("tournaments:online-watch", args=[table.pk]),
        "online play": reverse("tournaments:online-manage", args=[table.pk]),
    })
    assert not found, f"unmarked English, by page: {found}"
