"""Claiming a player profile: a person with a login takes over the player the club made for them.

Clubs enter players by name (walk-ins, imports) long before those people have a login. The
organiser hands out a claim link; whoever opens it signs up (or logs in) and the player
becomes theirs, with all its history and all its roles. The link is signed, not stored: it
names the player and the organiser who handed it out, and expires after `CLAIM_MAX_AGE`. It
works once, because a claimed player is never claimed again (the conditional update below is
the guard, also against two people racing).

A claimed player keeps their roles in every club, so a link must not be handed out by a
club that cannot speak for the others: an organiser may hand out the link of a player of
their club only if they also manage every club where that player holds a role above player.
The rule is checked when the link is made and again when it is used, so a role granted in
between voids the link.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from league import permissions
from league.models import Club, MailKind, Player, PlayerLink, Role
from league.services.audit import audit_record
from league.services.mail import queue_mail_within_limits

CLAIM_SALT = "league.player-claim"
CLAIM_MAX_AGE = 14 * 24 * 3600  # seconds: two weeks, about two club nights
ROLES_ABOVE_PLAYER = [role for role in Role.values if role != Role.PLAYER]


class NotTheirPlayer(PermissionDenied):
    """The user manages none of the player's clubs (pages answer 404: nothing to see)."""


def claim_link_check(*, user, player: Player) -> None:
    """May `user` hand out `player`'s claim link? Raises with the reason when not."""
    if player.is_bot:
        raise ValidationError({"player": _("%(player)s is a bot: bots cannot be claimed.")
                               % {"player": player}})
    if player.user_id is not None:
        raise ValidationError({"player": _("%(player)s has already been claimed.")
                               % {"player": player}})
    if PlayerLink.objects.filter(player=player).exists():
        raise ValidationError({"player": _("%(player)s is linked to a person who plays in "
                                           "another club: only they can undo it.")
                               % {"player": player}})
    if not any(permissions.can(user, permissions.MANAGE, club) for club in _clubs_of(player)):
        raise NotTheirPlayer(_("No such player in your clubs."))
    above_player = Club.objects.filter(memberships__player=player,
                                       memberships__role__in=ROLES_ABOVE_PLAYER)
    if not all(permissions.can(user, permissions.MANAGE, club) for club in above_player):
        raise PermissionDenied(_(
            "%(player)s keeps score or organises in a club you do not manage: only an "
            "organiser of every such club can hand out this claim link.") % {"player": player})


def claim_token(player: Player, *, issuer) -> str:
    """The signed token of a player's claim link, handed out by `issuer` (checked here)."""
    claim_link_check(user=issuer, player=player)
    return signing.dumps({"player": player.pk, "by": issuer.pk}, salt=CLAIM_SALT)


def player_from_claim_token(token: str) -> Player:
    """The unclaimed player a token names; a clear refusal when it is bad, old, used or void."""
    try:
        data = signing.loads(token, salt=CLAIM_SALT, max_age=CLAIM_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError({"token": _("This claim link has expired: ask your organiser "
                                          "for a new one.")}) from None
    except signing.BadSignature:
        raise ValidationError({"token": _("This claim link is not valid: check that it was "
                                          "copied whole.")}) from None
    player = Player.objects.filter(pk=data.get("player")).first()
    if player is None:
        raise ValidationError({"token": _("The player of this claim link no longer exists.")})
    issuer = get_user_model().objects.filter(pk=data.get("by"), is_active=True).first()
    try:
        claim_link_check(user=issuer, player=player)  # bots and claimed players: as it says
    except PermissionDenied:
        raise ValidationError({"token": _("This claim link is no longer valid: ask your "
                                          "organiser for a new one.")}) from None
    return player


def claim_link_mail(*, player: Player, link: str, to: str, sender) -> None:
    """Queue the claim link's mail to `to`, within the hourly limits per address and sender."""
    claim_link_check(user=sender, player=player)
    body = _("Hello %(player)s,\n\nYour club keeps your results as the player %(player)s. "
             "Open this link to sign up (or log in) and make that profile yours:\n\n"
             "%(link)s\n\nThe link works once and expires in two weeks.\n"
             ) % {"player": player, "link": link}
    queued = queue_mail_within_limits(
        to=to, subject=_("Your player profile %(player)s") % {"player": player}, body=body,
        kind=MailKind.CLAIM_LINK, account=sender)
    if queued is None:
        raise ValidationError({"to": _("Enough claim-link mails have gone to %(to)s (or from "
                                       "you) this hour: copy the link instead, or try again "
                                       "later.") % {"to": to}})


def claim_public_clubs(player: Player) -> QuerySet[Club]:
    """The clubs the claim page may name: it is shown to whoever holds the link."""
    return _clubs_of(player).filter(is_public=True)


@transaction.atomic
def player_claim(*, token: str, user) -> Player:
    """Link the player of a claim link to `user` (who has no player yet)."""
    player = player_from_claim_token(token)
    if Player.objects.filter(user=user).exists():
        raise ValidationError({"user": _("The login %(login)s already has a player profile.")
                                       % {"login": user.get_username()}})
    try:
        with transaction.atomic():
            claimed = Player.objects.filter(pk=player.pk, user__isnull=True).update(user=user)
    except IntegrityError:  # the login was linked meanwhile (one player per login)
        claimed = 0
    if not claimed:
        raise ValidationError({"player": _("%(player)s has already been claimed.")
                               % {"player": player}})
    player.user = user
    for membership in player.memberships.select_related("club"):
        audit_record(club=membership.club, action="player.claim", target=player, subject=user,
                     before={"user": None}, after={"user": user.pk})
    return player


@transaction.atomic
def player_claim_with_new_login(*, token: str, username: str, email: str, password: str):
    """Sign up and claim in one go (the form has validated the username and password)."""
    user = get_user_model().objects.create_user(username=username, email=email,
                                                password=password)
    player_claim(token=token, user=user)
    return user


def _clubs_of(player: Player) -> QuerySet[Club]:
    return Club.objects.filter(memberships__player=player).distinct()
