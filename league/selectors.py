"""Reads for clubs, players, seasons, tokens and webhooks, already limited by the permission policy."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from league import permissions
from league.models import (
    ApiToken,
    Club,
    Membership,
    Player,
    QueuedMail,
    Season,
    Webhook,
    WebhookDelivery,
)
from league.models.push import PushMessage


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


def webhook_list(*, subject, club: Club) -> QuerySet[Webhook]:
    """The club's webhooks, if the subject may manage them (PermissionDenied otherwise)."""
    if not permissions.can(subject, permissions.WEBHOOKS, club):
        raise PermissionDenied(_("Only the club's organisers and its API tokens may see its "
                               "webhooks."))
    return Webhook.objects.filter(club=club).order_by("-created_at", "-pk")


def webhook_deliveries(*, club: Club, limit: int = 50) -> list[WebhookDelivery]:
    """The club's latest deliveries, newest first (the organiser page's log)."""
    return list(WebhookDelivery.objects.filter(webhook__club=club)
                .select_related("webhook", "event").order_by("-created_at", "-pk")[:limit])


def notice_mails(*, club: Club):
    """The club's notice mails with their state, newest first (the organiser's mail log).

    Only notices carry a club: resets and claim links are about a login, not the club."""
    return (QueuedMail.objects.filter(club=club).select_related("account__player")
            .order_by("-created_at", "-pk"))


def push_messages(*, club: Club):
    """The club's web push messages (one per notice and browser), newest first."""
    return (PushMessage.objects.filter(club=club).select_related("player")
            .order_by("-created_at", "-pk"))


def push_message_counts(*, club: Club):
    """How many of the club's push messages are in each state: [{"state", "n"}, ...]."""
    return (PushMessage.objects.filter(club=club).order_by().values("state")
            .annotate(n=Count("pk")))


def notice_mail_counts(*, club: Club):
    """How many of the club's notice mails are in each state: [{"state", "n"}, ...]."""
    return (QueuedMail.objects.filter(club=club).order_by().values("state")
            .annotate(n=Count("pk")))
