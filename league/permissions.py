"""The one permission policy: who may do what to which club's things.

Two questions, one set of rules:
- `can(subject, action, obj)`: may this subject do `action` on `obj`?
- `clubs_for(subject, action)` / `restrict(queryset, subject)`: which objects may it see or act on?

A *subject* is a Django user (possibly anonymous), an `ApiToken`, or `SYSTEM` (trusted server
code: bots and imports). Roles come from `Membership` via `user.player`.

Actions:
- VIEW: read a club's things. Anyone for public clubs; members, tokens and superusers otherwise.
- SCORE: submit a result. Scorekeepers, organisers, owners, and the club's active API tokens.
- CORRECT: replace a stored result (with a reason). Organisers and owners only.
- MANAGE: create events, rounds, tables, seats; manage tokens and memberships. Organisers, owners.
- OWN: hand out the owner and organiser roles. Owners only.
- WEBHOOKS: see, register and remove the club's webhooks. Organisers, owners, and the club's
  active API tokens (an API client subscribes itself; a token never reaches another club's).
"""

from __future__ import annotations

from django.db.models import Model, Q, QuerySet

from league.models import ApiToken, Club, Membership, Player
from league.models.clubs import MANAGING_ROLES, SCORING_ROLES, Role

VIEW = "view"
SCORE = "score"
CORRECT = "correct"
MANAGE = "manage"
OWN = "own"
WEBHOOKS = "webhooks"

ROLES_FOR = {
    SCORE: SCORING_ROLES,
    CORRECT: MANAGING_ROLES,
    MANAGE: MANAGING_ROLES,
    OWN: (Role.OWNER,),
    WEBHOOKS: MANAGING_ROLES,
}
TOKEN_ACTIONS = {VIEW, SCORE, WEBHOOKS}


class _System:
    """Trusted server code (bots, imports, management commands): allowed everything."""

    is_authenticated = True

    def __repr__(self) -> str:
        return "SYSTEM"


SYSTEM = _System()

# How to reach the owning club from each model, for queryset filters. The apps above
# league add their own models in their AppConfig.ready() (`register_club_paths`).
CLUB_PATHS = {
    "league.club": "",
    "league.season": "club",
    "league.membership": "club",
    "league.apitoken": "club",
    "league.auditentry": "club",
    "league.webhook": "club",
    "league.webhookdelivery": "webhook__club",
    "league.division": "season__club",
    "league.divisionplace": "season__club",
}


def register_club_paths(paths: dict[str, str]) -> None:
    """Add models of a higher app: model label -> the foreign keys that lead to the club."""
    CLUB_PATHS.update(paths)


def club_path(model: type[Model]) -> str:
    return CLUB_PATHS[model._meta.label_lower]


def club_of(obj) -> Club | None:
    """The club that owns `obj` (walks up the foreign keys named in CLUB_PATHS)."""
    if obj is None or isinstance(obj, Club):
        return obj
    path = CLUB_PATHS.get(obj._meta.label_lower)
    if path is None:
        return None
    for step in path.split("__"):
        obj = getattr(obj, step)
    return obj


def is_token(subject) -> bool:
    return isinstance(subject, ApiToken)


def _is_superuser(subject) -> bool:
    return bool(getattr(subject, "is_active", False) and getattr(subject, "is_superuser", False))


def role_in(user, club: Club) -> str | None:
    """The user's role in the club, or None (anonymous users and non-members)."""
    if not getattr(user, "is_authenticated", False) or is_token(user) or user is SYSTEM:
        return None
    return (
        Membership.objects.filter(club=club, player__user=user)
        .values_list("role", flat=True)
        .first()
    )


def can(subject, action: str, obj) -> bool:
    """May `subject` do `action` on `obj` (a club or anything belonging to one)?"""
    if subject is SYSTEM or _is_superuser(subject):
        return True
    club = club_of(obj)
    if club is None:
        return False
    if is_token(subject):
        return subject.is_active and action in TOKEN_ACTIONS and (
            subject.club_id == club.pk or (action == VIEW and club.is_public)
        )
    if action == VIEW and club.is_public:
        return True
    role = role_in(subject, club)
    if role is None:
        return False
    return action == VIEW or role in ROLES_FOR.get(action, ())


def clubs_for(subject, action: str = VIEW) -> QuerySet[Club]:
    """The clubs on which `subject` may do `action`."""
    clubs = Club.objects.all()
    if subject is SYSTEM or _is_superuser(subject):
        return clubs
    public = Q(is_public=True) if action == VIEW else Q(pk__in=[])
    if is_token(subject):
        if not subject.is_active or action not in TOKEN_ACTIONS:
            return clubs.none()
        return clubs.filter(public | Q(pk=subject.club_id))
    if not getattr(subject, "is_authenticated", False):
        return clubs.filter(public)
    roles = Membership.objects.filter(player__user=subject)
    if action != VIEW:
        roles = roles.filter(role__in=ROLES_FOR.get(action, ()))
    return clubs.filter(public | Q(pk__in=roles.values("club_id")))


def own_clubs(subject) -> QuerySet[Club]:
    """The clubs the subject belongs to: a user's memberships, a token's club (public clubs
    are not included: this is for things only insiders see, such as background tasks)."""
    clubs = Club.objects.all()
    if subject is SYSTEM or _is_superuser(subject):
        return clubs
    if is_token(subject):
        return clubs.filter(pk=subject.club_id) if subject.is_active else clubs.none()
    if not getattr(subject, "is_authenticated", False):
        return clubs.none()
    return clubs.filter(memberships__player__user=subject).distinct()


def visible_clubs(subject) -> QuerySet[Club]:
    return clubs_for(subject, VIEW)


def manageable_clubs(subject) -> QuerySet[Club]:
    return clubs_for(subject, MANAGE)


def restrict(queryset: QuerySet, subject, action: str = VIEW) -> QuerySet:
    """Only the rows of `queryset` whose club allows `action` to `subject`."""
    path = club_path(queryset.model)
    lookup = f"{path}__in" if path else "pk__in"
    return queryset.filter(**{lookup: clubs_for(subject, action).values("pk")})


def visible_players(subject) -> QuerySet[Player]:
    """Players who belong to a visible club, plus the subject's own player."""
    players = Player.objects.all()
    if subject is SYSTEM or _is_superuser(subject):
        return players
    clubs = visible_clubs(subject).values("pk")
    mine = Q(user=subject) if getattr(subject, "is_authenticated", False) and not (
        is_token(subject)
    ) else Q(pk__in=[])
    return players.filter(Q(memberships__club__in=clubs) | mine).distinct()
