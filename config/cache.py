"""The Redis cache as an optional helper: with Redis stopped or frozen the site goes on.

Everything the site keeps in the cache may be lost: pages are rendered again, login
back-off and throttles start from zero. So a cache error is logged and answered as a miss
(nothing stored, nothing found, counters at zero) instead of a 500.

A frozen Redis accepts connections and never answers, so every call would wait for the
socket timeout (`redis_cache`: one second). After one error the process
leaves Redis alone for `REST_SECONDS` and answers every call as a miss at once; a page that
asks the cache ten times then waits for one timeout, not ten.

A write dropped that way may have been a page invalidation (`league.page_cache`), so a
process that dropped one empties the cache once Redis answers it again: pages are then
rebuilt once, instead of an out-of-date copy being served.
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
_dropped_writes: set[str] = set()
_lock = threading.Lock()


def redis_cache(url: str) -> dict:
    """The `CACHES` entry for a Redis at `url`: a stalled server costs a second."""
    return {"BACKEND": "config.cache.ForgivingRedisCache", "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 1.0, "socket_timeout": 1.0}}


def _miss(answer, *, write: bool = False):
    """Wrap a cache method: while Redis fails or rests, `answer(*args, **kwargs)` instead."""
    def decorate(method):
        @wraps(method)
        def wrapper(self, *args, **kwargs):
            if not self.resting():
                try:
                    self.recover()
                    return method(self, *args, **kwargs)
                except ERRORS as error:
                    self.rest(error)
            if write:
                _dropped_writes.add(self._server_key)
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

    def recover(self) -> None:
        """Empty the cache if this process dropped writes while Redis was away."""
        if self._server_key in _dropped_writes:
            RedisCache.clear(self)
            _dropped_writes.discard(self._server_key)
            log.warning("Cache answers again; emptied it, as writes were dropped meanwhile.")

    @property
    def _server_key(self) -> str:
        return ",".join(self._servers)

    get = _miss(lambda key, default=None, version=None: default)(RedisCache.get)
    get_many = _miss(lambda keys, version=None: {})(RedisCache.get_many)
    has_key = _miss(_false)(RedisCache.has_key)
    add = _miss(_false, write=True)(RedisCache.add)
    set = _miss(_nothing, write=True)(RedisCache.set)
    touch = _miss(_false, write=True)(RedisCache.touch)
    delete = _miss(_false, write=True)(RedisCache.delete)
    # A counter that cannot be read counts from zero: throttles and back-off allow.
    incr = _miss(lambda key, delta=1, version=None: delta, write=True)(RedisCache.incr)
    set_many = _miss(lambda data, timeout=None, version=None: list(data),
                     write=True)(RedisCache.set_many)
    delete_many = _miss(_nothing, write=True)(RedisCache.delete_many)
    clear = _miss(_false)(RedisCache.clear)
