"""Reads for clubs, players, seasons and tokens, already limited by the permission policy."""

from __future__ import annotations

from django.db.models import QuerySet

from league import permissions
from league.models import ApiToken, Club, Membership, Player, Season


def club_list(*, subject) -> QuerySet[Club]:
    return permissions.visible_clubs(subject)


def player_list(*, subject) -> QuerySet[Player]:
    return permissions.visible_players(subject)


def season_list(*, subject) -> QuerySet[Season]:
    return permissions.restrict(Season.objects.select_related("club"), subject)


def membership_list(*, subject, club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("player").filter(
        club__in=permissions.visible_clubs(subject))


def token_list(*, subject) -> QuerySet[ApiToken]:
    """Tokens of the clubs the subject manages (never other clubs' tokens)."""
    if permissions.is_token(subject):
        return ApiToken.objects.none()
    return permissions.restrict(ApiToken.objects.select_related("club").order_by("-id"), subject,
                                permissions.MANAGE)
