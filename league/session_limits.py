"""Logins that end: after `SESSION_IDLE_SECONDS` without a request, and
`SESSION_MAX_AGE_SECONDS` after the password was given, however busy (ASVS 3.3.2, level 2:
30 minutes idle, 12 hours in all).

Django's session knows one expiry, so two stamps live in the session: when the login
happened (set at each login) and when it was last used. The last-use stamp is written at
most once a minute, so a page that polls does not write the session on every request.
Token requests carry no session and are not concerned.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY, logout
from django.utils.translation import gettext as _

STARTED = "login_started_at"
SEEN = "login_seen_at"
TOUCH_EVERY = 60  # seconds: how stale the last-use stamp may be


def stamp_login(sender, request, user, **kwargs) -> None:
    """user_logged_in: the lifetime starts again with every password given."""
    if request is not None and hasattr(request, "session"):
        request.session[STARTED] = request.session[SEEN] = time.time()


def _expired(session, now: float) -> bool:
    started, seen = session.get(STARTED), session.get(SEEN)
    if started is None or seen is None:  # a login from before these limits: starts now
        session[STARTED] = session[SEEN] = now
        return False
    return (now - started > settings.SESSION_MAX_AGE_SECONDS
            or now - seen > settings.SESSION_IDLE_SECONDS)


class SessionLimits:
    """After the auth and message middleware: a login past its limits is logged out
    before the view runs, which then sees an anonymous visitor."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = request.session
        if SESSION_KEY in session:
            now = time.time()
            if _expired(session, now):
                logout(request)
                messages.info(request, _("You were logged out after a while without activity "
                                         "or a long day. Please log in again."))
            elif now - session[SEEN] > TOUCH_EVERY:
                session[SEEN] = now
        return self.get_response(request)
