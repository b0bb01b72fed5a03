"""Private calendar links: a player makes one (the URL shown once), replaces or revokes it.

The key is 32 random bytes; only its SHA-256 is stored, like an API token's, so the
database never holds a working feed URL.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Player
from tournaments.models import CalendarLink


@dataclass(frozen=True)
class NewCalendarLink:
    link: CalendarLink
    key: str  # shown once


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _require_own(user, player: Player) -> None:
    if not getattr(user, "is_authenticated", False) or player.user_id != user.pk:
        raise PermissionDenied(_("Only the player may manage their own calendar link."))


@transaction.atomic
def calendar_link_create(*, player: Player, user) -> NewCalendarLink:
    """A new private feed key for the player; an older link stops working."""
    _require_own(user, player)
    key = secrets.token_urlsafe(32)
    CalendarLink.objects.filter(player=player).delete()
    link = CalendarLink.objects.create(player=player, key_hash=_hash(key))
    return NewCalendarLink(link=link, key=key)


@transaction.atomic
def calendar_link_revoke(*, player: Player, user) -> bool:
    """Cut the player's private feed off; False when there was none."""
    _require_own(user, player)
    deleted, _rows = CalendarLink.objects.filter(player=player).delete()
    return bool(deleted)


def calendar_player(key: str) -> Player | None:
    """The player whose private feed `key` opens, or None (unknown or revoked)."""
    if not key or len(key) > 100:
        return None
    link = CalendarLink.objects.select_related("player").filter(key_hash=_hash(key)).first()
    if link is None:
        return None
    CalendarLink.objects.filter(pk=link.pk).update(last_used_at=timezone.now())
    return link.player
