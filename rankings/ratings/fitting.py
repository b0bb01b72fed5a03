"""Choose a game variant's parameters from its own history.

A plain grid search: each candidate replays the history from scratch and is
scored on how well its *pre-game* ratings predict the later games (see
``evaluation.score_rater``).  Replays are cheap (microseconds per game), the
objective is noisy and non-smooth in K/beta/tau, and a grid keeps the result
deterministic and easy to explain, so nothing cleverer is warranted.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import RatedGame
from .evaluation import Score, score_rater
from .registry import canonical_kind, make_rater

_B = 25.0 / 6.0
_T = 25.0 / 300.0
DEFAULT_GRIDS: dict[str, dict[str, list[float]]] = {
    # The newcomer factor kept improving the fit up to 6x on synthetic leagues
    # where everyone starts new at once; 1 (off) stays in for steady leagues.
    "elo": {
        "k": [8.0, 12.0, 16.0, 24.0, 32.0, 48.0, 64.0],
        "k_exponent": [0.5, 0.75, 1.0],
        "newcomer_factor": [1.0, 2.0, 3.0, 6.0],
        "newcomer_games": [10.0, 20.0],
    },
    # Wide on purpose: in high-luck games the best beta was ~4.5x openskill's
    # default, in two-team games at most 1x, and drifting skills wanted tau 10x.  gamma_exponent 1 is
    # openskill's variance step, 0 the plain (kappa-floored) one.
    "plackett_luce": {
        "beta": [_B * f for f in (0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.5, 6.0, 9.0)],
        "tau": [_T * f for f in (0.0, 1.0, 3.0, 10.0)],
        "gamma_exponent": [0.0, 1.0],
    },
}
# Thurstone-Mosteller takes the same (scale-free) beta/tau/gamma grid; its
# draw margin only matters where games can tie, and openskill's 0.1 did as
# well as wider margins in the tied synthetic league (docs/ratings.md).
DEFAULT_GRIDS["thurstone_mosteller"] = dict(DEFAULT_GRIDS["plackett_luce"])
# The whole-history rater's refits use the plain variance step (no gamma).
DEFAULT_GRIDS["whole_history"] = {
    k: v for k, v in DEFAULT_GRIDS["plackett_luce"].items() if k != "gamma_exponent"
}
OBJECTIVES = ("log_likelihood", "accuracy")
# The Bayesian models; ``recommended_kind`` says which one suits a history.
# Elo is not among them: its fitted K ordered players worse than the fitted
# Bayesian model in four of the five benchmark leagues (docs/ratings.md).
DEFAULT_KINDS = ("plackett_luce", "thurstone_mosteller")


def recommended_kind(games: Sequence[RatedGame]) -> str:
    """The Bayesian model to use for a history, by the shape of its tables.

    Measured in docs/ratings.md (Performance).  Two teams at every table
    (partnership games): Thurstone-Mosteller, whose single duel is TrueSkill's
    two-team update; fitted, it ordered pairs as well as TrueSkill on average
    over three seeds, where Plackett-Luce stayed below.  Three or more teams anywhere:
    Plackett-Luce, one likelihood for the whole finishing order.  Full
    pairing counts a table's duels as independent evidence although they
    share one deal's luck, and its higher log-likelihood on four-player
    leagues did not carry over to ordering players.
    """
    if games and all(len(teams) == 2 for teams, _ in games):
        return "thurstone_mosteller"
    return "plackett_luce"


def score_parameters(
    kind: str, games: Sequence[RatedGame], params: Mapping[str, float], burn_in: float = 0.2
) -> Score:
    """Score one parameter set on a history (fresh rater, full replay)."""
    return score_rater(make_rater(kind, **params), games, burn_in=burn_in)


def fit_parameters(
    kind: str,
    games: Sequence[RatedGame],
    grid: Mapping[str, Sequence[float]] | None = None,
    objective: str = "log_likelihood",
    burn_in: float = 0.2,
    base: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Return the grid point (merged over ``base``) that predicts ``games`` best.

    ``games`` is a chronological sequence of ``(teams, ranks)``.  The first
    ``burn_in`` share only warms ratings up.  ``objective`` is the mean
    pairwise log-likelihood (default: rewards calibrated confidence and is
    smoother) or pair-ordering accuracy.  Ties between grid points go to
    the earlier point, so the result is deterministic.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}")
    name = canonical_kind(kind)
    if grid is None:
        try:
            grid = DEFAULT_GRIDS[name]
        except KeyError:
            raise ValueError(f"no default grid for {kind!r}") from None
    games = list(games)
    names = list(grid)
    best_params: dict[str, float] = dict(base or {})
    best_value = None
    for values in itertools.product(*(grid[n] for n in names)):
        params = {**(base or {}), **dict(zip(names, values, strict=True))}
        score = score_parameters(name, games, params, burn_in=burn_in)
        value = getattr(score, objective)
        if best_value is None or value > best_value:
            best_value = value
            best_params = params
    return best_params


@dataclass(frozen=True, slots=True)
class RaterFit:
    """The model and parameters that predicted a history best, and how well."""

    kind: str
    params: dict[str, float]
    score: Score
    # Every kind tried, with its best parameters and their score.
    tried: dict[str, tuple[dict[str, float], Score]]


def fit_rater(
    games: Sequence[RatedGame],
    kinds: Sequence[str] | None = None,
    objective: str = "log_likelihood",
    burn_in: float = 0.2,
) -> RaterFit:
    """Fit a model to ``games``: the recommended one, or the best of ``kinds``.

    Without ``kinds`` only ``recommended_kind(games)`` is fitted.  With
    ``kinds`` each is fitted and the best by ``objective`` wins (ties go to
    the kind listed first).  Both objectives compare across models, since
    each model is scored on the same pairs from its own pre-game ratings,
    but they are noisy: in the four-player benchmark league the two Bayesian
    models were within noise of each other, and the one with the better
    tuning score ordered the reported league worse.
    """
    if kinds is None:
        kinds = (recommended_kind(games),)
    if not kinds:
        raise ValueError("fit_rater needs at least one kind")
    games = list(games)
    tried: dict[str, tuple[dict[str, float], Score]] = {}
    for kind in map(canonical_kind, kinds):
        params = fit_parameters(kind, games, objective=objective, burn_in=burn_in)
        tried[kind] = (params, score_parameters(kind, games, params, burn_in=burn_in))
    kind = max(tried, key=lambda name: getattr(tried[name][1], objective))
    return RaterFit(kind, tried[kind][0], tried[kind][1], tried)
