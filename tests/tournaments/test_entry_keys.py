"""The phone's entry key (issue 27, without a network): a seat page's submit, confirm or
dispute sent again with the key it was first sent with is done once, and the repeat is
answered with what the first send did."""

import uuid

import pytest

from league.models import AuditEntry, IdempotencyRecord
from tests.factories import played_record
from tests.tournaments.test_seat_entry_pages import page, sheet_post
from tournaments.models import PendingResult, PendingState, TableResult
from tournaments.services.seat_links import seat_links_for_event
from tournaments.services.table_entry import pending_decide


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def phones(table_a, alice):
    """Each seat's link, as its player's phone opened it."""
    return {k.seat.position: k for k in
            seat_links_for_event(event=table_a.round.event, user=alice)}


@pytest.fixture
def sheet(table_a):
    """The table's result as its players typed it."""
    names = [s.player.display_name for s in table_a.seats.order_by("position")]
    return played_record(seed=3, seats=names)


def key() -> str:
    return str(uuid.uuid4())


def submissions() -> int:
    return AuditEntry.objects.filter(action="result.table-submit").count()


def test_a_submission_sent_twice_with_its_key_is_stored_once_and_answered_alike(
        client, phones, sheet):
    sent = sheet_post(sheet, entry_action="submit", entry_key=key())

    first = client.post(page(phones, 0), sent, follow=True)
    again = client.post(page(phones, 0), sent, follow=True)

    assert first.redirect_chain and again.redirect_chain
    for answer in (first, again):
        assert "Result submitted: a player of another side now confirms it." in (
            answer.content.decode())
    assert PendingResult.objects.count() == 1 and submissions() == 1
    assert IdempotencyRecord.objects.filter(owner__startswith="seat:").count() == 1


def test_a_dispute_sent_again_after_the_organiser_decided_still_reads_disputed(
        client, phones, sheet, table_a, alice):
    client.post(page(phones, 0), sheet_post(sheet, entry_action="submit"))
    dispute = {"entry_action": "dispute", "dispute_reason": "hand 2", "entry_key": key()}
    assert client.post(page(phones, 1), dispute).status_code == 302
    pending_decide(table=table_a, user=alice, version="submitted")

    again = client.post(page(phones, 1), dispute, follow=True)
    without_key = client.post(page(phones, 1), dispute | {"entry_key": ""})

    assert "Result disputed: the organiser decides between the versions." in (
        again.content.decode())
    assert without_key.status_code == 409  # what a key-less resend is told instead
    assert PendingResult.objects.get().state == PendingState.APPROVED
    assert TableResult.objects.count() == 1


def test_a_second_different_submission_keeps_its_409_for_its_key(client, phones, sheet):
    client.post(page(phones, 0), sheet_post(sheet, entry_action="submit"))
    other = sheet_post(sheet, entry_action="submit", entry_key=key())
    first = sheet["hands"][0]  # seat 3 did not deal hand 1: any bid of theirs is legal
    other["bid-1-2"] = str(first["cards"] - first["bids"][2])

    answers = [client.post(page(phones, 2), other) for _ in range(2)]

    assert [answer.status_code for answer in answers] == [409, 409]
    assert "both are kept" in answers[1].content.decode()
    assert PendingResult.objects.get().state == PendingState.DISPUTED
    assert AuditEntry.objects.filter(action="result.dispute").count() == 1


def test_the_same_key_with_another_version_is_refused_and_changes_nothing(
        client, phones, sheet):
    entry_key = key()
    client.post(page(phones, 0), sheet_post(sheet, entry_action="submit",
                                           entry_key=entry_key))
    changed = sheet_post(sheet, entry_action="submit", entry_key=entry_key)
    changed["tricks-25-0"], changed["tricks-25-1"] = changed["tricks-25-1"], changed["tricks-25-0"]

    response = client.post(page(phones, 0), changed)

    assert response.status_code == 422
    assert "another version under the same entry key" in response.content.decode()
    assert PendingResult.objects.get().state == PendingState.PENDING and submissions() == 1


def test_a_refusal_that_wrote_nothing_does_not_keep_the_key(client, phones, sheet):
    confirm = {"entry_action": "confirm", "entry_key": key()}
    assert client.post(page(phones, 3), confirm).status_code == 404  # nothing to confirm yet
    client.post(page(phones, 0), sheet_post(sheet, entry_action="submit"))

    assert client.post(page(phones, 3), confirm).status_code == 302
    assert TableResult.objects.count() == 1


@pytest.mark.parametrize("bad", ["short", "x" * 65, "a b c d e f g h i j", "ключ-ключ-ключ-ключ",
                                 "0123456789abcdef\x00"])
def test_a_key_the_page_does_not_make_is_refused_by_name(client, phones, sheet, bad):
    response = client.post(page(phones, 0), sheet_post(sheet, entry_action="submit",
                                                      entry_key=bad))
    assert response.status_code == 400
    assert "entry_key" in response.content.decode()
    assert not PendingResult.objects.exists() and not IdempotencyRecord.objects.exists()
