"""Reads for the public ratings leaderboards: a club's pools and one pool's ranked players.

Ratings are read through `selectors_ratings.rating_view`, which applies the
inactivity inflation (stored states never include it), so the uncertainty,
conservative number and provisional mark shown are as of now.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, QuerySet
from django.utils import timezone

from league import permissions
from league.models import Club, Player
from rankings.models import PlayerRating, RatingPool
from rankings.selectors_ratings import RatingView, rating_view


def pool_label(pool: RatingPool) -> str:
    """"Bluke" or "Ribs (hands to win: 2)": the game's title and its rules options."""
    return pool.label


def club_pools(club: Club) -> QuerySet[RatingPool]:
    """The club's pools with their player counts (the caller checks the club is visible)."""
    return club.rating_pools.annotate(player_count=Count("ratings")).order_by("game", "variant")


def visible_pool(*, subject, pk: int) -> RatingPool | None:
    """The club's pool if its club is visible to the subject, else None (the page says 404).

    A federation's pool has pages of its own (`rankings.views_federations`), which leave
    out the players of private clubs who did not agree to appear."""
    pool = RatingPool.objects.select_related("club").filter(pk=pk, club__isnull=False).first()
    if pool is None or not permissions.can(subject, permissions.VIEW, pool.club):
        return None
    return pool


@dataclass(frozen=True)
class LeaderRow:
    """One line of a leaderboard; ``rank`` orders by the rating (mu), ties shared."""

    rank: int
    player: Player
    view: RatingView

    @property
    def rating(self) -> float:
        return self.view.mu

    @property
    def sigma(self) -> float:
        return self.view.sigma

    @property
    def conservative(self) -> float:
        return self.view.conservative

    @property
    def games(self) -> int:
        return self.view.games

    @property
    def last_played_at(self) -> datetime | None:
        return self.view.last_played_at

    @property
    def provisional(self) -> bool:
        return self.view.provisional


def pool_leaderboard(pool: RatingPool, now: datetime | None = None, *,
                     exclude: frozenset[int] = frozenset()) -> list[LeaderRow]:
    """Every rated player of the pool, best rating first; provisional players included.

    Players in ``exclude`` are left out before ranking, so no gap in the ranks betrays them.
    """
    now = now or timezone.now()
    ratings = PlayerRating.objects.filter(pool=pool).exclude(
        player_id__in=exclude).select_related("player")
    views = []
    for rating in ratings:
        rating.pool = pool  # one pool for all rows: no query per row
        views.append((rating.player, rating_view(rating, now)))
    views.sort(key=lambda pv: (-pv[1].mu, -pv[1].conservative, pv[0].display_name, pv[0].pk))
    rows, rank, previous = [], 0, None
    for position, (player, view) in enumerate(views, start=1):
        if view.mu != previous:
            rank, previous = position, view.mu
        rows.append(LeaderRow(rank, player, view))
    return rows
