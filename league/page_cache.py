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
import uuid
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

FRAGMENT_SECONDS = 24 * 3600  # fragments also expire on their own, so the cache stays small


def _key(club_id: int) -> str:
    return f"pages:club:{club_id}:version"


def _token() -> str:
    return uuid.uuid4().hex[:16]


def club_versions(club_ids: Iterable[int]) -> dict[int, str]:
    """The current token of each club, drawing one for clubs that have none yet."""
    ids = sorted(set(club_ids))
    found = cache.get_many([_key(i) for i in ids])
    versions = {}
    for club_id in ids:
        token = found.get(_key(club_id))
        if token is None:
            # add, not set: another process may have drawn one first, and its wins.
            cache.add(_key(club_id), _token(), None)
            token = cache.get(_key(club_id))
        versions[club_id] = token
    return versions


def club_version(club_id: int) -> str:
    return club_versions([club_id])[club_id]


def bump_club_versions(club_ids: Iterable[int]) -> None:
    """Invalidate the clubs' cached pages once the current transaction commits."""
    ids = sorted({i for i in club_ids if i})

    def bump() -> None:
        cache.set_many({_key(i): _token() for i in ids}, None)

    if ids:
        transaction.on_commit(bump)


def viewer_scope(request) -> str:
    """Who the content is for: what a page shows depends on the clubs the viewer may see."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anon"
    return f"u{user.pk}"


def fragment_key(request, name: str, versions: dict[int, str], *, daily: bool = False) -> str:
    """A cache key for a fragment of ``request``'s page, valid while the versions hold.

    ``daily`` adds today's date, for content that changes with time alone (ratings
    grow uncertain while a player is away).
    """
    parts = [name, viewer_scope(request), request.get_full_path()]
    parts += [f"{club}={token}" for club, token in sorted(versions.items())]
    if daily:
        parts.append(timezone.now().date().isoformat())
    return "pages:fragment:" + hashlib.sha256("|".join(parts).encode()).hexdigest()


def page_etag(request, name: str, versions: dict[int, str], *, daily: bool = False) -> str:
    """An ETag for the whole response: the fragment key plus the session's CSRF secret.

    The CSRF secret is part of it because a logged-in page carries a form token
    minted from it; a browser reusing its copy after logging in again would post
    a stale one.
    """
    base = fragment_key(request, name, versions, daily=daily)
    csrf = request.COOKIES.get("csrftoken", "")
    return hashlib.sha256(f"{base}|{csrf}".encode()).hexdigest()[:32]
