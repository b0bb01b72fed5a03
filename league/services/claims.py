"""Claiming a player profile: a person with a login takes over the player the club made for them.

Clubs enter players by name (walk-ins, imports) long before those people have a login. The
organiser hands out a claim link; whoever opens it signs up (or logs in) and the player
becomes theirs, with all its history. The link is signed, not stored: it names the player
and expires after `CLAIM_MAX_AGE`, and it works once, because a claimed player is never
claimed again (the conditional update below is the guard, also against two people racing).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from league.models import Player
from league.services.audit import audit_record

CLAIM_SALT = "league.player-claim"
CLAIM_MAX_AGE = 14 * 24 * 3600  # seconds: two weeks, about two club nights


def claim_token(player: Player) -> str:
    """The signed token of a player's claim link (the caller checks who may hand it out)."""
    return signing.dumps({"player": player.pk}, salt=CLAIM_SALT)


def player_from_claim_token(token: str) -> Player:
    """The unclaimed player a token names; a clear refusal when it is bad, old or used."""
    try:
        data = signing.loads(token, salt=CLAIM_SALT, max_age=CLAIM_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError({"token": "This claim link has expired: ask your organiser "
                                        "for a new one."}) from None
    except signing.BadSignature:
        raise ValidationError({"token": "This claim link is not valid: check that it was "
                                        "copied whole."}) from None
    player = Player.objects.filter(pk=data.get("player")).first()
    if player is None:
        raise ValidationError({"token": "The player of this claim link no longer exists."})
    if player.user_id is not None:
        raise ValidationError({"token": f"{player} has already been claimed."})
    return player


@transaction.atomic
def player_claim(*, player: Player, user) -> Player:
    """Link `player` to `user` (who has no player yet)."""
    if player.is_bot:
        raise ValidationError({"player": f"{player} is a bot: bots cannot be claimed."})
    if Player.objects.filter(user=user).exists():
        raise ValidationError({"user": f"The login {user.get_username()} already has a "
                                       "player profile."})
    try:
        with transaction.atomic():
            claimed = Player.objects.filter(pk=player.pk, user__isnull=True).update(user=user)
    except IntegrityError:  # the login was linked meanwhile (one player per login)
        claimed = 0
    if not claimed:
        raise ValidationError({"player": f"{player} has already been claimed."})
    player.user = user
    for membership in player.memberships.select_related("club"):
        audit_record(club=membership.club, action="player.claim", target=player, subject=user,
                     before={"user": None}, after={"user": user.pk})
    return player


@transaction.atomic
def player_claim_with_new_login(*, player: Player, username: str, email: str,
                                password: str):
    """Sign up and claim in one go (the form has validated the username and password)."""
    user = get_user_model().objects.create_user(username=username, email=email,
                                                password=password)
    player_claim(player=player, user=user)
    return user
