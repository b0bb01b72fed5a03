"""The audit trail: one entry per change, written in the same transaction as the change."""

from __future__ import annotations

from league.models import ApiToken, AuditEntry, Club
from league.permissions import SYSTEM


def audit_record(
    *,
    club: Club,
    action: str,
    target,
    subject=None,
    before=None,
    after=None,
    reason: str = "",
    actor_name: str = "",
) -> AuditEntry:
    """Append an entry; `subject` is a user, an ApiToken, SYSTEM or None.

    `actor_name` names an actor the trail has no column for (a seat entering through its
    seat link); it replaces the name derived from the subject.
    """
    actor = token = None
    if isinstance(subject, ApiToken):
        token = subject
    elif subject is not None and subject is not SYSTEM and subject.is_authenticated:
        actor = subject
    return AuditEntry.objects.create(
        club=club,
        club_name=_name(club),
        actor=actor,
        token=token,
        actor_name=_name(actor_name) or _actor_name(subject, actor, token),
        action=action,
        target_type=target._meta.model_name,
        target_id=target.pk,
        target_name=_name(target),
        before=before,
        after=after,
        reason=reason,
    )


def _name(obj) -> str:
    return str(obj)[:200] if obj is not None else ""


def _actor_name(subject, actor, token) -> str:
    if token is not None:
        return _name(f"API token {token}")
    if actor is not None:
        return _name(actor.get_username())
    return "system" if subject is SYSTEM or subject is None else ""
