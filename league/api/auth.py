"""API authentication: people by session, scoring apps and play servers by club token.

`Authorization: Token <key>` or `Authorization: Bearer <key>`. Only the key's sha256 hash is
stored; revoked tokens fail. For a token request, `request.user` is anonymous and
`request.auth` is the ApiToken: the permission policy treats the token as the subject.

`Authorization: Seat <token>` is one seat's token for its table's result (tournaments'
seat links, looked up through the hook tournaments registers: league cannot import it).
`request.auth` is then the seat link and the subject stays anonymous, so a seat token
reads nothing an anonymous visitor could not, beyond its own table's entry endpoints.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions, throttling

from league.models import ApiToken
from league.services.logins import login_failed, login_wait
from league.services.tokens import token_authenticate

SCHEMES = ("token", "bearer")
SEAT_SCHEME = "seat"
_seat_lookup = None


def register_seat_tokens(lookup) -> None:
    """tournaments connects `lookup(token) -> seat link or None` in its AppConfig.ready()."""
    global _seat_lookup
    _seat_lookup = lookup


class ApiTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        scheme = parts[0].decode("latin-1").lower() if parts else ""
        if scheme not in SCHEMES and not (scheme == SEAT_SCHEME and _seat_lookup):
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give the token as: Token <key>."))
        # The token first: a valid one is never refused for others' bad tokens from the same
        # address, and needs no cache (which may be down). Unknown tokens count as failed
        # logins of the address (league.services.logins): past its limit they wait (429).
        lookup = _seat_lookup if scheme == SEAT_SCHEME else token_authenticate
        try:
            token = lookup(parts[1].decode())
        except UnicodeDecodeError:
            token = None
        if token is None:
            self._refuse(request)
        return AnonymousUser(), token

    @staticmethod
    def _refuse(request):
        wait = login_wait(request=request)
        if wait:
            raise exceptions.Throttled(wait=wait, detail=_("Too many unknown tokens from your "
                                                           "address."))
        login_failed(request=request)
        raise exceptions.AuthenticationFailed(_("Unknown or revoked token."))

    def authenticate_header(self, request):
        return "Token"


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "league.api.auth.ApiTokenAuthentication"
    name = "clubToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A club's API token: `Token <key>` (or `Bearer <key>`); or one "
                           "seat's token for its table's result: `Seat <token>`.",
        }


def subject_of(request):
    """Who is asking, for the permission policy: the ApiToken or the (maybe anonymous) user."""
    return request.auth if isinstance(request.auth, ApiToken) else request.user


class ReadOrCredentials(permissions.BasePermission):
    """Anyone may read (the querysets hide what they may not see); writes need a login or
    a token. What a writer may do is then decided by the services (one policy)."""

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        return isinstance(request.auth, ApiToken) or request.user.is_authenticated


class PeopleOnly(permissions.BasePermission):
    """Token management and club creation are for logged-in people, not for tokens."""

    message = "Log in as a person to do this."

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.user.is_authenticated and not isinstance(request.auth, ApiToken)


class AnonymousThrottle(throttling.AnonRateThrottle):
    """Throttle anonymous callers by address; tokens are identified, so not throttled here."""

    def get_cache_key(self, request, view):
        if isinstance(request.auth, ApiToken):
            return None
        return super().get_cache_key(request, view)
