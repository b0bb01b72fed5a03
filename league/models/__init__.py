"""League data: clubs and the people in them, seasons, API access, the audit trail.

Standings, ratings and player statistics are the rankings app's (`rankings.models`).
"""

from league.models.access import ApiToken, IdempotencyRecord
from league.models.audit import AuditEntry
from league.models.clubs import Club, Membership, Player, Role
from league.models.divisions import Division, DivisionPlace
from league.models.federations import Federation, FederationClub, FederationState, PlayerLink
from league.models.heartbeat import Heartbeat
from league.models.mail import (
    OFF_BY_DEFAULT,
    MailKind,
    MailState,
    NoticeOptOut,
    PasswordResetRequest,
    PlayerNotice,
    QueuedMail,
)
from league.models.outbox import PendingRecompute, RecomputeKind
from league.models.push import PushSubscription
from league.models.seasons import Season
from league.models.webhooks import (
    DeliveryState,
    Webhook,
    WebhookDelivery,
    WebhookEvent,
    WebhookEventType,
)

__all__ = [
    "ApiToken",
    "DeliveryState",
    "Division",
    "DivisionPlace",
    "Federation",
    "FederationClub",
    "FederationState",
    "AuditEntry",
    "Club",
    "Heartbeat",
    "IdempotencyRecord",
    "MailKind",
    "MailState",
    "Membership",
    "NoticeOptOut",
    "PushSubscription",
    "OFF_BY_DEFAULT",
    "PasswordResetRequest",
    "PendingRecompute",
    "Player",
    "PlayerLink",
    "PlayerNotice",
    "QueuedMail",
    "RecomputeKind",
    "Role",
    "Season",
    "Webhook",
    "WebhookDelivery",
    "WebhookEvent",
    "WebhookEventType",
]
