"""Clubs and memberships."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from league.models import Club, Membership, Player, Role
from league.permissions import MANAGE, OWN, can
from league.services.audit import audit_record


def _player_for(user) -> Player:
    player = Player.objects.filter(user=user).first()
    if player is None:
        player = Player.objects.create(user=user, display_name=user.get_username())
    return player


@transaction.atomic
def club_create(*, name: str, user, slug: str = "", is_public: bool = True) -> Club:
    """A new club; its creator becomes its owner (a Player is made for them if needed)."""
    if not getattr(user, "is_authenticated", False) or not hasattr(user, "get_username"):
        raise PermissionDenied("Log in to create a club.")
    slug = slug or slugify(name)[:60]
    if not slug:
        raise ValidationError({"slug": "A club needs a name with letters or digits."})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": f"The address {slug!r} is taken."})
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, is_public=is_public)
    except IntegrityError as error:  # lost a race for the slug
        raise ValidationError({"slug": f"The address {slug!r} is taken."}) from error
    Membership.objects.create(club=club, player=_player_for(user), role=Role.OWNER)
    audit_record(club=club, action="club.create", target=club, subject=user,
                 after={"name": name, "slug": slug, "is_public": is_public})
    return club


@transaction.atomic
def membership_add(*, club: Club, player: Player, role: str = Role.PLAYER, user) -> Membership:
    """Add a player to a club, or change their role. Only owners hand out owner/organiser."""
    if role not in Role.values:
        raise ValidationError({"role": f"Unknown role {role!r}."})
    needed = OWN if role in (Role.OWNER, Role.ORGANISER) else MANAGE
    if not can(user, needed, club):
        raise PermissionDenied("You may not give this role in this club.")
    membership, created = Membership.objects.get_or_create(
        club=club, player=player, defaults={"role": role}
    )
    before = None if created else {"role": membership.role}
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    audit_record(club=club, action="membership.add" if created else "membership.change",
                 target=membership, subject=user, before=before, after={"role": role,
                                                                        "player": player.pk})
    return membership
