"""The Redis cache as an optional helper: with Redis stopped or frozen the site goes on.

Everything the site keeps in the cache may be lost: pages are rendered again, login
back-off and throttles start from zero. So a cache error is logged and answered as a miss
(nothing stored, nothing found, counters at zero) instead of a 500.

A frozen Redis accepts connections and never answers, so every call would wait for the
socket timeout (`redis_cache`: one second). After one error the process
leaves Redis alone for `REST_SECONDS` and answers every call as a miss at once; a page that
asks the cache ten times then waits for one timeout, not ten.
"""

from __future__ import annotations

import logging
import threading
import time
from functools import wraps

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

REST_SECONDS = 5.0
ERRORS = (RedisError, OSError)  # redis-py's own errors, and socket errors it lets through

# Per process, per server: Django builds one cache object per thread, the outage is shared.
_resting_until: dict[str, float] = {}
_lock = threading.Lock()


def redis_cache(url: str) -> dict:
    """The `CACHES` entry for a Redis at `url`: a stalled server costs a second."""
    return {"BACKEND": "config.cache.ForgivingRedisCache", "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 1.0, "socket_timeout": 1.0}}


def _miss(answer):
    """Wrap a cache method: while Redis fails or rests, `answer(*args, **kwargs)` instead."""
    def decorate(method):
        @wraps(method)
        def wrapper(self, *args, **kwargs):
            if self.resting():
                return answer(*args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except ERRORS as error:
                self.rest(error)
                return answer(*args, **kwargs)
        return wrapper
    return decorate


def _nothing(*args, **kwargs):
    return None


def _false(*args, **kwargs):
    return False


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache whose errors count as misses (see the module docstring)."""

    def resting(self) -> bool:
        until = _resting_until.get(self._server_key)
        return until is not None and time.monotonic() < until

    def rest(self, error: Exception) -> None:
        with _lock:
            first = not self.resting()
            _resting_until[self._server_key] = time.monotonic() + REST_SECONDS
        if first:
            log.warning("Cache unreachable (%s: %s); going on without it for %.0f s.",
                        type(error).__name__, error, REST_SECONDS)

    @property
    def _server_key(self) -> str:
        return ",".join(self._servers)

    add = _miss(_false)(RedisCache.add)
    get = _miss(lambda key, default=None, version=None: default)(RedisCache.get)
    set = _miss(_nothing)(RedisCache.set)
    touch = _miss(_false)(RedisCache.touch)
    delete = _miss(_false)(RedisCache.delete)
    get_many = _miss(lambda keys, version=None: {})(RedisCache.get_many)
    has_key = _miss(_false)(RedisCache.has_key)
    # A counter that cannot be read counts from zero: throttles and back-off allow.
    incr = _miss(lambda key, delta=1, version=None: delta)(RedisCache.incr)
    set_many = _miss(lambda data, timeout=None, version=None: list(data))(RedisCache.set_many)
    delete_many = _miss(_nothing)(RedisCache.delete_many)
    clear = _miss(_false)(RedisCache.clear)
