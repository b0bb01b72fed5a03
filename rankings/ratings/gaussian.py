"""State, parameters and predictions shared by the two Weng-Lin raters.

Plackett-Luce and Thurstone-Mosteller keep the same per-player belief (a
Gaussian with mean ``mu`` and deviation ``sigma``), start from the same prior
and are tuned by the same knobs; they differ only in the likelihood of a
result, i.e. in ``rate_many`` and in the curve that turns a rating gap into a
win probability (``_ahead``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .base import CheckedRateGame, PlayerId, PlayerState, Teams

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
KAPPA = 1e-4  # floor for the variance shrink factor, keeps sigma > 0


class GaussianRater(CheckedRateGame):
    """Per-player (mu, sigma, games) and everything that only reads it."""

    kind = ""

    def __init__(
        self,
        mu: float = MU,
        sigma: float = SIGMA,
        beta: float = BETA,
        tau: float = TAU,
        kappa: float = KAPPA,
        z: float = 3.0,
        gamma_exponent: float = 1.0,
    ) -> None:
        if sigma <= 0 or beta <= 0 or tau < 0 or not 0 < kappa < 1:
            raise ValueError(
                f"{type(self).__name__}: need sigma > 0, beta > 0, tau >= 0, 0 < kappa < 1"
            )
        self.mu = float(mu)
        self.sigma = float(sigma)
        self.beta = float(beta)
        self.tau = float(tau)
        self.kappa = float(kappa)
        self.z = float(z)
        # 1.0 is openskill's variance step (gamma = sigma/c); 0.0 (gamma = 1,
        # the plain step floored by kappa) predicted better in our leagues.
        self.gamma_exponent = float(gamma_exponent)
        # Per player a mutable [mu, sigma, games] list: one dict lookup per
        # player per game and no object allocation on the hot path.
        self._state: dict[PlayerId, list] = {}

    # -- parameters and state -------------------------------------------

    @property
    def params(self) -> dict[str, float]:
        return {
            "mu": self.mu,
            "sigma": self.sigma,
            "beta": self.beta,
            "tau": self.tau,
            "kappa": self.kappa,
            "z": self.z,
            "gamma_exponent": self.gamma_exponent,
        }

    def initial_state(self) -> PlayerState:
        return PlayerState(self.mu, self.sigma, 0)

    def get(self, player_id: PlayerId) -> PlayerState:
        row = self._state.get(player_id)
        if row is None:
            return self.initial_state()
        return PlayerState(row[0], row[1], row[2])

    def set(self, player_id: PlayerId, state: PlayerState) -> None:
        self._state[player_id] = [float(state.mu), float(state.sigma), int(state.games)]

    def players(self) -> list[PlayerId]:
        return list(self._state)

    def snapshot(self) -> dict[PlayerId, PlayerState]:
        return {p: PlayerState(r[0], r[1], r[2]) for p, r in self._state.items()}

    def rating(self, player_id: PlayerId) -> float:
        """The mean: the best single number for predicting who finishes ahead."""
        row = self._state.get(player_id)
        return self.mu if row is None else row[0]

    def conservative(self, player_id: PlayerId) -> float:
        """mu - z*sigma: a leaderboard number that newcomers must earn."""
        row = self._state.get(player_id)
        if row is None:
            return self.mu - self.z * self.sigma
        return row[0] - self.z * row[1]

    # -- prediction ------------------------------------------------------

    @staticmethod
    def _ahead(gap: float) -> float:
        """P(ahead) for a team whose mean is ``gap`` (in units of c) above the other's."""
        raise NotImplementedError

    def _team_sums(self, teams: Teams) -> tuple[list[float], list[float]]:
        """Per team the sum of its members' mu and of their variances."""
        state = self._state
        mus = []
        s2s = []
        for team in teams:
            m = s2 = 0.0
            for p in team:
                row = state.get(p)
                mu, s = (self.mu, self.sigma) if row is None else (row[0], row[1])
                m += mu
                s2 += s * s
            mus.append(m)
            s2s.append(s2)
        return mus, s2s

    def win_probability(self, team_a: Sequence[PlayerId], team_b: Sequence[PlayerId]) -> float:
        """P(team_a finishes ahead of team_b) under the model's pairwise law."""
        return self.pair_probabilities([team_a, team_b])[0]

    def pair_probabilities(self, teams: Teams) -> list[float]:
        """``win_probability`` for every team pair (a < b) of one table.

        One lookup per player instead of one per pair: fitting calls this for
        every game.
        """
        mus, s2s = self._team_sums(teams)
        two_beta2 = 2.0 * self.beta * self.beta
        ahead = self._ahead
        out = []
        n = len(teams)
        for a in range(n - 1):
            for b in range(a + 1, n):
                c = math.sqrt(s2s[a] + s2s[b] + two_beta2)
                out.append(ahead((mus[a] - mus[b]) / c))
        return out
