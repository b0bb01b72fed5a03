"""`Idempotency-Key` support for write endpoints.

One IdempotencyRecord per (owner, key). The first request with a key creates the record
(in flight) before doing the work, then stores the response. A later request with the same
key and the same body gets that response replayed; with another body, 422; while the first
is still running, 409. The unique constraint, not a lock, decides who is first.
Failures (exceptions, 5xx) delete the record so the client may retry with the same key;
a record left in flight by a crashed worker is taken over after STALE_AFTER.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from league.models import ApiToken, IdempotencyRecord

HEADER = "Idempotency-Key"
STALE_AFTER = timedelta(minutes=10)


def owner_of(request) -> str | None:
    if isinstance(request.auth, ApiToken):
        return f"token:{request.auth.pk}"
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
        return Response({"detail": "Idempotency-Key is at most 255 characters."}, status=400)
    digest = request_hash(request)
    _drop_if_abandoned(owner, key)
    try:
        with transaction.atomic():
            record = IdempotencyRecord.objects.create(owner=owner, key=key, request_hash=digest)
    except IntegrityError:
        return _replay(IdempotencyRecord.objects.get(owner=owner, key=key), digest)
    return _run(record, produce)


def _drop_if_abandoned(owner: str, key: str) -> None:
    """A request that never finished (the worker died) must not block its key forever."""
    IdempotencyRecord.objects.filter(
        owner=owner, key=key, in_flight=True, created_at__lt=timezone.now() - STALE_AFTER
    ).delete()


def _replay(record: IdempotencyRecord, digest: str) -> Response:
    if record.request_hash != digest:
        return Response({"detail": "This Idempotency-Key was used with another request."},
                        status=422)
    if record.in_flight:
        return Response({"detail": "A request with this Idempotency-Key is still running."},
                        status=409)
    response = Response(record.response_body, status=record.response_status)
    response["Idempotent-Replayed"] = "true"
    return response


def _run(record: IdempotencyRecord, produce: Callable[[], Response]) -> Response:
    try:
        response = produce()
    except BaseException:
        record.delete()
        raise
    if response.status_code >= 500:
        record.delete()
        return response
    record.response_status = response.status_code
    record.response_body = json.loads(JSONRenderer().render(response.data) or b"null")
    record.in_flight = False
    record.save(update_fields=["response_status", "response_body", "in_flight"])
    return response
