"""Whole-history rating: a periodic refit of Plackett-Luce over every game so far.

A one-pass rater (``plackett_luce``) reads each game once, against what it
knew about the opponents *then*: an early loss to a newcomer who later turned
out strong stays counted as a loss to an average player.  This rater keeps the
games and, every ``period`` games, refits the whole history towards the
maximum a posteriori skills of a Plackett-Luce model with a Gaussian prior
and a random walk (variance ``tau**2`` per game a player plays):

1. a one-pass Plackett-Luce run over all games from the priors (the Weng-Lin
   update with ``gamma_exponent=0``) gives a starting point;
2. ``sweeps`` Gauss-Newton steps re-read every game with every participant at
   their current estimate, so each old game is judged by what is known now
   about everybody at the table (see ``_newton_sweep``).

Between refits each new game gets the one-pass update from the refitted
state.  A refit depends only on the games, never on an earlier refit, so
``rate_many`` (one refit, at the last multiple of ``period``) leaves exactly
the state that rating the same games one by one leaves.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .base import PlayerId, PlayerState, RatedGame
from .gaussian import MU, SIGMA, TAU
from .plackett_luce import PlackettLuceRater

PERIOD = 1000  # games between refits
SWEEPS = 1  # Gauss-Newton steps per refit after the one-pass start
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
        if int(period) < 1 or int(sweeps) < 0:
            raise ValueError("WholeHistoryRater: need period >= 1 and sweeps >= 0")
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
        first = PlackettLuceRater(
            self.mu, self.sigma, self.beta, self.tau, self.kappa, self.z, gamma_exponent=0.0
        )
        for player, state in self._priors.items():
            first.set(player, state)
        first.rate_many(games)
        state = first._state
        for _ in range(self.sweeps):
            state = self._newton_sweep(games, state)
        self._state = state

    def _newton_sweep(self, games: list[RatedGame], lin: dict) -> dict:
        """One Gauss-Newton step of the whole-history fit, linearised at ``lin``.

        Every game is re-read with every participant at their ``lin`` mean:
        the log-likelihood's slope g and curvature h there give each of them
        a Gaussian message (precision h, mean lin + g/h).  Each player's
        messages are then combined in time order with their prior, the
        variance growing by tau**2 before each game, as the one-pass rater
        does; the result is their new (mu, sigma).
        """
        tau2 = self.tau * self.tau
        beta2 = self.beta * self.beta
        exp, sqrt = math.exp, math.sqrt
        p0 = 1.0 / (self.sigma * self.sigma)
        priors = self._priors
        # Per player [mu, sigma, games, precision, precision * mean]: one lookup per seat.
        rows = {}
        for player, (m, s, n) in lin.items():
            prior = priors.get(player)
            p = p0 if prior is None else 1.0 / (prior.sigma * prior.sigma)
            rows[player] = [m, s, n, p, p * (self.mu if prior is None else prior.mu)]
        for teams, ranks in games:
            k = len(teams)
            order = sorted(range(k), key=ranks.__getitem__)
            c2 = k * beta2
            if max(map(len, teams)) == 1:
                # One player per team (most games): the same step, leaner.
                seats = [rows[teams[t][0]] for t in order]
                top = -math.inf
                for row in seats:
                    s = row[1]
                    c2 += s * s
                    if row[0] > top:
                        top = row[0]
                inv_c = 1.0 / sqrt(c2)
                inv_c2 = inv_c * inv_c
                e = [exp((row[0] - top) * inv_c) for row in seats]
                total = sum(e)
                a_sum = b_sum = 0.0
                if len(set(ranks)) == k:
                    for et, row in zip(e, seats, strict=True):
                        inv = 1.0 / total
                        total -= et
                        a_sum += inv
                        b_sum += inv * inv
                        curve = et * (a_sum - et * b_sum) * inv_c2
                        p = row[3]
                        if tau2:
                            shrink = 1.0 / (1.0 + p * tau2)
                            row[4] *= shrink
                            p *= shrink
                        row[3] = p + curve
                        row[4] += curve * row[0] + (1.0 - et * a_sum) * inv_c
                    continue
                start = 0
                while start < k:  # tied players share their choices
                    end = start + 1
                    rank = ranks[order[start]]
                    while end < k and ranks[order[end]] == rank:
                        end += 1
                    inv = 1.0 / total
                    a_sum += inv
                    b_sum += inv * inv
                    share = 1.0 / (end - start)
                    for i in range(start, end):
                        et = e[i]
                        total -= et
                        row = seats[i]
                        curve = et * (a_sum - et * b_sum) * inv_c2
                        p = row[3]
                        if tau2:
                            shrink = 1.0 / (1.0 + p * tau2)
                            row[4] *= shrink
                            p *= shrink
                        row[3] = p + curve
                        row[4] += curve * row[0] + (share - et * a_sum) * inv_c
                    start = end
                continue
            if k == 2 and ranks[0] != ranks[1]:
                # Two teams, no tie (partnership games): the slope is +-(1 - p) and the
                # curvature p(1 - p), p the winner's logistic chance, both over c.
                won = 0 if ranks[0] < ranks[1] else 1
                winners = [rows[p] for p in teams[won]]
                losers = [rows[p] for p in teams[1 - won]]
                gap = 0.0
                for row in winners:
                    gap -= row[0]
                    c2 += row[1] * row[1]
                for row in losers:
                    gap += row[0]
                    c2 += row[1] * row[1]
                inv_c = 1.0 / sqrt(c2)
                x = gap * inv_c  # the loser's lead; capped so exp() stays in range
                upset = 1.0 / (1.0 + exp(-x if x > -700.0 else 700.0))
                curve = upset * (1.0 - upset) * inv_c * inv_c
                slope = upset * inv_c
                for members, sign in ((winners, slope), (losers, -slope)):
                    for row in members:
                        p = row[3]
                        if tau2:
                            shrink = 1.0 / (1.0 + p * tau2)
                            row[4] *= shrink
                            p *= shrink
                        row[3] = p + curve
                        row[4] += curve * row[0] + sign
                continue
            team_mu = []
            seats = []
            for t in order:
                members = [rows[p] for p in teams[t]]
                m = 0.0
                for row in members:
                    m += row[0]
                    c2 += row[1] * row[1]
                team_mu.append(m)
                seats.append(members)
            inv_c = 1.0 / sqrt(c2)
            inv_c2 = inv_c * inv_c
            top = max(team_mu)
            e = [exp((m - top) * inv_c) for m in team_mu]
            total = sum(e)
            a_sum = b_sum = 0.0
            start = 0
            while start < k:
                end = start + 1
                rank = ranks[order[start]]
                while end < k and ranks[order[end]] == rank:
                    end += 1
                inv = 1.0 / total
                a_sum += inv
                b_sum += inv * inv
                share = 1.0 / (end - start)
                for t in range(start, end):
                    et = e[t]
                    total -= et
                    slope = (share - et * a_sum) * inv_c
                    curve = et * (a_sum - et * b_sum) * inv_c2
                    for row in seats[t]:
                        p = row[3]
                        if tau2:  # the random walk since the player's previous game
                            shrink = 1.0 / (1.0 + p * tau2)  # precision p -> 1/(1/p + tau2)
                            row[4] *= shrink
                            p *= shrink
                        row[3] = p + curve
                        row[4] += curve * row[0] + slope
                start = end
        return {player: [r[4] / r[3], sqrt(1.0 / r[3]), r[2]] for player, r in rows.items()}
