"""Full recompute of every pool, and fitting a pool's engine to its own history."""

from __future__ import annotations

from django.utils import timezone

from rankings.models import RatingPool
from rankings.ratings import canonical_kind, fit_rater
from rankings.ratings.fitting import score_parameters
from rankings.services.ratings.games import pool_games
from rankings.services.ratings.pools import ensure_pools
from rankings.services.ratings.replay import ratings_update

MIN_FIT_GAMES = 20
# `fit_ratings --kind auto`: let the history's table shape choose the model.
AUTO = "auto"


def ratings_recompute(*, club_id: int | None = None, progress=None) -> dict[int, int]:
    """Full recompute of every pool (of one club): games rated per pool id."""
    return {
        pool.pk: ratings_update(pool_id=pool.pk, full=True, progress=progress)
        for pool in ensure_pools(club_id=club_id)
    }


def ratings_fit(
    *, pool_id: int, kind: str | None = None, objective: str = "log_likelihood",
    recompute: bool = True,
) -> dict:
    """Fit the pool's engine parameters to its own history and store them.

    ``kind="auto"`` fits the model recommended for the pool's table shape
    (`rankings.ratings.recommended_kind`). Returns the fit report (also stored
    on the pool). Too short a history leaves the pool unchanged.
    """
    pool = RatingPool.objects.get(pk=pool_id)
    games = [(r.teams, r.ranks) for r in pool_games(pool)]
    if len(games) < MIN_FIT_GAMES:
        return {"fitted": False, "games": len(games),
                "reason": f"needs at least {MIN_FIT_GAMES} games"}
    kinds = None if kind == AUTO else [canonical_kind(kind or pool.kind)]
    fit = fit_rater(games, kinds=kinds, objective=objective)
    kind, params, best = fit.kind, fit.params, fit.score
    default = score_parameters(kind, games, {})
    report = {
        "fitted": True, "games": len(games), "objective": objective, "kind": kind,
        "params": params, "log_likelihood": best.log_likelihood, "accuracy": best.accuracy,
        "default_log_likelihood": default.log_likelihood, "default_accuracy": default.accuracy,
    }
    RatingPool.objects.filter(pk=pool.pk).update(
        kind=kind, params=params, fitted_at=timezone.now(), fit_report=report)
    if recompute:
        ratings_update(pool_id=pool.pk, full=True)
    return report
