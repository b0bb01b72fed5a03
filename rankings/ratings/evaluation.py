"""Measures of how well ratings predict results (used by fitting and bench)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Ranks, RatedGame, Rater, Teams


def team_pairs(ranks: Ranks) -> list[tuple[int, int, float]]:
    """All (a, b, outcome) pairs of teams; outcome 1 if a ahead, 0.5 tie, 0 behind."""
    out = []
    n = len(ranks)
    for a in range(n - 1):
        for b in range(a + 1, n):
            ra, rb = ranks[a], ranks[b]
            out.append((a, b, 1.0 if ra < rb else (0.5 if ra == rb else 0.0)))
    return out


@dataclass(frozen=True, slots=True)
class Score:
    """Pre-game predictive quality over the scored part of a history.

    ``log_likelihood`` is the mean per decided-or-tied team pair (ties count
    half a win each way); ``accuracy`` the share of decided pairs whose order
    the pre-game ratings got right, with equal ratings counting one half.
    """

    log_likelihood: float
    accuracy: float
    pairs: int


def score_rater(rater: Rater, games: Sequence[RatedGame], burn_in: float = 0.2) -> Score:
    """Replay ``games`` in order on ``rater``; score those after ``burn_in``.

    Every prediction is made from ratings before the game, so this is an
    honest out-of-sample measure of the sequential estimator.
    """
    start = int(len(games) * burn_in)
    ll = 0.0
    ll_pairs = 0
    right = 0.0
    decided = 0
    eps = 1e-12
    log = math.log
    for index, (teams, ranks) in enumerate(games):
        if index >= start:
            strength = team_strengths(rater, teams)
            probs = rater.pair_probabilities(teams)
            for (a, b, outcome), p in zip(team_pairs(ranks), probs, strict=True):
                p = min(max(p, eps), 1.0 - eps)
                ll += outcome * log(p) + (1.0 - outcome) * log(1.0 - p)
                ll_pairs += 1
                if outcome != 0.5:
                    decided += 1
                    diff = strength[a] - strength[b]
                    if diff == 0:
                        right += 0.5
                    elif (diff > 0) == (outcome == 1.0):
                        right += 1.0
        rater.rate_many(((teams, ranks),))
    return Score(
        ll / ll_pairs if ll_pairs else 0.0,
        right / decided if decided else 0.0,
        ll_pairs,
    )


def kendall_tau(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b between two equally long sequences (O(n**2), exact).

    Written out rather than imported so the engine needs no SciPy; league
    sizes (thousands) keep the quadratic loop cheap enough for reports.
    """
    n = len(x)
    if n != len(y):
        raise ValueError("sequences differ in length")
    concordant = discordant = ties_x = ties_y = 0
    for i in range(n - 1):
        xi, yi = x[i], y[i]
        for j in range(i + 1, n):
            dx = xi - x[j]
            dy = yi - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denom = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denom if denom else 0.0


def team_strengths(rater: Rater, teams: Teams) -> list[float]:
    """Mean member rating per team: what pair-ordering accuracy compares."""
    return [sum(rater.rating(p) for p in team) / len(team) for team in teams]
