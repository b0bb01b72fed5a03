"""League data: clubs and the people in them, seasons, API access, the audit trail."""

from league.models.access import ApiToken, IdempotencyRecord
from league.models.audit import AuditEntry
from league.models.clubs import Club, Membership, Player, Role
from league.models.outbox import PendingRecompute, RecomputeKind
from league.models.player_stats import HeadToHead, PlayerGameStat, PlayerStats
from league.models.ratings import PlayerRating, RatingHistory, RatingPool
from league.models.seasons import Season
from league.models.standings import StandingRow

__all__ = [
    "ApiToken",
    "AuditEntry",
    "Club",
    "HeadToHead",
    "IdempotencyRecord",
    "Membership",
    "PendingRecompute",
    "Player",
    "PlayerGameStat",
    "PlayerRating",
    "PlayerStats",
    "RatingHistory",
    "RatingPool",
    "RecomputeKind",
    "Role",
    "Season",
    "StandingRow",
]
