"""API tokens: created by organisers, shown once, stored as a hash, revoked not deleted."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import ApiToken, Club
from league.models.access import hash_token_key
from league.permissions import MANAGE, can
from league.services.audit import audit_record


@dataclass(frozen=True)
class NewToken:
    token: ApiToken
    key: str  # the only time the plain key exists outside the client


@transaction.atomic
def token_create(*, club: Club, name: str, user) -> NewToken:
    if not can(user, MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers may create API tokens."))
    key = ApiToken.new_key()
    token = ApiToken.objects.create(
        club=club,
        name=name,
        key_hash=hash_token_key(key),
        prefix=key[4:12],
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    audit_record(club=club, action="token.create", target=token, subject=user,
                 after={"name": name, "prefix": token.prefix})
    return NewToken(token=token, key=key)


@transaction.atomic
def token_revoke(*, token: ApiToken, user) -> ApiToken:
    """Revoke once; revoking an already revoked token changes nothing."""
    if not can(user, MANAGE, token):
        raise PermissionDenied(_("Only the club's organisers may revoke API tokens."))
    now = timezone.now()
    # Conditional update: a concurrent revoke cannot move the revocation time.
    if ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=now):
        audit_record(club=token.club, action="token.revoke", target=token, subject=user,
                     before={"revoked_at": None}, after={"revoked_at": now.isoformat()})
    token.refresh_from_db()
    return token


def token_authenticate(key: str) -> ApiToken | None:
    """The active token with this key, its last use stamped; None for unknown or revoked keys."""
    token = (
        ApiToken.objects.select_related("club")
        .filter(key_hash=hash_token_key(key), revoked_at__isnull=True)
        .first()
    )
    if token is not None:
        token.last_used_at = timezone.now()
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=token.last_used_at)
    return token
