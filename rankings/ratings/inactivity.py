"""Uncertainty that grows while a player is away.

Applied when a rating is *read* (leaderboards, provisional badges), never
written back: the stored state then depends only on the games played, so an
incremental update always equals a full recompute regardless of when it
runs.
"""

from __future__ import annotations

import math

from .base import PlayerState

# Sigma growth per sqrt(idle day).  0.1 means a year away takes a settled
# sigma of ~2.2 to ~2.9: noticeable, far from a newcomer's 8.3.
TAU_PER_DAY = 0.1


def inflate_for_inactivity(
    state: PlayerState,
    days_idle: float,
    tau_per_day: float = TAU_PER_DAY,
    max_sigma: float | None = 25.0 / 3.0,
) -> PlayerState:
    """Return ``state`` with sigma grown for ``days_idle`` days of absence.

    Skill is modelled as a random walk, so variance (not sigma) grows
    linearly with time: sigma' = sqrt(sigma**2 + days * tau_per_day**2).
    ``max_sigma`` (default: a newcomer's sigma) caps it, because a returning
    player is never less known than a brand-new one.  Elo states carry no
    sigma and are returned unchanged.
    """
    if days_idle < 0:
        raise ValueError("days_idle must be >= 0")
    if state.sigma <= 0.0 or days_idle == 0 or tau_per_day == 0:
        return state
    sigma = math.sqrt(state.sigma * state.sigma + days_idle * tau_per_day * tau_per_day)
    if max_sigma is not None and sigma > max_sigma:
        sigma = max(max_sigma, state.sigma)
    return PlayerState(state.mu, sigma, state.games)
