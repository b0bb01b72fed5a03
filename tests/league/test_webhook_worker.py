"""A real Celery worker delivers webhooks to a receiver that refuses the first three attempts.

The production shape: PostgreSQL, a Redis broker, a worker process serving the queue the
mail uses. Skipped without a broker and PostgreSQL (CI has both).
"""

import hashlib
import hmac
import json

import pytest

from config.celery import app
from league.models import DeliveryState, WebhookDelivery, WebhookEvent
from league.permissions import SYSTEM
from league.services.webhooks import webhook_create
from tests.celery_workers import (
    skip_without_broker_and_postgresql,
    start_worker,
    stop_worker,
    wait_for,
    worker_database_url,
)
from tests.factories import played_record, seated_table
from tests.league.webhook_receiver import WebhookReceiver
from tournaments.services.events import event_close
from tournaments.services.results import result_submit

SECRET = "a-long-shared-secret-42"
pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker_env(own_default_queue):
    skip_without_broker_and_postgresql()
    # Retries at once (the back-off doubles from 0 s), to a receiver on the loopback.
    return {"CELERY_DEFAULT_QUEUE": own_default_queue, "DATABASE_URL": worker_database_url(),
            "WEBHOOK_RETRY_BASE_SECONDS": "0",
            "WEBHOOK_ALLOW_PRIVATE_URLS": "true"}


def _verifies(headers: dict, body: bytes) -> bool:
    expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["X-Bluke-Signature"], expected)


def test_every_event_arrives_signed_after_three_refusals(worker_env, settings, club_a, alice,
                                                         players_a):
    settings.WEBHOOK_ALLOW_PRIVATE_URLS = True
    receiver = WebhookReceiver(refuse=3)
    webhook_create(club=club_a, url=receiver.url, secret=SECRET, events=["*"], subject=alice)
    queue = app.amqp.router.route({}, "league.send_webhooks")["queue"].name
    assert queue == app.amqp.router.route({}, "league.send_queued_mail")["queue"].name
    worker = start_worker(queue, **worker_env)
    try:
        first = seated_table(club_a, players_a)
        tables = [first, *(seated_table(club_a, players_a, round=first.round)
                           for _ in range(2))]
        for seed, table in enumerate(tables, start=1):
            result_submit(table=table, record=played_record(seed=seed), source="bot",
                          user=SYSTEM)
        event_close(event=first.round.event, user=alice)
        wait_for(lambda: not WebhookDelivery.objects.exclude(state=DeliveryState.SENT).exists(),
               120, "the worker did not deliver every event")
    finally:
        stop_worker(worker)
        receiver.close()
    sent = {str(pk) for pk in WebhookEvent.objects.values_list("id", flat=True)}
    assert len(sent) == 4
    attempts = [(json.loads(body)["id"], status) for _h, body, status in receiver.received]
    assert [status for _id, status in attempts[:3]] == [503, 503, 503]
    accepted = receiver.accepted()
    assert all(_verifies(headers, body) for headers, body in accepted)
    assert {json.loads(body)["id"] for _h, body in accepted} == sent  # no event id lost
    assert {event_id for event_id, _status in attempts} == sent  # a retry keeps its id
    assert [json.loads(b)["type"] for _h, b in accepted].count("result.stored") == 3
