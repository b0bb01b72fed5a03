"""Throttles on the API's expensive work: checking and storing records.

Counted per API token and per logged-in person (anonymous callers are counted by
address by `AnonymousThrottle`), so one client pushing records cannot take the web
workers from everyone else. The counts live in the cache; when the cache fails the
request is allowed and a warning logged: a throttle must never take the site down.
"""

from __future__ import annotations

import logging

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
