"""Login back-off: failed logins slow down the next attempts, per account and per address.

Failures are counted per account (the username, whatever its case or spaces) and per client
address (any usernames, and unknown API tokens). The first `LOGIN_FAILURES_PER_ACCOUNT`
(`_PER_ADDRESS`) cost nothing; after that each failure makes the next attempt wait 1 s,
2 s, 4 s … at most `LOGIN_BACKOFF_MAX_SECONDS`. An attempt during a wait is refused
without looking at the password and is not counted, so a guesser gets at most one try per
wait: with the 60 s default, 60 an hour per account (ASVS 2.2.1 asks for 100 at most).
The counts are forgotten `LOGIN_FAILURE_WINDOW_SECONDS` after the last failure.

Nobody can lock the owner out: the wait never passes the maximum, so the right password
gets in once it is over, from any address; a browser that logged in to the account before
has a count of its own (`league.known_logins`), so it does not wait for others' guesses;
a password reset or change forgets the account's count (`login_counts_forget`); a valid
API token is checked before any count.
Counters live in the default cache (Redis in production, process memory when embedded);
while the cache is unreachable they read as zero, and logins are allowed.

The client address is `REMOTE_ADDR`, unless `TRUSTED_PROXY_COUNT` proxies stand in front
of the site: then it is the n-th address from the right of `X-Forwarded-For`, the one the
outermost trusted proxy saw. Anything further left is whatever the client wrote. DRF's
anonymous throttle applies the same rule (its `NUM_PROXIES` is the same setting).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

from league.known_logins import account_hash, browser_id, remember


def client_address(request) -> str:
    """The address to count by (see the module docstring); '' when there is none."""
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
    free: int  # failures that cost no wait

    def wait(self, failures: int, last: float, now: float) -> int:
        """Seconds still to wait after `failures` failures, the last one at `last`."""
        if failures < self.free:
            return 0
        backoff = min(2 ** min(failures - self.free, 30), settings.LOGIN_BACKOFF_MAX_SECONDS)
        return max(0, math.ceil(last + backoff - now))


def _account_key(username: str) -> str:
    # Hashed: usernames are any text, cache keys are not (and need not be readable).
    return f"login-failures:account:{account_hash(username)}"


def _counters(request, username: str | None) -> list[Counter]:
    browser = browser_id(request, username) if username else None
    if browser:  # a browser that logged in to the account before: its own count only
        return [Counter(f"login-failures:browser:{browser}:{account_hash(username)}",
                        settings.LOGIN_FAILURES_PER_ACCOUNT)]
    counters = [Counter(f"login-failures:address:{client_address(request)}",
                        settings.LOGIN_FAILURES_PER_ADDRESS)]
    if username:
        counters.append(Counter(_account_key(username), settings.LOGIN_FAILURES_PER_ACCOUNT))
    return counters


def login_wait(*, request, username: str | None = None) -> int:
    """Seconds before `username` may try again from this request's address (0: now)."""
    now = time.time()
    waits = [0]
    for counter in _counters(request, username):
        found = cache.get_many([counter.key, f"{counter.key}:last"])
        waits.append(counter.wait(found.get(counter.key, 0), found.get(f"{counter.key}:last",
                                                                        now), now))
    return max(waits)


def login_failed(*, request, username: str | None = None) -> None:
    """Count a failed attempt (a wrong password, an unknown user or API token)."""
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    for counter in _counters(request, username):
        cache.add(counter.key, 0, window)
        try:
            cache.incr(counter.key)
        except ValueError:  # expired between add() and incr()
            cache.set(counter.key, 1, window)
        cache.touch(counter.key, window)  # the window runs from the last failure
        cache.set(f"{counter.key}:last", time.time(), window)


def login_succeeded(*, request, username: str) -> None:
    """A right password outside any wait: the account's count starts again (the
    address's does not, or one known login would wipe out guesses at others), and the
    browser is remembered as one the owner uses."""
    login_counts_forget(username=username)
    remember(request, username)


def login_counts_forget(*, username: str) -> None:
    """Forget the account's failures: its password was just set by someone who knew it
    or could read its mail."""
    key = _account_key(username)
    cache.delete_many([key, f"{key}:last"])


def wait_message(seconds: int) -> str:
    return ngettext(
        "Too many failed logins for this account or from your address. Try again in "
        "%(seconds)d second.",
        "Too many failed logins for this account or from your address. Try again in "
        "%(seconds)d seconds.", seconds) % {"seconds": seconds}
