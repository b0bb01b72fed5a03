"""Sending webhook deliveries: the worker's side of the webhook outbox.

Like the mail outbox (`league.services.mail`), through `league.services.outbox`: rows are
claimed with a conditional update and a lease, sent, then marked sent, or postponed with exponential back-off
(WEBHOOK_RETRY_BASE_SECONDS, doubling up to an hour) until a day after the event, then
failed. At least once: a worker killed between the POST and the update sends that row
again after the lease, with the same event id, so a receiver drops the repeat.

Each body is a JSON object (docs/webhook-event.schema.json) signed with HMAC-SHA256 of the
raw bytes under the hook's secret, in `X-Bluke-Signature: sha256=<hex>`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import DeliveryState, WebhookDelivery, WebhookEvent
from league.services import webhook_http
from league.services.outbox import Outbox, SendReport, backoff

log = logging.getLogger(__name__)

GIVE_UP_AFTER = timedelta(hours=24)
OUTBOX = Outbox(  # at least once: a receiver drops a repeat by its event id
    model=WebhookDelivery, states=DeliveryState, task="send_webhooks", name="webhooks",
    lease=timedelta(seconds=60),  # longer than one POST with its 10 s timeouts
    retry_flag="league.webhooks.retry-asked")
DeliveryReport = SendReport


def event_body(event: WebhookEvent) -> bytes:
    """The exact bytes sent (and signed) for `event`: the same for every retry."""
    body = {"id": str(event.id), "type": event.type,
            "created_at": event.created_at.isoformat().replace("+00:00", "Z"),
            "club": event.club_id, "data": event.data,
            # Chat services post these as they are: Slack reads `text`, Discord `content`.
            "text": event.text, "content": event.text}
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhooks_kick() -> None:
    """Ask a worker to send the queued deliveries now (after commit); never raises."""
    OUTBOX.kick()


def webhooks_retry_later() -> None:
    """After a failed attempt, one run when the next delivery is due, so retries happen
    without beat (outbox.retry_later)."""
    OUTBOX.retry_later()


def webhooks_send_due(*, limit: int = 50) -> DeliveryReport:
    """Send up to `limit` due deliveries, oldest first.

    A hook that fails is skipped for the rest of the run (its receiver is down), so one
    dead receiver never holds up the others.
    """
    sent = failed = 0
    down: set[int] = set()
    for _attempt in range(limit):
        row = OUTBOX.claim_next(related=("webhook", "event"), webhook_id__in=down)
        if row is None:
            break
        if _deliver(row):
            sent += 1
        else:
            failed += 1
            down.add(row.webhook_id)
    return OUTBOX.report(sent=sent, failed=failed)


def webhooks_waiting() -> int:
    return OUTBOX.waiting()


def _deliver(row: WebhookDelivery) -> bool:
    body = event_body(row.event)
    headers = {"Content-Type": "application/json", "User-Agent": "bluke-league-webhooks",
               "X-Bluke-Event": row.event.type, "X-Bluke-Event-Id": str(row.event.id),
               "X-Bluke-Signature": signature(row.webhook.secret, body)}
    status = None
    try:
        status = webhook_http.post(row.webhook.url, body, headers)
        error = "" if 200 <= status < 300 else f"HTTP {status}"
    except ValidationError as refused:
        error = "; ".join(refused.messages)
    except (OSError, ValueError) as exc:  # refused, timed out, TLS, a bad answer
        error = repr(exc)
    if not error:
        OUTBOX.mark_sent(row, last_status=status)
        return True
    _postpone(row, status, error[:500])
    return False


def _postpone(row: WebhookDelivery, status: int | None, error: str) -> None:
    attempts = row.attempts + 1
    delay = backoff(attempts, timedelta(seconds=settings.WEBHOOK_RETRY_BASE_SECONDS))
    if timezone.now() + delay > row.event.created_at + GIVE_UP_AFTER:
        log.error("webhook delivery %s to %s given up after %s attempts: %s",
                  row.pk, row.webhook.url, attempts, error)
        OUTBOX.mark_failed(row, error=error, attempts=attempts, last_status=status)
        return
    log.warning("webhook delivery %s to %s failed (attempt %s), retried later: %s",
                row.pk, row.webhook.url, attempts, error)
    OUTBOX.postpone(row, attempts=attempts, delay=delay, last_status=status, last_error=error)
