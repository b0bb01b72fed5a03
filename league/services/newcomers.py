"""Newcomers by name: an organiser types a name, the club gains a player.

Only the player row is made here; the membership (its role guard and audit entry) comes
from `league.services.clubs`, the one way into a club. A name a member already has is
refused rather than guessed at: two people can share a name, and the organiser knows which.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Club, Membership, Player, Role
from league.permissions import MANAGE, can
from league.services.clubs import membership_add


def clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": _("Give the player's name.")})
    if len(name) > Player._meta.get_field("display_name").max_length:
        raise ValidationError({"name": _("A name has at most 80 characters.")})
    return name


def member_named(club: Club, name: str) -> Player | None:
    """The club's member called `name` (any case), None, or a refusal when two are."""
    members = list(Player.objects.filter(memberships__club=club,
                                         display_name__iexact=name)[:2])
    if len(members) > 1:
        raise ValidationError({"name": _("Two members are called %(name)r: choose them from "
                                         "the list instead.") % {"name": name}})
    return members[0] if members else None


@transaction.atomic
def newcomer_add(*, club: Club, name: str, user, role: str = Role.PLAYER) -> Membership:
    """A new player called `name`, made a member of `club` with `role`."""
    if not can(user, MANAGE, club):
        raise PermissionDenied(_("Only the club's organisers may add members."))
    name = clean_name(name)
    if member_named(club, name) is not None:
        raise ValidationError({"name": _("%(name)r is already a member of %(club)s.")
                               % {"name": name, "club": club}})
    # Unsaved: membership_add saves it as a newcomer (a saved player must be one the
    # organiser may already see).
    return membership_add(club=club, player=Player(display_name=name), role=role, user=user)
