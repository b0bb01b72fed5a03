"""Whole-history rating: a periodic refit of Plackett-Luce over every game so far.

A one-pass rater (``plackett_luce``) reads each game once, against what it
knew about the opponents *then*: an early loss to a newcomer who later turned
out strong stays counted as a loss to an average player.  This rater keeps the
games and, every ``period`` games, refits the whole history towards the
maximum a posteriori skills of a Plackett-Luce model with a Gaussian prior
and a random walk (variance ``tau**2`` per game a player plays): ``sweeps``
Gauss-Newton steps from the priors, each re-reading every game with every
participant at the previous step's estimate, so each old game is judged by
what is known now about everybody at the table (``newton_sweep.refit``).

Between refits each new game gets the one-pass update from the refitted
state.  A refit depends only on the games, never on an earlier refit, so
``rate_many`` (one refit, at the last multiple of ``period``) leaves exactly
the state that rating the same games one by one leaves.
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import PlayerId, PlayerState, RatedGame
from .gaussian import MU, SIGMA, TAU
from .newton_sweep import refit
from .plackett_luce import PlackettLuceRater

PERIOD = 1000  # games between refits
SWEEPS = 3  # Gauss-Newton steps per refit, from the priors
# Twice openskill's: the one-pass fits chose 1-3x in most benchmark leagues (docs/ratings.md).
BETA = 25.0 / 3.0


class WholeHistoryRater(PlackettLuceRater):
    kind = "whole_history"
    # A stored state is not enough to continue: the next refit needs every game.
    rereads_history = True

    def __init__(
        self,
        mu: float = MU,
        sigma: float = SIGMA,
        beta: float = BETA,
        tau: float = TAU,
        kappa: float = 1e-4,
        z: float = 3.0,
        period: float = PERIOD,
        sweeps: float = SWEEPS,
    ) -> None:
        super().__init__(mu, sigma, beta, tau, kappa, z, gamma_exponent=0.0)
        if int(period) < 1 or int(sweeps) < 1:
            raise ValueError("WholeHistoryRater: need period >= 1 and sweeps >= 1")
        self.period = int(period)
        self.sweeps = int(sweeps)
        self._history: list[RatedGame] = []
        # States given with set(): where those players' chains start in a refit.
        self._priors: dict[PlayerId, PlayerState] = {}

    @property
    def params(self) -> dict[str, float]:
        params = super().params
        del params["gamma_exponent"]  # fixed: the smoother's messages need the plain step
        return {**params, "period": self.period, "sweeps": self.sweeps}

    def set(self, player_id: PlayerId, state: PlayerState) -> None:
        """Start ``player_id`` from ``state`` (a restored rating), before any of their games."""
        if player_id in self._state and self._state[player_id][2] > self._priors.get(
            player_id, PlayerState(0.0)
        ).games:
            raise ValueError(f"player {player_id!r} already has games in this rater's history")
        self._priors[player_id] = state
        super().set(player_id, state)

    # -- updates ------------------------------------------------------------

    def rate_many(self, games: Iterable[RatedGame]) -> int:
        """Add games in order; refit at each multiple of ``period`` (only the last counts)."""
        games = list(games)
        history = self._history
        start = len(history)
        history.extend(games)
        boundary = len(history) - len(history) % self.period
        if boundary > start:
            self._refit(history[:boundary])
            start = boundary
        super().rate_many(history[start:])
        return len(games)

    def _refit(self, games: list[RatedGame]) -> None:
        """The state the whole of ``games`` gives, from the priors (never from earlier refits)."""
        priors = {p: (s.mu, s.sigma, s.games) for p, s in self._priors.items()}
        self._state = refit(
            games, beta=self.beta, tau=self.tau, prior=(self.mu, self.sigma), priors=priors,
            sweeps=self.sweeps,
        )
