"""Whole-history rating: a periodic refit of Plackett-Luce over every game so far.

A one-pass rater (``plackett_luce``) reads each game once, against what it
knew about the opponents *then*: an early loss to a newcomer who later turned
out strong stays counted as a loss to an average player.  This rater keeps the
games and, at refit points, refits the whole history towards the
maximum a posteriori skills of a Plackett-Luce model with a Gaussian prior
and a random walk (variance ``tau**2`` per game a player plays): ``sweeps``
Gauss-Newton steps from the priors, each re-reading every game with every
participant at the previous step's estimate, so each old game is judged by
what is known now about everybody at the table (``newton_sweep.refit``).

Refit points are every ``period`` games up to ``2 * doubling * period`` games,
then ever further apart (the spacing doubles each time the history doubles,
see ``spacing``), so rating n games one by one re-reads O(n) games in all.
Between refits each new game gets the one-pass update from the refitted
state.  A refit depends only on the games, never on an earlier refit, so
``rate_many`` (one refit, at the last refit point) leaves exactly the state
that rating the same games one by one leaves.  The games are kept as arrays
between refits; each refit converts only the games added since the last.
"""

from __future__ import annotations

from collections.abc import Iterable

from .base import PlayerId, PlayerState, RatedGame
from .gaussian import MU, SIGMA, TAU
from .newton_sweep import GameArrays, refit_arrays
from .plackett_luce import PlackettLuceRater

PERIOD = 1000  # games between refits, up to DOUBLING * 2 periods
# Beyond 2 * DOUBLING periods the spacing doubles each time the history doubles (from
# n/(2*DOUBLING) to n/DOUBLING games apart), so the refits of a whole history re-read
# O(n) games in total instead of O(n**2 / period); see docs/ratings.md.
DOUBLING = 10
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
        doubling: float = DOUBLING,
    ) -> None:
        super().__init__(mu, sigma, beta, tau, kappa, z, gamma_exponent=0.0)
        if int(period) < 1 or int(sweeps) < 1 or int(doubling) < 1:
            raise ValueError(
                "WholeHistoryRater: need period >= 1, sweeps >= 1 and doubling >= 1")
        self.period = int(period)
        self.sweeps = int(sweeps)
        self.doubling = int(doubling)
        self._history: list[RatedGame] = []
        self._arrays = GameArrays()  # the games up to the last refit, as arrays
        # States given with set(): where those players' chains start in a refit.
        self._priors: dict[PlayerId, PlayerState] = {}

    @property
    def params(self) -> dict[str, float]:
        params = super().params
        del params["gamma_exponent"]  # fixed: the smoother's messages need the plain step
        return {**params, "period": self.period, "sweeps": self.sweeps,
                "doubling": self.doubling}

    def spacing(self, n_games: int) -> int:
        """Games between refits once the history holds ``n_games``.

        ``period`` below ``2 * doubling * period`` games; then it doubles each
        time the history doubles, so it stays between n/(2*doubling) and
        n/doubling.  Refits happen at the multiples of the spacing, which
        depend only on how many games there are (a replay refits at the same
        points as the first run did).
        """
        spacing, band = self.period, 2 * self.doubling * self.period
        while n_games >= band:
            spacing, band = spacing * 2, band * 2
        return spacing

    def last_refit(self, n_games: int) -> int:
        """The last refit point at or before ``n_games`` games (0: none yet)."""
        return n_games - n_games % self.spacing(n_games)

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
        """Add games in order; refit at each refit point they pass (only the last counts)."""
        games = list(games)
        history = self._history
        start = len(history)
        history.extend(games)
        boundary = self.last_refit(len(history))
        if boundary > start:
            self._refit(history[self._arrays.n_games:boundary])
            start = boundary
        super().rate_many(history[start:])
        return len(games)

    def _refit(self, new_games: list[RatedGame]) -> None:
        """The state every game up to here gives, from the priors (never from earlier
        refits); ``new_games`` are those since the previous refit, added to the arrays."""
        self._arrays.extend(new_games)
        priors = {p: (s.mu, s.sigma, s.games) for p, s in self._priors.items()}
        self._state = refit_arrays(
            self._arrays, beta=self.beta, tau=self.tau, prior=(self.mu, self.sigma),
            priors=priors, sweeps=self.sweeps,
        )
