"""Clubs and memberships: who joins a club, with which role, and who may decide it.

Every front door (API, admin, organiser pages, commands) adds members, changes roles and
removes members through `membership_add`, `membership_set_role` and `membership_remove`;
their guards live in `membership_check_change`, which forms call to show a refusal.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.models import Club, Membership, Player, Role
from league.models.clubs import MANAGING_ROLES, server_time_zone, validate_time_zone
from league.permissions import MANAGE, OWN, can, visible_players
from league.services.audit import audit_record
from league.services.languages import check_language


def _player_for(user) -> Player:
    player = Player.objects.filter(user=user).first()
    if player is None:
        player = Player.objects.create(user=user, display_name=user.get_username())
    return player


@transaction.atomic
def club_create(*, name: str, user, slug: str = "", is_public: bool = True, language: str = "",
                time_zone: str = "") -> Club:
    """A new club; its creator becomes its owner (a Player is made for them if needed).

    `language` is the default of its pages and printing (empty: each visitor's own),
    `time_zone` the zone its nights are shown in (empty: the server's)."""
    if not getattr(user, "is_authenticated", False) or not hasattr(user, "get_username"):
        raise PermissionDenied(_("Log in to create a club."))
    check_language(language)
    time_zone = time_zone or server_time_zone()
    try:
        validate_time_zone(time_zone)
    except ValidationError as error:
        raise ValidationError({"time_zone": error.messages}) from error
    slug = slug or slugify(name)[:60]
    if not slug:
        raise ValidationError({"slug": _("A club needs a name with letters or digits.")})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": _("The address %(slug)r is taken.") % {"slug": slug}})
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, is_public=is_public,
                                       language=language, time_zone=time_zone)
    except IntegrityError as error:  # lost a race for the slug
        raise ValidationError(
            {"slug": _("The address %(slug)r is taken.") % {"slug": slug}}) from error
    Membership.objects.create(club=club, player=_player_for(user), role=Role.OWNER)
    audit_record(club=club, action="club.create", target=club, subject=user,
                 after={"name": name, "slug": slug, "is_public": is_public,
                        "language": language, "time_zone": time_zone})
    return club


# One answer for a missing player id and for a player hidden from the user (a private club's
# member): a different answer would tell an outsider that the id exists.
NO_SUCH_PLAYER = gettext_lazy(
    "No such player, or not one you may add: choose a member of your clubs or of a public "
    "club, or add a newcomer by name.")
OWNERS_ONLY = gettext_lazy("Only the club's owners give or take the owner and organiser roles.")
MANAGERS_ONLY = gettext_lazy("Only the club's organisers may manage its members.")


def player_for_membership(*, user, club: Club, player_id) -> Player:
    """The player `player_id`, if `user` may add them to `club` (see `membership_add`).

    Someone who may not manage the club is refused first (PermissionDenied), whoever the
    player is; a manager gets NO_SUCH_PLAYER for a missing and for a hidden player alike.
    """
    if not can(user, MANAGE, club):
        raise PermissionDenied(MANAGERS_ONLY)
    try:
        player = visible_players(user).filter(pk=int(player_id)).first()
    except (TypeError, ValueError):
        player = None
    if player is None:
        raise ValidationError({"player": NO_SUCH_PLAYER})
    return player


def _check_role(role: str) -> None:
    if role not in Role.values:
        raise ValidationError({"role": _("Unknown role %(role)r: one of %(roles)s.") % {
            "role": role, "roles": ", ".join(Role.values)}})


def membership_check_change(*, user, club: Club, old: str | None, new: str | None,
                            membership: Membership | None = None) -> None:
    """May `user` turn role `old` into `new` in `club`? (None: not a member / removed.)

    Organisers and owners manage members; giving or taking the owner or organiser role is
    for owners alone (so an organiser can neither make themselves owner nor demote one);
    the club keeps at least one owner. Raises PermissionDenied or ValidationError({"role"}).
    Front doors call it to show the refusal on their form; the services call it again.
    """
    if new is not None:
        _check_role(new)
    if not can(user, MANAGE, club):
        raise PermissionDenied(MANAGERS_ONLY)
    if old == new:
        return
    if (old in MANAGING_ROLES or new in MANAGING_ROLES) and not can(user, OWN, club):
        raise PermissionDenied(OWNERS_ONLY)
    if old == Role.OWNER and membership is not None and not (
            club.memberships.filter(role=Role.OWNER).exclude(pk=membership.pk).exists()):
        raise ValidationError({"role": _("%(player)s is the last owner of %(club)s: make "
                                         "another member owner first.")
                               % {"player": membership.player, "club": club}})


def roles_to_give(*, user, club: Club) -> list[str]:
    """The roles `user` may hand out in `club` (what `membership_check_change` allows):
    every role for an owner, player and scorekeeper for an organiser, none otherwise."""
    if not can(user, MANAGE, club):
        return []
    owner = can(user, OWN, club)
    return [role for role in Role.values if owner or role not in MANAGING_ROLES]


def _lock_members(club: Club) -> None:
    # Every role change of a club takes the club's row first, so two owners demoting each
    # other one after the other cannot both pass the last-owner check (PostgreSQL; SQLite's
    # immediate transactions serialise writers anyway).
    Club.objects.select_for_update().filter(pk=club.pk).first()


@transaction.atomic
def membership_add(*, club: Club, player: Player, role: str = Role.PLAYER, user) -> Membership:
    """Make `player` a member of `club` with `role`; if they already are one, their role
    changes (through `membership_set_role`, with its guards).

    `player` is either a player `user` may already see (a member of one of their clubs or of
    a public club) or an unsaved `Player(display_name=...)`, a newcomer saved here. Anyone
    else (a private club's member) is refused with NO_SUCH_PLAYER, the answer a missing id
    gets, so adding cannot be used to find or publish another club's players. API and forms
    that take an id resolve it with `player_for_membership`. Audited ("membership.add").
    """
    _check_role(role)
    if not can(user, MANAGE, club):  # before anything is said about the player
        raise PermissionDenied(MANAGERS_ONLY)
    _lock_members(club)
    if player.pk is not None:
        if not visible_players(user).filter(pk=player.pk).exists():
            raise ValidationError({"player": NO_SUCH_PLAYER})
        existing = Membership.objects.filter(club=club, player=player).first()
        if existing is not None:
            return membership_set_role(membership=existing, role=role, user=user)
    membership_check_change(user=user, club=club, old=None, new=role)
    if player.pk is None:
        player.save()
    membership = Membership.objects.create(club=club, player=player, role=role)
    audit_record(club=club, action="membership.add", target=membership, subject=user,
                 after={"role": role, "player": player.pk})
    return membership


@transaction.atomic
def membership_set_role(*, membership: Membership, role: str, user) -> Membership:
    """Change a member's role: the one way, from the API, the admin and the members page.

    Guarded by `membership_check_change`; audited ("membership.role") with the old and the
    new role. Setting the role a member already has changes and records nothing.
    """
    _check_role(role)
    _lock_members(membership.club)
    membership = Membership.objects.select_related("club", "player").get(pk=membership.pk)
    old = membership.role
    membership_check_change(user=user, club=membership.club, old=old, new=role,
                            membership=membership)
    if old == role:
        return membership
    membership.role = role
    membership.save(update_fields=["role"])
    audit_record(club=membership.club, action="membership.role", target=membership,
                 subject=user, before={"role": old, "player": membership.player_id},
                 after={"role": role, "player": membership.player_id})
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, user) -> None:
    """Take a player out of a club (their games stay). Same guards as a role change: owners
    alone remove owners and organisers, and never the last owner. Audited."""
    _lock_members(membership.club)
    membership = Membership.objects.select_related("club", "player").get(pk=membership.pk)
    membership_check_change(user=user, club=membership.club, old=membership.role, new=None,
                            membership=membership)
    audit_record(club=membership.club, action="membership.remove", target=membership,
                 subject=user, before={"role": membership.role,
                                       "player": membership.player_id})
    membership.delete()


REMINDER_HOURS_MAX = 168


@transaction.atomic
def club_set_reminder_hours(*, club: Club, hours: int | None, user) -> Club:
    """Remind the club's players `hours` before each night (None: no reminders)."""
    if not can(user, MANAGE, club):
        raise PermissionDenied(MANAGERS_ONLY)
    if hours is not None and not 1 <= hours <= REMINDER_HOURS_MAX:
        raise ValidationError({"reminder_hours": _(
            "Choose 1 to %(max)s hours, or leave it empty for no reminders.") % {
            "max": REMINDER_HOURS_MAX}})
    return club_setting_store(club=club, field="reminder_hours", value=hours, user=user)


def club_set_reviews(*, club: Club, on: bool, user) -> Club:
    """Switch the bots' hand review of the club's closed nights on or off (audited)."""
    if not can(user, MANAGE, club):
        raise PermissionDenied(MANAGERS_ONLY)
    if not isinstance(on, bool):
        raise ValidationError({"reviews_on": _("Say on or off.")})
    return club_setting_store(club=club, field="reviews_on", value=on, user=user)


@transaction.atomic
def club_setting_store(*, club: Club, field: str, value, user) -> Club:
    """Store one of the club's settings, checked by the caller, and audit the change as
    `club.<field>` with the value before and after. Authorized here too, so that it is
    never a way around the club's organisers."""
    if not can(user, MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers can do this."))
    before = getattr(club, field)
    Club.objects.filter(pk=club.pk).update(**{field: value})
    setattr(club, field, value)
    audit_record(club=club, action=f"club.{field}", target=club, subject=user,
                 before={field: before}, after={field: value})
    return club
