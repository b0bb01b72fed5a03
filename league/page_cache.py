"""Versions of what public pages show from results, for caching and conditional GET.

Each club has a version token in the configured cache (Redis in production,
local memory embedded). The result follow-ups (standings, ratings, player
statistics) replace it after their transaction commits, so every cached
fragment and ETag built from the old token stops matching at once: a page is
rebuilt once after a change and served from the cache until the next one.

A token is random rather than a counter: if the cache loses it (eviction,
restart) a fresh one is drawn, and no old fragment can match it by chance.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable, Iterable
from functools import wraps

from django.contrib import messages
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag

FRAGMENT_SECONDS = 24 * 3600  # fragments also expire on their own, so the cache stays small
DAY = 24 * 3600
# A version also runs out by itself: an invalidation dropped while Redis was away (see
# config/cache.py) then leaves an out-of-date page for an hour at most.
VERSION_SECONDS = 3600


def _key(club_id: int) -> str:
    return f"pages:club:{club_id}:version"


def _token() -> str:
    return uuid.uuid4().hex[:16]


def club_versions(club_ids: Iterable[int]) -> dict[int, str | None]:
    """The current token of each club, drawing one for clubs that have none yet; None
    while the cache is unreachable (the page is then rendered, never cached)."""
    ids = sorted(set(club_ids))
    found = cache.get_many([_key(i) for i in ids])
    versions = {}
    for club_id in ids:
        token = found.get(_key(club_id))
        if token is None:
            # add, not set: another process may have drawn one first, and its wins.
            cache.add(_key(club_id), _token(), VERSION_SECONDS)
            token = cache.get(_key(club_id))
        versions[club_id] = token
    return versions


def club_version(club_id: int) -> str | None:
    return club_versions([club_id])[club_id]


def bump_club_versions(club_ids: Iterable[int]) -> None:
    """Invalidate the clubs' cached pages once the current transaction commits."""
    ids = sorted({i for i in club_ids if i})

    def bump() -> None:
        cache.set_many({_key(i): _token() for i in ids}, VERSION_SECONDS)

    if ids:
        transaction.on_commit(bump)


def viewer_scope(request) -> str:
    """Who the content is for: what a page shows depends on the clubs the viewer may see."""
    token = getattr(request, "auth", None)
    if token is not None and hasattr(token, "club_id"):  # an API token sees its own club
        return f"t{token.pk}"
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anon"
    return f"u{user.pk}"


def fragment_key(request, name: str, versions: dict, *, every: int | None = None) -> str:
    """A cache key for ``request``'s page, valid while the versions hold.

    ``every`` (seconds) also starts a new key each period, for content that changes
    with time alone (ratings grow uncertain while a player is away: a day) or with
    edits that bump no version (a night renamed: a minute).
    """
    # The same page differs by language and time zone (config.page_locale chose both).
    parts = [name, viewer_scope(request), request.get_full_path(),
             translation.get_language() or "", timezone.get_current_timezone_name()]
    parts += [f"{key}={token}" for key, token in sorted(versions.items(), key=str)]
    if every:
        parts.append(str(int(time.time() // every)))
    return "pages:fragment:" + hashlib.sha256("|".join(parts).encode()).hexdigest()


def page_etag(request, name: str, versions: dict, *, every: int | None = None) -> str:
    """An ETag for the whole response: the fragment key plus the session's CSRF secret.

    The CSRF secret is part of it because a logged-in page carries a form token
    minted from it; a browser reusing its copy after logging in again would post
    a stale one.
    """
    base = fragment_key(request, name, versions, every=every)
    csrf = request.COOKIES.get("csrftoken", "")
    return hashlib.sha256(f"{base}|{csrf}".encode()).hexdigest()[:32]


# --- serving pages from the cache --------------------------------------------------------------

# (request, *args, **kwargs) -> club versions (and any other parts the page depends on),
# or None when the page must be rendered every time.
Versions = Callable[..., dict | None]


def _not_modified(request, etag: str) -> HttpResponse | None:
    return get_conditional_response(request, etag=quote_etag(etag))


def _tag(response, etag: str) -> None:
    response.headers["ETag"] = quote_etag(etag)
    # Revalidate every time: the ETag answers with a 304 while nothing changed.
    patch_cache_control(response, private=True, no_cache=True)


def _reachable(depends_on: dict | None) -> bool:
    """False when the page must be rendered: it asks for that, or a version is missing
    because the cache is down (an ETag without its versions would match stale copies)."""
    return depends_on is not None and None not in depends_on.values()


def _cacheable(request) -> bool:
    """Plain reads only: exports and pages with a one-off message go through the view."""
    if request.method not in ("GET", "HEAD") or "_export" in request.GET:
        return False
    return not len(messages.get_messages(request))


def cached_page(name: str, versions: Versions, *, every: int | None = None):
    """Serve a public HTML view from the cache while its clubs' versions hold.

    ``versions`` checks the viewer may see the page (raising Http404 when not)
    and returns the versions of the clubs whose results the page shows. The
    rendered page is stored under a key of those versions, the viewer and the
    URL; a matching If-None-Match gets a 304 without rendering anything.
    """
    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if not _cacheable(request):
                return view(request, *args, **kwargs)
            depends_on = versions(request, *args, **kwargs)
            if not _reachable(depends_on):
                return view(request, *args, **kwargs)
            etag = page_etag(request, name, depends_on, every=every)
            if (response := _not_modified(request, etag)) is not None:
                return response
            key = f"pages:html:{etag}"
            stored = cache.get(key)
            if stored is None:
                response = view(request, *args, **kwargs)
                if response.status_code != 200 or getattr(response, "streaming", False):
                    return response
                if hasattr(response, "render"):
                    response.render()
                stored = (response.content, response["Content-Type"])
                cache.set(key, stored, every or FRAGMENT_SECONDS)
            response = HttpResponse(stored[0], content_type=stored[1])
            _tag(response, etag)
            return response
        return wrapper
    return decorate


def cached_api(name: str, versions: Versions):
    """`cached_page` for DRF read views: the response data is cached, rendered per request."""
    from rest_framework.response import Response

    def decorate(view):
        @wraps(view)
        def wrapper(self, request, *args, **kwargs):
            depends_on = versions(request, *args, **kwargs)
            if not _reachable(depends_on):
                return view(self, request, *args, **kwargs)
            etag = page_etag(request, name, depends_on)
            if (response := _not_modified(request, etag)) is not None:
                return response
            key = f"pages:api:{etag}"
            data = cache.get(key)
            if data is None:
                response = view(self, request, *args, **kwargs)
                if response.status_code != 200:
                    return response
                data = response.data
                cache.set(key, data, FRAGMENT_SECONDS)
            response = Response(data)
            _tag(response, etag)
            return response
        return wrapper
    return decorate
