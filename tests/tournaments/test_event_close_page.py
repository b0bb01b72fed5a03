"""The event page's "Close night" button."""

import pytest
from django.urls import reverse

from league.permissions import SYSTEM
from tests.factories import played_record
from tournaments.models import EventStatus
from tournaments.services.results import result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


def _page(client, event):
    return client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()


def test_it_offers_close_night_to_organisers_only(client, table_b, bob, players_b):
    event = table_b.round.event
    assert "Close night" not in _page(client, event)
    client.force_login(bob)
    page = _page(client, event)
    assert "Close night" in page and "1 table still without a complete result" in page


def test_it_closes_a_played_night_from_the_page(client, table_b, bob):
    result_submit(table=table_b, record=played_record(seed=2), source="bot", user=SYSTEM)
    event = table_b.round.event
    client.force_login(bob)
    response = client.post(reverse("tournaments:event-close", args=[event.pk]), follow=True)
    assert "The night is closed" in response.content.decode()
    event.refresh_from_db()
    assert event.status == EventStatus.CLOSED
    assert "This night is closed" in _page(client, event)


def test_it_keeps_a_night_with_open_tables_open_unless_forced_with_a_reason(client, table_b,
                                                                            bob):
    event, url = table_b.round.event, reverse("tournaments:event-close", args=[table_b.round
                                                                              .event.pk])
    client.force_login(bob)
    page = client.post(url, follow=True).content.decode()
    assert "No complete result yet for: round 1 table 1" in page
    page = client.post(url, {"force": "1"}, follow=True).content.decode()
    assert "needs a reason" in page
    event.refresh_from_db()
    assert event.status != EventStatus.CLOSED
    client.post(url, {"force": "1", "reason": "Two players left early"})
    event.refresh_from_db()
    assert event.status == EventStatus.CLOSED


def test_it_refuses_closing_by_members_who_do_not_organise(client, table_a, sam):
    client.force_login(sam)
    response = client.post(reverse("tournaments:event-close", args=[table_a.round.event.pk]),
                           {"force": "1", "reason": "x"})
    assert response.status_code == 403
    table_a.round.event.refresh_from_db()
    assert table_a.round.event.status != EventStatus.CLOSED
