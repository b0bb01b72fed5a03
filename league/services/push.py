"""Web Push subscriptions: a logged-in player's browser registers itself, or takes itself
off. Delivery: `league.services.push_delivery` (docs/notifications.md)."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import urlsplit

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Player, PushSubscription

P256DH_BYTES = 65  # an uncompressed P-256 point (RFC 8291)
AUTH_BYTES = 16


def _decoded(value, field: str, size: int) -> str:
    text = value if isinstance(value, str) else ""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size:
        raise ValidationError({field: _("%(field)s must be %(size)s bytes in base64url.") % {
            "field": field, "size": size}})
    return text


def _check_endpoint(endpoint) -> str:
    parts = urlsplit(endpoint if isinstance(endpoint, str) else "")
    if parts.scheme != "https" or not parts.hostname or len(endpoint) > 1000:
        raise ValidationError({"endpoint": _("The endpoint must be an https URL of at most "
                                             "1000 characters.")})
    return endpoint


@transaction.atomic
def push_subscribe(*, player: Player, user, endpoint, p256dh, auth) -> PushSubscription:
    """Idempotent: the same browser subscribing again updates its keys."""
    if not getattr(user, "is_authenticated", False) or player.user_id != user.pk:
        raise PermissionDenied(_("Only the player may subscribe their own browser."))
    fields = {"player": player, "p256dh": _decoded(p256dh, "p256dh", P256DH_BYTES),
              "auth": _decoded(auth, "auth", AUTH_BYTES)}
    row, _created = PushSubscription.objects.update_or_create(
        endpoint=_check_endpoint(endpoint), defaults=fields)
    return row


def push_unsubscribe(*, player: Player, user, endpoint) -> int:
    if not getattr(user, "is_authenticated", False) or player.user_id != user.pk:
        raise PermissionDenied(_("Only the player may unsubscribe their own browser."))
    return subscriptions_forget(PushSubscription.objects.filter(player=player, endpoint=endpoint))


@transaction.atomic
def subscriptions_forget(subscriptions) -> int:
    """Delete these subscriptions; their queued messages keep their rows, without one.

    The rows are locked first (PostgreSQL): a change queueing a push to one of them
    (`push_queue`, which locks them too) commits before the delete looks for messages to
    detach, so none is left pointing at a deleted browser."""
    pks = list(subscriptions.select_for_update().values_list("pk", flat=True))
    return PushSubscription.objects.filter(pk__in=pks).delete()[0] if pks else 0
