"""Weng-Lin Bayesian rating with the Thurstone-Mosteller model, full pairing.

This is Algorithm 3 of Weng & Lin, "A Bayesian Approximation Method for
Online Ranking" (JMLR 2011), with the conventions of the ``openskill``
package's ``ThurstoneMostellerFull`` model (a test pins agreement to 1e-9):

* before each game every participant's variance grows by ``tau**2``;
* a team's mean and variance are the sums over its members;
* every pair of teams (i, q) is one Gaussian duel: with
  ``c = sqrt(var_i + var_q + 2*beta**2)`` and the gap ``x = (mu_i - mu_q)/c``,
  the winner's mean moves by ``var/c * v(x, eps/c)`` and the loser's by
  the same amount the other way; a tie uses the draw-window functions
  ``v~, w~``; ``eps`` is the draw margin;
* a team's variance shrinks by the sum over its duels of
  ``gamma * var/c**2 * w``, with ``gamma = (sd_team/c)**gamma_exponent``;
* a member's share of the team step is proportional to their variance.

With two teams, ``gamma_exponent=0`` and ``epsilon=0`` this is TrueSkill's
two-team update (Herbrich et al. 2007: the same v and w of a truncated
Gaussian), which is why it is the rater for partnership games.  One
difference of convention: TrueSkill adds beta**2 per *player* to c**2, this
model per *team*, so teams of n players match TrueSkill run with
beta / sqrt(n) (a test checks this against the trueskill package).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .base import RatedGame
from .gaussian import GaussianRater

EPSILON = 0.1  # openskill's draw margin, in mu units
FLOAT_EPS = 2.220446049250313e-16  # where openskill switches v, w to their tail limits
TIE_FLOOR = 1e-5  # and where it does the same for the draw-window v~
INV_SQRT2 = 1.0 / math.sqrt(2.0)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _cdf(x: float) -> float:
    # erfc keeps precision deep in the lower tail, where 1 + erf(x) does not.
    return 0.5 * math.erfc(-x * INV_SQRT2)


def _pdf(x: float) -> float:
    return math.exp(-0.5 * x * x) * INV_SQRT_2PI


def tie_terms(x: float, t: float) -> tuple[float, float]:
    """``(v~(x, t), w~(x, t))``: the mean and variance steps of a draw.

    ``v~`` is odd in ``x`` and ``w~`` even, so the other side of the duel
    takes ``(-v~, w~)``.
    """
    xx = abs(x)
    b = _cdf(t - xx) - _cdf(-t - xx)
    if b < TIE_FLOOR:
        vt = -x - t if x < 0 else -x + t
    else:
        a = _pdf(-t - xx) - _pdf(t - xx)
        vt = (-a if x < 0 else a) / b
    if b < FLOAT_EPS:
        return vt, 1.0
    return vt, ((t - xx) * _pdf(t - xx) + (t + xx) * _pdf(-t - xx)) / b + vt * vt


class ThurstoneMostellerRater(GaussianRater):
    kind = "thurstone_mosteller"

    def __init__(self, *, epsilon: float = EPSILON, **params: float) -> None:
        super().__init__(**params)
        if epsilon < 0:
            raise ValueError("ThurstoneMostellerRater: need epsilon (draw margin) >= 0")
        self.epsilon = float(epsilon)

    @property
    def params(self) -> dict[str, float]:
        return {**super().params, "epsilon": self.epsilon}

    @staticmethod
    def _ahead(gap: float) -> float:
        # The pairwise law of Thurstone-Mosteller: the normal CDF of the gap.
        return _cdf(gap)

    def rate_many(self, games: Iterable[RatedGame]) -> int:
        """Rate games in order without validation or result objects.

        Each unordered pair of teams is visited once: the winner's ``v`` and
        ``w`` at gap x are the loser's at -x, so one evaluation serves both.
        """
        state = self._state
        get = state.get
        mu0, sigma0 = self.mu, self.sigma
        tau2 = self.tau * self.tau
        two_beta2 = 2.0 * self.beta * self.beta
        kappa = self.kappa
        eps = self.epsilon
        g_exp = self.gamma_exponent
        g_zero = g_exp == 0.0
        sqrt = math.sqrt
        exp = math.exp
        erfc = math.erfc
        count = 0
        for teams, ranks in games:
            count += 1
            k = len(teams)
            if k == 2:
                # Two teams (partnership games): one duel, no per-team lists.
                team_a, team_b = teams
                rows_a = []
                m_a = s2_a = 0.0
                for p in team_a:
                    row = get(p)
                    if row is None:
                        row = state[p] = [mu0, sigma0, 0]
                    rows_a.append(row)
                    m_a += row[0]
                    s = row[1]
                    s2_a += s * s + tau2
                rows_b = []
                m_b = s2_b = 0.0
                for p in team_b:
                    row = get(p)
                    if row is None:
                        row = state[p] = [mu0, sigma0, 0]
                    rows_b.append(row)
                    m_b += row[0]
                    s = row[1]
                    s2_b += s * s + tau2
                c2 = s2_a + s2_b + two_beta2
                c = sqrt(c2)
                x = (m_a - m_b) / c
                t = eps / c
                rank_a, rank_b = ranks
                if rank_a == rank_b:
                    v, w = tie_terms(x, t)  # at a's gap; b takes -v
                else:
                    if rank_a > rank_b:
                        x = -x  # v and w below are at the winner's gap
                    xt = x - t
                    cdf = 0.5 * erfc(-xt * INV_SQRT2)
                    if cdf < FLOAT_EPS:
                        v = -xt
                        w = 1.0 if x < 0 else 0.0
                    else:
                        v = exp(-0.5 * xt * xt) * INV_SQRT_2PI / cdf
                        w = v * (v + xt)
                    if rank_a > rank_b:
                        v = -v  # from here on v is a's step direction
                if g_zero:
                    g_a = g_b = 1.0
                else:
                    g_a = (sqrt(s2_a) / c) ** g_exp
                    g_b = (sqrt(s2_b) / c) ** g_exp
                for rows, s2, step, shrink in (
                    (rows_a, s2_a, s2_a / c * v, g_a * s2_a / c2 * w),
                    (rows_b, s2_b, -(s2_b / c * v), g_b * s2_b / c2 * w),
                ):
                    for row in rows:
                        s = row[1]
                        var = s * s + tau2
                        share = var / s2
                        row[0] += share * step
                        f = 1.0 - share * shrink
                        row[1] = sqrt(var * (f if f > kappa else kappa))
                        row[2] += 1
                continue
            # Any number of teams: every pair of teams is one duel.
            single = max(map(len, teams)) == 1
            rows = []
            team_mu = []
            team_s2 = []
            if single:
                # One player per team: the team sums are the player's own.
                for team in teams:
                    p = team[0]
                    row = get(p)
                    if row is None:
                        row = state[p] = [mu0, sigma0, 0]
                    rows.append(row)
                    team_mu.append(row[0])
                    s = row[1]
                    team_s2.append(s * s + tau2)
            else:
                for team in teams:
                    members = []
                    m = 0.0
                    s2 = 0.0
                    for p in team:
                        row = get(p)
                        if row is None:
                            row = state[p] = [mu0, sigma0, 0]
                        members.append(row)
                        m += row[0]
                        s = row[1]
                        s2 += s * s + tau2
                    rows.append(members)
                    team_mu.append(m)
                    team_s2.append(s2)
            omega = [0.0] * k
            delta = [0.0] * k
            for i in range(k - 1):
                mu_i = team_mu[i]
                s2_i = team_s2[i]
                rank_i = ranks[i]
                for q in range(i + 1, k):
                    s2_q = team_s2[q]
                    c2 = s2_i + s2_q + two_beta2
                    c = sqrt(c2)
                    x = (mu_i - team_mu[q]) / c
                    t = eps / c
                    rank_q = ranks[q]
                    if rank_i == rank_q:
                        v, w = tie_terms(x, t)  # v is i's direction; q takes -v
                    else:
                        if rank_i > rank_q:
                            x = -x  # v and w below are at the winner's gap
                        # v, w of a Gaussian truncated below at the draw margin
                        # (inlined: this is the hot path).
                        xt = x - t
                        cdf = 0.5 * erfc(-xt * INV_SQRT2)
                        if cdf < FLOAT_EPS:
                            v = -xt
                            w = 1.0 if x < 0 else 0.0
                        else:
                            v = exp(-0.5 * xt * xt) * INV_SQRT_2PI / cdf
                            w = v * (v + xt)
                        if rank_i > rank_q:
                            v = -v
                    omega[i] += s2_i / c * v
                    omega[q] -= s2_q / c * v
                    if g_zero:
                        delta[i] += s2_i / c2 * w
                        delta[q] += s2_q / c2 * w
                    else:
                        delta[i] += (sqrt(s2_i) / c) ** g_exp * s2_i / c2 * w
                        delta[q] += (sqrt(s2_q) / c) ** g_exp * s2_q / c2 * w
            if single:
                for i in range(k):
                    row = rows[i]
                    var = team_s2[i]  # the whole team's variance: its share is 1
                    row[0] += omega[i]
                    f = 1.0 - delta[i]
                    row[1] = sqrt(var * (f if f > kappa else kappa))
                    row[2] += 1
                continue
            for i in range(k):
                step = omega[i]
                shrink = delta[i]
                s2 = team_s2[i]
                for row in rows[i]:
                    s = row[1]
                    var = s * s + tau2
                    share = var / s2
                    row[0] += share * step
                    f = 1.0 - share * shrink
                    row[1] = sqrt(var * (f if f > kappa else kappa))
                    row[2] += 1
        return count
