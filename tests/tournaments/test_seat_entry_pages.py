"""The table entry pages: a seat link (or the seated player's login) opens the table's
scoresheet for that seat, with submit, confirm and dispute."""

import pytest
from django.urls import reverse

from tests.factories import played_record
from tournaments.models import EventStatus, PendingResult, PendingState, TableResult
from tournaments.services.seat_links import seat_links_for_event, seat_token, short_code


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def links(table_a, alice):
    return {k.seat.position: k for k in
            seat_links_for_event(event=table_a.round.event, user=alice)}


def page(links, position):
    return reverse("tournaments:seat-entry", args=[seat_token(links[position])])


def sheet_post(record, **extra):
    data = {}
    for number, hand in enumerate(record["hands"], start=1):
        data[f"trump-{number}"] = hand["trump"] or ""
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            data[f"bid-{number}-{seat}"] = str(bid)
            data[f"tricks-{number}-{seat}"] = str(won)
    return data | extra


@pytest.fixture
def record(table_a):
    names = [s.player.display_name for s in table_a.seats.order_by("position")]
    return played_record(seed=3, seats=names)


def test_a_seat_link_opens_the_tables_sheet_for_that_seat(client, links):
    response = client.get(page(links, 1))
    body = response.content.decode()
    assert response.status_code == 200
    assert "You enter as seat 2" in body and "Submit the result" in body
    assert reverse("tournaments:seat-entry-check", args=[seat_token(links[1])]) in body


def test_submit_on_one_phone_confirm_on_another_stores_the_result(client, links, record):
    response = client.post(page(links, 0), sheet_post(record, entry_action="submit"))
    assert response.status_code == 302, response.content.decode()[:3000]
    pending = PendingResult.objects.get()
    assert (pending.state, pending.submitted_via) == (PendingState.PENDING, "seat-link")
    assert len(pending.record["hands"]) == 25 and not TableResult.objects.exists()
    own = client.post(page(links, 0), {"entry_action": "confirm"})
    assert own.status_code == 403 and "You submitted" in own.content.decode()
    other = client.get(page(links, 3)).content.decode()
    assert "Confirm this result" in other and "Awaiting confirmation" in other
    assert client.post(page(links, 3), {"entry_action": "confirm"}).status_code == 302
    assert TableResult.objects.get().totals == record["totals"]


def test_a_dispute_from_the_page_keeps_the_typed_version(client, links, record):
    client.post(page(links, 0), sheet_post(record, entry_action="submit"))
    mine = sheet_post(record, entry_action="dispute", dispute_reason="hand 1 bids")
    first = record["hands"][0]  # seat 2 did not deal hand 1: any bid of theirs is legal
    mine["bid-1-1"] = str(first["cards"] - first["bids"][1])
    response = client.post(page(links, 1), mine)
    assert response.status_code == 302, response.content.decode()[:2000]
    pending = PendingResult.objects.get()
    assert pending.state == PendingState.DISPUTED and pending.dispute_reason == "hand 1 bids"
    assert pending.disputed_record["hands"][0]["bids"][1] == first["cards"] - first["bids"][1]
    assert not TableResult.objects.exists()


def test_an_unknown_revoked_or_closed_link_is_404(client, links, table_a):
    assert client.get(page(links, 0)[:-3] + "x/").status_code == 404
    event = table_a.round.event
    event.status = EventStatus.CLOSED
    event.save()
    assert client.get(page(links, 0)).status_code == 404


def test_a_typed_short_code_leads_to_the_seat(client, links):
    code = short_code(links[2]).lower()
    response = client.get(reverse("tournaments:seat-code"), {"code": code})
    assert response.status_code == 302 and response.url == page(links, 2)
    assert client.get(reverse("tournaments:seat-code"), {"code": "AAAAA-AAAAA"}
                      ).status_code == 404


def test_the_logged_in_page_is_for_the_seated_players_only(client, table_a, pat, olga, bob):
    url = reverse("tournaments:table-entry", args=[table_a.pk])
    client.force_login(pat)
    assert "You enter as seat 3" in client.get(url).content.decode()
    client.force_login(olga)  # sees the table (club A) but does not sit there
    assert client.get(url).status_code == 403
    client.force_login(bob)  # club A is private to him
    assert client.get(url).status_code == 404


def test_typing_unknown_codes_in_bulk_is_slowed_down(client, links, settings):
    settings.LOGIN_FAILURES_PER_ADDRESS = 3
    url = reverse("tournaments:seat-code")
    answers = [client.get(url, {"code": f"AAAAA-AAAA{c}"}).status_code for c in "BCDEFG"]
    assert answers[:3] == [404, 404, 404] and 429 in answers[3:]


def test_the_seat_page_works_offline_through_its_service_worker(client, links):
    worker = client.get(reverse("tournaments:seat-worker"))
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("application/javascript")
    assert "caches.match" in worker.content.decode()
    body = client.get(page(links, 0)).content.decode()
    assert f'data-worker="{reverse("tournaments:seat-worker")}"' in body
    assert "/static/js/seat-entry.js" in body
