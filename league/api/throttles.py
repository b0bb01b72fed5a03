"""Throttles on the API's expensive work: checking and storing records.

Counted per API token and per logged-in person (anonymous callers are counted by
address by `AnonymousThrottle`), so one client pushing records cannot take the web
workers from everyone else. The counts live in the cache; when the cache fails the
request is allowed and a warning logged: a throttle must never take the site down.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError
from rest_framework import throttling

from league.models import ApiToken

log = logging.getLogger(__name__)


class RecordWorkThrottle(throttling.SimpleRateThrottle):
    """Record checks and result submissions, corrections and removals: rate "records"."""

    scope = "records"

    def get_cache_key(self, request, view):
        if isinstance(request.auth, ApiToken):
            ident = f"token:{request.auth.pk}"
        elif request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            return None
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except (RedisError, OSError):  # the cache server is down, stalled or unreachable
            log.warning("record throttle skipped: the cache did not answer", exc_info=True)
            return True


class RecordBytesThrottle(throttling.BaseThrottle):
    """Bytes of records per minute per caller ("record_bytes", RECORD_BYTES_PER_MINUTE).

    The request rate alone lets a client send the largest records back to back: their
    check costs in proportion to their size, so the size sent is what is counted. Callers
    are told apart like RecordWorkThrottle's, and anonymous ones by address.
    """

    cache_format = "throttle_record_bytes_%s"
    window = 60.0

    def allow_request(self, request, view):
        size = _body_size(request)
        if not size:
            return True
        try:
            return self._allow(self._key(request), size)
        except (RedisError, OSError):
            log.warning("record size throttle skipped: the cache did not answer", exc_info=True)
            return True

    def wait(self):
        return getattr(self, "_wait", None)

    def _key(self, request) -> str:
        if isinstance(request.auth, ApiToken):
            return self.cache_format % f"token:{request.auth.pk}"
        if request.user.is_authenticated:
            return self.cache_format % f"user:{request.user.pk}"
        return self.cache_format % f"addr:{self.get_ident(request)}"

    def _allow(self, key: str, size: int) -> bool:
        now = time.time()
        history = [(at, n) for at, n in cache.get(key, []) if at > now - self.window]
        budget = settings.RECORD_BYTES_PER_MINUTE
        if history and sum(n for _, n in history) + size > budget:
            # Wait until enough of the window has passed for this record to fit.
            left, self._wait = sum(n for _, n in history) + size, self.window
            for at, n in sorted(history):
                left -= n
                if left <= budget:
                    self._wait = max(at + self.window - now, 1.0)
                    break
            return False
        cache.set(key, [*history, (now, size)], self.window)
        return True


def _body_size(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
