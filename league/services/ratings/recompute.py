"""Full recompute of every pool, and fitting a pool's engine to its own history."""

from __future__ import annotations

from django.utils import timezone

from league.models import RatingPool
from league.ratings import fit_parameters
from league.ratings.fitting import score_parameters
from league.services.ratings.games import pool_games
from league.services.ratings.pools import canonical_kind, ensure_pools
from league.services.ratings.replay import ratings_update

MIN_FIT_GAMES = 20


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

    Returns the fit report (also stored on the pool). Too short a history
    leaves the pool unchanged.
    """
    pool = RatingPool.objects.get(pk=pool_id)
    kind = canonical_kind(kind or pool.kind)
    games = [(r.teams, r.ranks) for r in pool_games(pool)]
    if len(games) < MIN_FIT_GAMES:
        return {"fitted": False, "games": len(games),
                "reason": f"needs at least {MIN_FIT_GAMES} games"}
    params = fit_parameters(kind, games, objective=objective)
    best = score_parameters(kind, games, params)
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
