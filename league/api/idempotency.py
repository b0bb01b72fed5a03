"""`Idempotency-Key` support for write endpoints.

One IdempotencyRecord per (owner, key). The first request with a key creates the record
(in flight, holding a lease of LEASE) before doing the work; the unique constraint, not a
lock, decides who is first. The work and the stored response commit in ONE transaction,
so a result that is stored always has its response stored with it, and a request that
dies before committing leaves neither.

A later request with the same key and the same body gets the original status and body
replayed; with another body, 422; while the first is still running, 409 with Retry-After.
Failures (exceptions, 5xx) release the key so the client may retry with it; a request
that died without releasing (worker killed, database connection cut) holds the key only
until its lease runs out. Records are pruned after a day
(`league.services.idempotency.idempotency_prune`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import uuid
from collections.abc import Callable
from datetime import timedelta

from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from league.models import ApiToken, IdempotencyRecord

log = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
# Longer than any result submission takes, short enough that a client retrying after a
# crashed request is not kept waiting for long.
LEASE = timedelta(seconds=30)


class _Failed(Exception):
    """produce() answered 5xx: roll its work back and free the key."""

    def __init__(self, response: Response):
        super().__init__(response.status_code)
        self.response = response


def owner_of(request) -> str | None:
    if isinstance(request.auth, ApiToken):
        return f"token:{request.auth.pk}"
    if getattr(request.auth, "idempotency_owner", None):  # a seat token (tournaments)
        return request.auth.idempotency_owner
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return None


def request_hash(request) -> str:
    body = json.dumps(request.data, sort_keys=True, separators=(",", ":"), default=str)
    # The full path: a DELETE carries its reason in the query string.
    target = request.get_full_path()
    return hashlib.sha256(f"{request.method} {target}\n{body}".encode()).hexdigest()


def idempotent(request, produce: Callable[[], Response]) -> Response:
    """Run `produce` at most once per (owner, Idempotency-Key); replay its response."""
    key, owner = request.headers.get(HEADER, "").strip(), owner_of(request)
    if not key or owner is None:
        return produce()
    if len(key) > 255:
        return Response({"detail": _("Idempotency-Key is at most 255 characters.")}, status=400)
    digest, lease = request_hash(request), uuid.uuid4()
    record = _acquire(owner, key, digest, lease)
    if record is None or record.lease != lease:
        return _replay(record, digest)
    return _run(record, produce)


def _acquire(owner: str, key: str, digest: str, lease: uuid.UUID) -> IdempotencyRecord | None:
    """The key's record: ours (holding `lease`) if the key was free, else the holder's."""
    for _attempt in range(3):
        now = timezone.now()
        # Conditional update: of two requests finding the same dead lease, one takes it.
        IdempotencyRecord.objects.filter(owner=owner, key=key, in_flight=True).filter(
            _lease_over(now)).update(request_hash=digest, lease=lease,
                                     locked_until=now + LEASE, created_at=now)
        try:
            with transaction.atomic():
                IdempotencyRecord.objects.create(owner=owner, key=key, request_hash=digest,
                                                 lease=lease, locked_until=now + LEASE)
        except IntegrityError:
            pass
        record = IdempotencyRecord.objects.filter(owner=owner, key=key).first()
        if record is not None:
            return record
        # The holder failed and released the key between our insert and our read: again.
    return None


def _lease_over(now) -> Q:
    # Records from before leases existed count from their creation.
    return Q(locked_until__lt=now) | Q(locked_until__isnull=True, created_at__lt=now - LEASE)


def _replay(record: IdempotencyRecord | None, digest: str) -> Response:
    if record is not None and record.request_hash != digest:
        return Response({"detail": _("This Idempotency-Key was used with another request.")},
                        status=422)
    if record is None or record.in_flight:
        return Response({"detail": _("A request with this Idempotency-Key is still running.")},
                        status=409, headers={"Retry-After": str(_retry_after(record))})
    response = Response(record.response_body, status=record.response_status)
    response["Idempotent-Replayed"] = "true"
    return response


def _retry_after(record: IdempotencyRecord | None) -> int:
    """Whole seconds until the holder's lease runs out (at least 1)."""
    if record is None or record.locked_until is None:
        return 1
    return max(1, math.ceil((record.locked_until - timezone.now()).total_seconds()))


def _run(record: IdempotencyRecord, produce: Callable[[], Response]) -> Response:
    try:
        with transaction.atomic():
            response = produce()
            if response.status_code >= 500:
                raise _Failed(response)
            _store(record, response)
    except _Failed as failed:
        _release(record)
        return failed.response
    except BaseException:
        _release(record)
        raise
    return response


def _store(record: IdempotencyRecord, response: Response) -> None:
    """Keep the response, in the transaction of the work it reports."""
    body = json.loads(JSONRenderer().render(response.data) or b"null")
    kept = IdempotencyRecord.objects.filter(pk=record.pk, lease=record.lease).update(
        in_flight=False, response_status=response.status_code, response_body=body,
        locked_until=None)
    if not kept:
        # We outlived our lease and another request took the key over; it stores its own.
        log.warning("Idempotency-Key %s of %s: lease lost, response not stored",
                    record.key, record.owner)


def _release(record: IdempotencyRecord) -> None:
    """Free the key for a retry; if the database is gone, the lease frees it instead."""
    try:
        IdempotencyRecord.objects.filter(pk=record.pk, lease=record.lease,
                                         in_flight=True).delete()
    except DatabaseError:
        log.warning("Idempotency-Key %s of %s not released; its lease runs out in %s",
                    record.key, record.owner, LEASE, exc_info=True)
