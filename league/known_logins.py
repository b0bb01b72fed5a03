"""Browsers that logged in before: the owner's own phone is not slowed by a guesser.

After a right password the browser gets a signed cookie naming the accounts it logged in
to (hashed) and a random id of its own. An attempt at one of those accounts from that
browser is counted on its own counter instead of the account's and the address's
(`league.services.logins`), so someone guessing at the account from elsewhere never makes
its owner wait there. A stolen cookie gains nothing: its counter backs off the same way.
(OWASP, "Slow Down Online Guessing Attacks with Device Cookies".)
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.core import signing

COOKIE = "known_login"
SALT = "league.known-login"
MAX_AGE = 180 * 24 * 3600
MAX_ACCOUNTS = 5  # a shared club laptop: the last few logins


def account_hash(username: str) -> str:
    return hashlib.sha256(username.strip().casefold().encode()).hexdigest()


def _read(request) -> dict:
    try:
        value = signing.loads(request.COOKIES.get(COOKIE, ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return {}
    return value if isinstance(value, dict) else {}


def browser_id(request, username: str) -> str | None:
    """This browser's id if it logged in to `username` before, else None."""
    known = _read(request)
    if account_hash(username)[:16] in known.get("accounts", []):
        return known.get("id")
    return None


def remember(request, username: str) -> None:
    """Note the login for `KnownLogins` to write on the response."""
    known = _read(request)
    accounts = [a for a in known.get("accounts", []) if a != account_hash(username)[:16]]
    request.known_login = {"id": known.get("id") or secrets.token_urlsafe(12),
                           "accounts": [account_hash(username)[:16], *accounts][:MAX_ACCOUNTS]}


class KnownLogins:
    """Writes the cookie `remember` asked for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        known = getattr(request, "known_login", None)
        if known is not None:
            response.set_cookie(COOKIE, signing.dumps(known, salt=SALT), max_age=MAX_AGE,
                                secure=settings.SESSION_COOKIE_SECURE, httponly=True,
                                samesite="Lax")
        return response
