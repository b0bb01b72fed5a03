"""Weng-Lin Bayesian rating with the Plackett-Luce ranking model.

This is Algorithm 4 of Weng & Lin, "A Bayesian Approximation Method for
Online Ranking" (JMLR 2011), with the same conventions as the ``openskill``
package's ``PlackettLuce`` model (so stored ratings agree with it to
floating-point noise; a test pins this to 1e-9):

* before each game every participant's variance grows by ``tau**2``
  (skills drift, so certainty must not converge to zero);
* a team's mean and variance are the sums over its members;
* ``c**2`` is the sum over teams of (team variance + ``beta**2``);
* team strengths ``exp(mu/c)`` enter a Plackett-Luce likelihood in which a
  team competes against every team ranked at or below it; teams that tie
  share each "choice" equally;
* a member's share of the team update is proportional to their variance, so
  the uncertain partner moves more.

The per-game arithmetic is rearranged (not changed) so that one game costs
O(number of teams) instead of O(teams**2): see ``rate_many``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import accumulate

from .base import RatedGame
from .gaussian import GaussianRater


class PlackettLuceRater(GaussianRater):
    kind = "plackett_luce"

    @staticmethod
    def _ahead(gap: float) -> float:
        # The pairwise law of Plackett-Luce: logistic in the gap over c.
        return 1.0 / (1.0 + math.exp(-gap))

    # -- updates -----------------------------------------------------------

    def rate_many(self, games: Iterable[RatedGame]) -> int:
        """Rate games in order without validation or result objects.

        Derivation of the O(k) form.  Sort teams best first and group ties.
        For team i in group G, with e_i = exp(mu_i/c) and S_g the sum of e
        over groups g..last, the paper's sums over q with rank_q <= rank_i
        collapse (tied q share S and divide by the group size) to

            omega_i = 1/|G| - e_i * A_G,      A_G = sum_{g<=G} 1/S_g
            delta_i = e_i * A_G - e_i**2 * B_G,  B_G = sum_{g<=G} 1/S_g**2

        and both are then scaled exactly as in the paper.  Games where every
        team is one player (the common case) take a leaner copy of the loop;
        keep the two copies in step (the openskill tests cover both).
        """
        state = self._state
        get = state.get
        mu0, sigma0 = self.mu, self.sigma
        tau2 = self.tau * self.tau
        beta2 = self.beta * self.beta
        kappa = self.kappa
        g_exp = self.gamma_exponent
        g_zero = g_exp == 0.0
        g_one = g_exp == 1.0
        exp = math.exp
        sqrt = math.sqrt
        count = 0
        for teams, ranks in games:
            count += 1
            k = len(teams)
            order = sorted(range(k), key=ranks.__getitem__)
            if max(map(len, teams)) == 1:
                # One player per team: the team sums are the player's own
                # values, so no per-team lists are needed.
                rows = []
                c2 = k * beta2
                top = -math.inf
                for t in order:
                    p = teams[t][0]
                    row = get(p)
                    if row is None:
                        row = state[p] = [mu0, sigma0, 0]
                    rows.append(row)
                    s = row[1]
                    c2 += s * s + tau2
                    m = row[0]
                    if m > top:
                        top = m
                c = sqrt(c2)
                inv_c = 1.0 / c
                # Shifting by the max changes nothing mathematically (every
                # probability is a ratio of e's) but keeps exp() in range.
                e = [exp((r[0] - top) * inv_c) for r in rows]
                # Suffix sums, added from the last team up as before.
                suffix = list(accumulate(reversed(e)))
                suffix.reverse()
                a_sum = b_sum = 0.0
                if len(set(ranks)) == k:
                    # No ties (most games): every group is a single team.
                    for i in range(k):
                        ei = e[i]
                        row = rows[i]
                        inv = 1.0 / suffix[i]
                        a_sum += inv
                        b_sum += inv * inv
                        s = row[1]
                        s2 = s * s + tau2
                        row[0] += s2 * (1.0 - ei * a_sum) * inv_c
                        if g_zero:
                            gamma = 1.0
                        elif g_one:
                            gamma = sqrt(s2) * inv_c
                        else:
                            gamma = (sqrt(s2) * inv_c) ** g_exp
                        f = 1.0 - s2 * ei * (a_sum - ei * b_sum) * gamma / c2
                        row[1] = sqrt(s2 * (f if f > kappa else kappa))
                        row[2] += 1
                    continue
                start = 0
                while start < k:
                    end = start + 1
                    r = ranks[order[start]]
                    while end < k and ranks[order[end]] == r:
                        end += 1
                    inv = 1.0 / suffix[start]
                    a_sum += inv
                    b_sum += inv * inv
                    share = 1.0 / (end - start)
                    for i in range(start, end):
                        ei = e[i]
                        row = rows[i]
                        s = row[1]
                        s2 = s * s + tau2
                        row[0] += s2 * (share - ei * a_sum) * inv_c
                        if g_zero:
                            gamma = 1.0
                        elif g_one:
                            gamma = sqrt(s2) * inv_c
                        else:
                            gamma = (sqrt(s2) * inv_c) ** g_exp
                        f = 1.0 - s2 * ei * (a_sum - ei * b_sum) * gamma / c2
                        row[1] = sqrt(s2 * (f if f > kappa else kappa))
                        row[2] += 1
                    start = end
                continue

            # General case: teams of any size (the same steps with sums).
            rows = []
            team_mu = []
            team_s2 = []
            c2 = k * beta2
            for t in order:
                members = []
                m = 0.0
                s2 = 0.0
                for p in teams[t]:
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
                c2 += s2
            c = sqrt(c2)
            inv_c = 1.0 / c
            top = max(team_mu)
            e = [exp((m - top) * inv_c) for m in team_mu]
            suffix = [0.0] * k
            acc = 0.0
            for i in range(k - 1, -1, -1):
                acc += e[i]
                suffix[i] = acc
            a_sum = b_sum = 0.0
            start = 0
            while start < k:
                end = start + 1
                r = ranks[order[start]]
                while end < k and ranks[order[end]] == r:
                    end += 1
                inv = 1.0 / suffix[start]
                a_sum += inv
                b_sum += inv * inv
                share = 1.0 / (end - start)
                for i in range(start, end):
                    ei = e[i]
                    s2 = team_s2[i]
                    omega = (share - ei * a_sum) * inv_c
                    if g_zero:
                        gamma = 1.0
                    elif g_one:
                        gamma = sqrt(s2) * inv_c
                    else:
                        gamma = (sqrt(s2) * inv_c) ** g_exp
                    # Per member below: scaled by v/s2 (v the member's
                    # variance); the s2 factors of the paper cancel into this.
                    delta = ei * (a_sum - ei * b_sum) * gamma / c2
                    for row in rows[i]:
                        s = row[1]
                        v2 = s * s + tau2
                        row[0] += v2 * omega
                        f = 1.0 - v2 * delta
                        row[1] = sqrt(v2 * (f if f > kappa else kappa))
                        row[2] += 1
                start = end
        return count
