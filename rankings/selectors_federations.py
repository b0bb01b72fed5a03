"""Reads for federation pages: member clubs, pools, and who may be listed to whom.

A federation's leaderboard leaves out each person who plays in a private member club
and has not agreed to appear (`Player.federation_opt_in`); players of public clubs
appear. A person always sees their own line.
"""

from __future__ import annotations

import hashlib

from django.db.models import Count, Max, QuerySet

from league import permissions
from league.models import (
    Club,
    Federation,
    FederationClub,
    FederationState,
    Membership,
    Player,
    PlayerLink,
)
from league.page_cache import club_versions
from rankings.models import PlayerRating, RatingPool


def member_clubs(federation: Federation, subject) -> tuple[list[FederationClub], int]:
    """The member (club, game) rows the subject may see, and how many clubs it may not."""
    rows = list(FederationClub.objects.filter(
        federation=federation, state=FederationState.MEMBER).select_related("club").order_by(
        "club__name", "game"))
    visible = set(permissions.visible_clubs(subject).filter(
        pk__in={r.club_id for r in rows}).values_list("pk", flat=True))
    hidden = {r.club_id for r in rows if r.club_id not in visible}
    return [r for r in rows if r.club_id in visible], len(hidden)


def federation_pools(federation: Federation) -> QuerySet[RatingPool]:
    return federation.rating_pools.annotate(games=Count("history__game", distinct=True)).order_by(
        "game", "variant")


def federation_pool(federation: Federation, pk) -> RatingPool | None:
    return RatingPool.objects.filter(federation=federation, pk=pk).first()


def hidden_people(pool: RatingPool) -> frozenset[int]:
    """The pool's people who play in a private member club and did not agree to appear."""
    private = Club.objects.filter(federations__federation_id=pool.federation_id,
                                  is_public=False)
    rated = set(PlayerRating.objects.filter(pool=pool).values_list("player_id", flat=True))
    person_of = {player_id: player_id for player_id in rated}
    person_of.update(PlayerLink.objects.filter(person_id__in=rated).values_list(
        "player_id", "person_id"))
    in_private = Membership.objects.filter(club__in=private, player_id__in=list(person_of))
    suspects = {person_of[p] for p in in_private.values_list("player_id", flat=True)}
    agreed = set(Player.objects.filter(pk__in=suspects, federation_opt_in=True).values_list(
        "pk", flat=True))
    return frozenset(suspects - agreed)


def unlisted_for(pool: RatingPool, subject) -> frozenset[int]:
    """`hidden_people` but the subject's own player (they see their own line)."""
    hidden = hidden_people(pool)
    if getattr(subject, "is_authenticated", False) and not permissions.is_token(subject):
        mine = Player.objects.filter(user=subject).values_list("pk", flat=True).first()
        hidden = hidden - {mine}
    return hidden


def _digest(rows) -> str:
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()


def federation_versions(federation: Federation, subject) -> dict:
    """What a federation's page depends on, for the page cache: the federation itself, its
    member rows and their clubs (a club joining, leaving, renamed or made private), which
    of them the subject may see, and each pool's ratings (last update and number rated:
    every rating update and recompute rewrites them, so the games counts follow)."""
    rows = FederationClub.objects.filter(federation=federation).order_by("pk").values_list(
        "pk", "state", "game", "joined_at", "club_id", "club__name", "club__slug",
        "club__is_public")
    visible = permissions.visible_clubs(subject).filter(
        federations__federation=federation).values_list("pk", flat=True).distinct()
    pools = RatingPool.objects.filter(federation=federation).order_by("pk").annotate(
        last=Max("ratings__updated_at"), rated=Count("ratings")).values_list(
        "pk", "game", "variant", "last", "rated")
    about = (federation.name, federation.slug, federation.site_wide, federation.description)
    return {"federation": _digest([federation.pk, about]), "clubs": _digest(rows),
            "visible": _digest(sorted(visible)), "pools": _digest(pools)}


def pool_versions(pool: RatingPool, subject) -> dict:
    """What a person's page (or API standing) in a federation pool depends on, for the page
    cache: the member clubs' versions, the pool's ratings (the last update and the number
    rated), and who is hidden from the subject (consents and links change it)."""
    ratings = PlayerRating.objects.filter(pool=pool).aggregate(
        last=Max("updated_at"), rated=Count("pk"))
    hidden = ",".join(map(str, sorted(unlisted_for(pool, subject))))
    clubs = FederationClub.objects.filter(federation_id=pool.federation_id).values_list(
        "club_id", flat=True)
    return club_versions(clubs) | {
        "pool": f"{pool.pk}:{ratings['last']}:{ratings['rated']}",
        "hidden": hashlib.sha256(hidden.encode()).hexdigest()}
