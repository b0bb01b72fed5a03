"""A warning for a site behind a proxy that was not told so.

With `TRUSTED_PROXY_COUNT=0` the client address is `REMOTE_ADDR`. Behind a reverse proxy
that is the proxy's address for every client: login back-off and the anonymous throttle
then count everyone as one client. Requests carrying forwarding headers are the sign, so
the first one a process sees logs a warning (once per process: it is a setting to fix,
not an event to count).
"""

from __future__ import annotations

import logging

from django.conf import settings

log = logging.getLogger(__name__)

FORWARDING_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
_warned = False


def warn_if_untrusted_proxy(request) -> None:
    global _warned
    if _warned or settings.TRUSTED_PROXY_COUNT:
        return
    seen = [name[5:].replace("_", "-") for name in FORWARDING_HEADERS if name in request.META]
    if seen:
        _warned = True
        log.warning(
            "Requests carry proxy headers (%s) but TRUSTED_PROXY_COUNT is 0: every client "
            "behind the proxy counts as the proxy's address %s for login back-off and "
            "throttles. Set TRUSTED_PROXY_COUNT to the number of proxies in front of the "
            "site (README, 'Behind a reverse proxy').", ", ".join(seen),
            request.META.get("REMOTE_ADDR"))


class ProxyHeadersWarning:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        warn_if_untrusted_proxy(request)
        return self.get_response(request)
