"""Sending webhook deliveries: the worker's side of the webhook outbox.

Like the mail outbox (`league.services.mail`): rows are claimed with a conditional update
and a lease, sent, then marked sent, or postponed with exponential back-off
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
import time
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.models import DeliveryState, WebhookDelivery, WebhookEvent
from league.services import webhook_http

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=60)  # longer than one POST with its 10 s timeouts
MAX_BACKOFF = timedelta(hours=1)
GIVE_UP_AFTER = timedelta(hours=24)
MAX_RETRY_COUNTDOWN = 240.0  # under the broker's visibility timeout (see mail.py)
RETRY_FLAG = "league.webhooks.retry-asked"
BROKER_PAUSE = 10.0
_broker_failed_at: float | None = None


@dataclass(frozen=True)
class DeliveryReport:
    sent: int
    failed: int  # attempts that failed (retried later, or given up)
    due: int  # deliveries still due when the run stopped


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
    from league import tasks

    global _broker_failed_at
    if _broker_failed_at is not None and time.monotonic() - _broker_failed_at < BROKER_PAUSE:
        return
    try:
        tasks.send_webhooks.apply_async(ignore_result=True, retry=False)
    except BrokerError:
        _broker_failed_at = time.monotonic()
        log.warning("broker unreachable: webhooks not kicked; the periodic send picks them up")
    except Exception:  # (eager mode) the sending itself failed; the rows stay queued
        log.exception("sending webhooks failed; the periodic send picks them up")


def webhooks_retry_later() -> None:
    """After a failed attempt, one run when the next delivery is due (one request at a
    time, a cache flag living as long as its countdown), so retries happen without beat."""
    from league import tasks

    task = tasks.send_webhooks
    if task.app.conf.task_always_eager:
        return
    next_due = WebhookDelivery.objects.filter(state=DeliveryState.QUEUED).order_by(
        "due_at").values_list("due_at", flat=True).first()
    if next_due is None:
        return
    countdown = min(max((next_due - timezone.now()).total_seconds(), 1.0), MAX_RETRY_COUNTDOWN)
    if not cache.add(RETRY_FLAG, True, timeout=countdown):
        return
    try:
        task.apply_async(countdown=countdown, ignore_result=True, retry=False)
    except BrokerError:
        log.warning("broker unreachable: webhook retry not asked; the periodic send does it")


def webhooks_send_due(*, limit: int = 50) -> DeliveryReport:
    """Send up to `limit` due deliveries, oldest first.

    A hook that fails is skipped for the rest of the run (its receiver is down), so one
    dead receiver never holds up the others.
    """
    sent = failed = 0
    down: set[int] = set()
    for _attempt in range(limit):
        row = _claim_next(exclude_hooks=down)
        if row is None:
            break
        if _deliver(row):
            sent += 1
        else:
            failed += 1
            down.add(row.webhook_id)
    return DeliveryReport(sent=sent, failed=failed, due=_due(timezone.now()).count())


def webhooks_waiting() -> int:
    return WebhookDelivery.objects.filter(state=DeliveryState.QUEUED).count()


def _due(now):
    return WebhookDelivery.objects.filter(state=DeliveryState.QUEUED, due_at__lte=now).filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))


def _claim_next(*, exclude_hooks: set[int]) -> WebhookDelivery | None:
    while True:
        now = timezone.now()
        pk = (_due(now).exclude(webhook_id__in=exclude_hooks).order_by("due_at", "pk")
              .values_list("pk", flat=True).first())
        if pk is None:
            return None
        claimed_by = uuid.uuid4()
        if _due(now).filter(pk=pk).update(claimed_by=claimed_by, claimed_until=now + LEASE):
            return WebhookDelivery.objects.select_related("webhook", "event").get(pk=pk)
        # Another worker claimed it between our read and our update: look again.


def _deliver(row: WebhookDelivery) -> bool:
    mine = WebhookDelivery.objects.filter(pk=row.pk, claimed_by=row.claimed_by)
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
        mine.update(state=DeliveryState.SENT, sent_at=timezone.now(), last_status=status,
                    attempts=F("attempts") + 1, last_error="", claimed_by=None,
                    claimed_until=None)
        return True
    _postpone(mine, row, status, error[:500])
    return False


def _postpone(mine, row: WebhookDelivery, status: int | None, error: str) -> None:
    attempts = row.attempts + 1
    base = timedelta(seconds=settings.WEBHOOK_RETRY_BASE_SECONDS)
    due = timezone.now() + min(base * 2 ** (attempts - 1), MAX_BACKOFF)
    if due > row.event.created_at + GIVE_UP_AFTER:
        log.error("webhook delivery %s to %s given up after %s attempts: %s",
                  row.pk, row.webhook.url, attempts, error)
        mine.update(state=DeliveryState.FAILED, attempts=attempts, last_status=status,
                    last_error=error, claimed_by=None, claimed_until=None)
        return
    log.warning("webhook delivery %s to %s failed (attempt %s), retried later: %s",
                row.pk, row.webhook.url, attempts, error)
    mine.update(attempts=attempts, last_status=status, last_error=error, due_at=due,
                claimed_by=None, claimed_until=None)
