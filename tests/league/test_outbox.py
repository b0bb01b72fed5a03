"""What the mail, web push and webhook outboxes share (league.services.outbox): the back-off,
a remote service's Retry-After, and the pause in kicks after a broker error."""

from datetime import timedelta

import pytest
from kombu.exceptions import OperationalError as BrokerError

from league import tasks
from league.services import mail, push_delivery, webhook_delivery
from league.services.outbox import MAX_BACKOFF, backoff, retry_after


def test_the_back_off_doubles_up_to_an_hour():
    base = timedelta(seconds=30)
    waits = [backoff(attempts, base).total_seconds() for attempts in range(1, 10)]
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]


def test_the_back_off_waits_at_least_what_the_other_side_asked_for():
    asked = timedelta(minutes=5)
    assert backoff(1, timedelta(seconds=30), at_least=asked) == asked
    assert backoff(9, timedelta(seconds=30), at_least=asked) == MAX_BACKOFF


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("120", 120),
        (None, 0),
        ("-5", 0),
        ("Wed, 21 Oct 2026 07:28:00 GMT", 0),  # an HTTP date: the back-off rules
        ("99999999999999999999", 3600),  # at most an hour, never an overflow
    ],
)
def test_a_retry_after_header_is_read_in_seconds(header, seconds):
    assert retry_after(header) == timedelta(seconds=seconds)


@pytest.mark.parametrize(
    ("outbox", "task"),
    [
        (mail.OUTBOX, "send_queued_mail"),
        (push_delivery.OUTBOX, "send_push"),
        (webhook_delivery.OUTBOX, "send_webhooks"),
    ],
)
def test_after_a_broker_error_kicks_pause_without_touching_the_broker(monkeypatch, outbox, task):
    calls = []

    def unreachable(**kwargs):
        calls.append(kwargs)
        raise BrokerError("connection refused")

    monkeypatch.setattr(getattr(tasks, task), "apply_async", unreachable)
    monkeypatch.setattr(outbox, "_broker_failed_at", None)
    outbox.kick()  # the broker error is logged, never raised into the request
    outbox.kick()
    assert len(calls) == 1
