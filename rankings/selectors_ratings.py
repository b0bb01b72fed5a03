"""Reads for ratings: current values with inactivity applied, and each player's history."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from league import permissions
from league.models import Player
from rankings.models import PlayerRating, RatingHistory, RatingPool
from rankings.ratings import PlayerState, inflate_for_inactivity, is_provisional

Z = 3.0  # conservative rating = mu - Z * sigma (the engine's default)


@dataclass(frozen=True)
class RatingView:
    """A rating as shown: uncertainty grown for the time away, provisional re-judged."""

    pool: RatingPool
    mu: float
    sigma: float
    games: int
    provisional: bool
    last_played_at: datetime | None

    @property
    def conservative(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def kind(self) -> str:
        return self.pool.kind


def rating_view(rating: PlayerRating, now: datetime | None = None) -> RatingView:
    state = PlayerState(rating.mu, rating.sigma, rating.games)
    if rating.last_played_at is not None:
        idle = ((now or timezone.now()) - rating.last_played_at).total_seconds() / 86400
        state = inflate_for_inactivity(state, max(idle, 0.0))
    return RatingView(rating.pool, state.mu, state.sigma, state.games, is_provisional(state),
                      rating.last_played_at)


def player_ratings(player: Player, *, subject) -> QuerySet[PlayerRating]:
    """The player's ratings in pools of clubs the subject may see."""
    visible = permissions.visible_clubs(subject).values("pk")
    return PlayerRating.objects.filter(player=player, pool__club__in=visible).select_related(
        "pool__club").order_by("pool__club__name", "pool__game", "pool__variant")


def rating_history(player: Player, pool: RatingPool) -> QuerySet[RatingHistory]:
    return RatingHistory.objects.filter(player=player, pool=pool).order_by(
        "played_at", "game_order")
