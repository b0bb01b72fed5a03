"""Login throttling: failed logins counted per account and per client address.

After `LOGIN_FAILURES_PER_ACCOUNT` failures for one username, or `LOGIN_FAILURES_PER_ADDRESS`
failures from one address (any usernames, and unknown API tokens), within
`LOGIN_LOCKOUT_SECONDS`, every further attempt is refused until that window, counted from
the first failure, has passed: the right password included, so guessing gains nothing.
Counters live in the default cache (Redis in production, process memory when embedded),
so they expire by themselves and no other service is needed.

The client address is `REMOTE_ADDR`, unless `TRUSTED_PROXY_COUNT` proxies stand in front
of the site: then it is the n-th address from the right of `X-Forwarded-For`, the one the
outermost trusted proxy saw. Anything further left is whatever the client wrote. DRF's
anonymous throttle applies the same rule (its `NUM_PROXIES` is the same setting).
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache


def client_address(request) -> str:
    """The address to throttle by (see the module docstring); '' when there is none."""
    meta = getattr(request, "META", {})
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        addresses = forwarded.split(",")
        return addresses[-min(proxies, len(addresses))].strip()
    return meta.get("REMOTE_ADDR") or ""


@dataclass(frozen=True)
class Counter:
    key: str
    limit: int


def _counters(request, username: str | None) -> list[Counter]:
    counters = [Counter(f"login-failures:address:{client_address(request)}",
                        settings.LOGIN_FAILURES_PER_ADDRESS)]
    if username:
        # Hashed: usernames are any text, cache keys are not (and need not be readable).
        name = hashlib.sha256(username.strip().casefold().encode()).hexdigest()
        counters.append(Counter(f"login-failures:account:{name}",
                                settings.LOGIN_FAILURES_PER_ACCOUNT))
    return counters


def login_wait(*, request, username: str | None = None) -> int:
    """Seconds before `username` may try again from this request's address (0: now)."""
    now = time.time()
    waits = [0]
    for counter in _counters(request, username):
        failures = cache.get_many([counter.key, f"{counter.key}:since"])
        if failures.get(counter.key, 0) >= counter.limit:
            since = failures.get(f"{counter.key}:since", now)
            waits.append(max(1, math.ceil(since + settings.LOGIN_LOCKOUT_SECONDS - now)))
    return max(waits)


def login_failed(*, request, username: str | None = None) -> None:
    """Count a failed attempt (a wrong password, an unknown user or API token)."""
    window = settings.LOGIN_LOCKOUT_SECONDS
    for counter in _counters(request, username):
        # add() starts a window only if none is running; incr() keeps the key's expiry.
        cache.add(f"{counter.key}:since", time.time(), window)
        cache.add(counter.key, 0, window)
        try:
            cache.incr(counter.key)
        except ValueError:  # expired between add() and incr()
            cache.set(counter.key, 1, window)


def login_succeeded(*, request, username: str) -> None:
    """A right password before any lockout: the account's count starts again (the
    address's does not, or one known login would wipe out guesses at others)."""
    account = _counters(request, username)[-1].key
    cache.delete_many([account, f"{account}:since"])


def wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (f"Too many failed logins for this account or from your address. Try again in "
            f"{minutes} minute{'s' if minutes != 1 else ''}.")
