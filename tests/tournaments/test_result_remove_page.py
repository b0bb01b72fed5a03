"""The scoresheet's "Remove this result" form (and the event page's link to it)."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from league.permissions import SYSTEM
from tests.factories import played_record, row_counts
from tournaments.models import EventStatus, TableResult
from tournaments.services.results import result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def game_b(table_b):
    return result_submit(table=table_b, record=played_record(seed=2), source="bot",
                         user=SYSTEM).game


def sheet_url(table):
    return reverse("tournaments:table-scoresheet", args=[table.pk])


def remove(client, table, reason="entered at the wrong table", confirm="yes"):
    data = {"remove_result": "1", "removal_reason": reason}
    if confirm:
        data["confirm_removal"] = confirm
    return client.post(sheet_url(table), data, follow=True)


def test_it_offers_the_removal_to_organisers_only(client, game_b, bob, django_user_model):
    table = game_b.table
    assert 'id="remove-result"' not in client.get(sheet_url(table)).content.decode()
    client.force_login(bob)
    page = client.get(sheet_url(table)).content.decode()
    assert 'id="remove-result"' in page and 'name="removal_reason"' in page
    event_page = client.get(reverse("tournaments:event-detail", args=[table.round.event_id]))
    assert f"{sheet_url(table)}#remove-result" in event_page.content.decode()


def test_an_organiser_removes_a_result_with_a_reason_and_a_confirmation(client, game_b, bob):
    client.force_login(bob)
    response = remove(client, game_b.table)
    assert response.redirect_chain[-1][0] == reverse("tournaments:event-detail",
                                                     args=[game_b.table.round.event_id])
    assert "round 1 table 1: result removed" in response.content.decode().lower()
    assert not TableResult.objects.filter(pk=game_b.pk).exists()
    entry = AuditEntry.objects.get(action="result.remove")
    assert (entry.actor, entry.reason) == (bob, "entered at the wrong table")


@pytest.mark.parametrize("reason, confirm, message", [
    ("", "yes", "Removing a result needs a reason."),
    ("wrong table", None, "Tick the box to confirm"),
])
def test_it_keeps_the_result_without_a_reason_or_a_confirmation(client, game_b, bob, reason,
                                                                 confirm, message):
    client.force_login(bob)
    before = row_counts()
    response = remove(client, game_b.table, reason=reason, confirm=confirm)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert row_counts() == before


def test_a_scorekeeper_may_not_remove(client, table_a, sam):
    result_submit(table=table_a, record=played_record(seed=3, seats=[
        "Alice", "Sam", "Pat", "Dee"]), source="bot", user=SYSTEM)
    client.force_login(sam)
    assert 'id="remove-result"' not in client.get(sheet_url(table_a)).content.decode()
    before = row_counts()
    response = remove(client, table_a)
    assert response.status_code == 403
    assert "Only the club&#x27;s organisers may remove a result." in response.content.decode()
    assert row_counts() == before


def test_an_anonymous_visitor_may_not_remove(client, game_b):
    before = row_counts()
    response = remove(client, game_b.table)
    assert response.status_code == 403
    assert "Log in as an organiser" in response.content.decode()
    assert row_counts() == before


def test_sending_the_form_twice_says_the_result_is_gone(client, game_b, bob):
    client.force_login(bob)
    remove(client, game_b.table)
    before = row_counts()
    response = remove(client, game_b.table)
    assert response.status_code == 404
    assert "has no result to remove" in response.content.decode()
    assert row_counts() == before


def test_a_closed_night_offers_no_removal_and_refuses_one(client, game_b, bob):
    event = game_b.table.round.event
    event.status = EventStatus.CLOSED
    event.save()
    client.force_login(bob)
    assert 'id="remove-result"' not in client.get(sheet_url(game_b.table)).content.decode()
    before = row_counts()
    response = remove(client, game_b.table)
    assert response.status_code == 400 and "is closed" in response.content.decode()
    assert row_counts() == before
