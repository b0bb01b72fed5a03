"""Web Push through an outbox: queued in the change's transaction, sent by a worker.

`push_queue` writes one `PushMessage` per browser the player registered, with the dedupe
key `<notice>:<what>:player-<id>:push:<subscription id>` (unique), inside the caller's
transaction, and asks a worker to send after commit. `push_send_due` (the worker's side)
claims rows with a conditional update and a lease (`league.services.outbox`), encrypts the payload for the browser
(RFC 8291, aes128gcm) and signs the request with the server's VAPID key (RFC 8292), both
by pywebpush, and POSTs it to the push service at a checked address (the endpoint is the
browser's, so the same SSRF guard as webhooks applies).

At most once: `send_started_at` is written just before the POST. A worker killed during
the call leaves a row whose push may have gone out; when its lease runs out it is given up
(`failed`), never sent again. Outcomes: 2xx sent; 404/410 the browser is gone (its
subscription is removed, the row `gone`); 429, 5xx or a network error retried with
back-off (PUSH_RETRY_BASE_SECONDS, doubling, at most an hour, never sooner than the
service's Retry-After in seconds; `failed` after MAX_ATTEMPTS);
any other answer `failed` (a retry would get the same).
"""

from __future__ import annotations

import base64
import http.client
import json
import logging
from datetime import timedelta
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from pywebpush import WebPushException, webpush

from league.models.push import PushMessage, PushState, PushSubscription
from league.services import webhook_http
from league.services.outbox import (
    UNCLAIMED,
    Outbox,
    SendReport,
    backoff,
    create_once,
    retry_after,
)
from league.services.push import subscriptions_forget

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
TTL_SECONDS = 12 * 3600  # how long a push service keeps a message for an offline browser
MAX_BODY_CHARS = 1000  # the encrypted payload must stay under the services' 4 KB
OUTBOX = Outbox(
    model=PushMessage, states=PushState, task="send_push", name="push messages",
    lease=timedelta(minutes=1),  # longer than one POST with its 10 s timeouts
    retry_flag="league.push.retry-asked",
    at_most_once=Q(send_started_at__isnull=False))  # a browser shows every push it gets
PushReport = SendReport


def vapid_key_pair() -> tuple[str, str]:
    """A new (public, private) VAPID pair in base64url: the public key as the browser's
    applicationServerKey (an uncompressed P-256 point), the private one as its 32 bytes."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return _b64(public), _b64(private)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def push_enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def push_queue(*, player, notice: str, about: str, title: str, body: str, url: str,
               club) -> int:
    """Queue the notice for each of the player's browsers, in the caller's transaction;
    how many rows are new (a notice queued again adds none)."""
    if not push_enabled():
        return 0
    now = timezone.now()
    created = 0
    with transaction.atomic():  # (a savepoint inside the caller's transaction)
        # Locked (PostgreSQL) until the change commits: a browser forgotten meanwhile is
        # skipped here or waits for this commit (`subscriptions_forget` locks them too), so
        # no message is left pointing at a deleted browser.
        subscriptions = PushSubscription.objects.select_for_update().filter(player=player)
        for subscription in subscriptions.order_by("pk"):
            key = f"{notice}:{about}:player-{player.pk}:push:{subscription.pk}"
            _row, new = create_once(PushMessage, key, {
                "player": player, "subscription": subscription, "club": club,
                "notice": notice, "title": title[:200], "body": body[:MAX_BODY_CHARS],
                "url": url[:500], "created_at": now, "due_at": now})
            created += new
    if created:
        transaction.on_commit(push_kick)
    return created


def push_kick() -> None:
    """Ask a worker to send now (after commit). Never raises: the periodic task sends what
    a failed kick leaves."""
    OUTBOX.kick()


def push_retry_later() -> None:
    """After a run with failures, one run when the next message is due, so retries happen
    without beat (outbox.retry_later)."""
    OUTBOX.retry_later()


def push_send_due(*, limit: int = 50) -> PushReport:
    """Send up to `limit` due messages, oldest first. A push service that fails is skipped
    for the rest of the run, so one dead service never holds up the others."""
    sent = failed = 0
    OUTBOX.give_up_interrupted()
    dead_hosts: set[str] = set()
    skipped: list[int] = []
    for _attempt in range(limit):
        row = OUTBOX.claim_next(related=("subscription",), pk__in=skipped)
        if row is None:
            break
        host = urlsplit(row.subscription.endpoint).hostname if row.subscription else None
        if host in dead_hosts:
            OUTBOX.release(row)
            skipped.append(row.pk)
            continue
        if _deliver(row):
            sent += 1
        else:
            failed += 1
            if host:
                dead_hosts.add(host)
    return OUTBOX.report(sent=sent, failed=failed)


class _Answer:
    """What pywebpush reads of a response."""

    def __init__(self, status: int, headers: dict[str, str]):
        self.status_code = status
        self.reason = ""
        self.text = ""
        self.headers = {name.title(): value for name, value in headers.items()}


class _CheckedSession:
    """Stands in for pywebpush's requests session: the POST goes to the endpoint's checked
    address (webhook_http), never to a private one unless PUSH_ALLOW_PRIVATE_ENDPOINTS."""

    def post(self, url, data=None, headers=None, timeout=None):
        status, answer_headers = webhook_http.post_answer(
            url, data or b"", dict(headers or {}),
            allow_private=settings.PUSH_ALLOW_PRIVATE_ENDPOINTS)
        return _Answer(status, answer_headers)


def payload(row: PushMessage) -> bytes:
    """What the service worker (static/js/push-sw.js) shows: title, body, url, and a tag
    so that a repeat replaces the notification instead of adding one."""
    return json.dumps({"title": row.title, "body": row.body, "url": row.url,
                       "tag": row.dedupe_key.split(":player-", 1)[0]}).encode()


def _deliver(row: PushMessage) -> bool:
    subscription = row.subscription
    if subscription is None:  # the player forgot this browser before it was sent
        OUTBOX.mine(row).update(
            state=PushState.GONE, body="", **UNCLAIMED,
            last_error="The browser was forgotten before the message was sent.")
        return True
    if not push_enabled():
        _postpone(row, "VAPID keys are not set (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).")
        return False
    OUTBOX.mine(row).update(send_started_at=timezone.now())
    try:
        webpush(
            {"endpoint": subscription.endpoint,
             "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
            data=payload(row).decode(), vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT}, ttl=TTL_SECONDS,
            timeout=webhook_http.TIMEOUT, requests_session=_CheckedSession(),
            headers={"Urgency": "normal"})
    except WebPushException as refusal:
        return _refused(row, refusal)
    except (OSError, http.client.HTTPException) as exc:  # unreachable, reset, timed out, garbled
        _postpone(row, repr(exc))
        return False
    except (ValidationError, ValueError) as exc:  # a private address, a broken key
        _give_up(row, repr(exc))
        return False
    OUTBOX.mark_sent(row, body="")
    return True


def _refused(row: PushMessage, refusal: WebPushException) -> bool:
    status = refusal.status_code
    error = f"The push service answered {status}."
    if status in (404, 410):  # the browser unsubscribed or expired (RFC 8030, 7.3)
        with transaction.atomic():
            OUTBOX.mine(row).update(state=PushState.GONE, body="", attempts=F("attempts") + 1,
                                    last_error=error, **UNCLAIMED)
            subscriptions_forget(PushSubscription.objects.filter(pk=row.subscription_id))
        return True  # nothing wrong with the service: the run goes on
    if status is None:  # refused before any request: the browser's keys are unusable
        _give_up(row, str(refusal))
    elif status == 429 or status >= 500:
        _postpone(row, error, at_least=retry_after(refusal.retry_after))
    else:
        _give_up(row, error)
    return False


def _give_up(row: PushMessage, error: str) -> None:
    log.error("push %s to player %s given up: %s", row.pk, row.player_id, error)
    OUTBOX.mark_failed(row, error=error[:2000], body="", attempts=F("attempts") + 1)


def _postpone(row: PushMessage, error: str, at_least: timedelta = timedelta()) -> None:
    attempts = row.attempts + 1
    if attempts >= MAX_ATTEMPTS:
        _give_up(row, error)
        return
    log.warning("push %s not sent (attempt %s), retried later: %s", row.pk, attempts, error)
    base = timedelta(seconds=settings.PUSH_RETRY_BASE_SECONDS)
    # The service refused or was unreachable: a known outcome, so it is tried again.
    OUTBOX.postpone(row, attempts=attempts, delay=backoff(attempts, base, at_least=at_least),
                    last_error=error[:2000], send_started_at=None)
