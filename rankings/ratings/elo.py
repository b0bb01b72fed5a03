"""Multiplayer Elo: every game is scored as all its pairwise duels.

A table of k teams is read as k*(k-1)/2 two-team results.  Each team's
rating is the mean of its members' ratings; for each pair the usual Elo
expectation 1 / (1 + 10**((R_b - R_a)/scale)) is compared with the actual
score (1 win, 0.5 tie, 0 loss).  A team's summed surprise is multiplied by
the effective K and added to every member.

K is scaled by table size, K_eff = K / (k - 1)**k_exponent.  Exponent 1
would make a k-player game swing a rating as much as one duel; exponent 0
would count it as k-1 full duels.  The default 0.5 sits between: a bigger
table carries more information than one duel, but its k-1 results share
the same luck (one bad hand loses to everyone), so they are not worth k-1
independent games.  With equal team sizes the update is zero-sum.

Newcomers move faster: a player with fewer than ``newcomer_games`` rated
games gets ``newcomer_factor`` times the K (the provisional K of chess
federations).  Elo has no uncertainty to tell a newcomer from a veteran, so
without this a strong newcomer needs dozens of games to climb from the start
value, and every opponent meanwhile loses points to an underrated player.
The price is that a game with newcomers is not zero-sum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .base import CheckedRateGame, PlayerId, PlayerState, RatedGame, Teams

INITIAL = 1500.0
# Defaults fitted (pairwise log-likelihood, a 315-point grid) on a synthetic
# four-player league from a seed the benchmark does not report; see
# docs/ratings.md.  With the newcomer K in the fit, the veterans' K fell from
# 24 to 12: the early, large errors no longer have to be fixed by everyone's K.
K = 12.0
SCALE = 400.0
K_EXPONENT = 0.5
NEWCOMER_GAMES = 20
NEWCOMER_FACTOR = 6.0


class EloRater(CheckedRateGame):
    kind = "elo"

    def __init__(
        self,
        k: float = K,
        initial: float = INITIAL,
        scale: float = SCALE,
        k_exponent: float = K_EXPONENT,
        newcomer_games: float = NEWCOMER_GAMES,
        newcomer_factor: float = NEWCOMER_FACTOR,
    ) -> None:
        if k <= 0 or scale <= 0 or newcomer_games < 0 or newcomer_factor <= 0:
            raise ValueError(
                "EloRater: need k > 0, scale > 0, newcomer_games >= 0, newcomer_factor > 0"
            )
        self.k = float(k)
        self.initial = float(initial)
        self.scale = float(scale)
        self.k_exponent = float(k_exponent)
        # Stored as a float because parameters travel as JSON numbers.
        self.newcomer_games = float(newcomer_games)
        self.newcomer_factor = float(newcomer_factor)
        self._state: dict[PlayerId, list] = {}  # player -> [elo, games]

    @property
    def params(self) -> dict[str, float]:
        return {
            "k": self.k,
            "initial": self.initial,
            "scale": self.scale,
            "k_exponent": self.k_exponent,
            "newcomer_games": self.newcomer_games,
            "newcomer_factor": self.newcomer_factor,
        }

    def initial_state(self) -> PlayerState:
        return PlayerState(self.initial, 0.0, 0)

    def get(self, player_id: PlayerId) -> PlayerState:
        row = self._state.get(player_id)
        if row is None:
            return self.initial_state()
        return PlayerState(row[0], 0.0, row[1])

    def set(self, player_id: PlayerId, state: PlayerState) -> None:
        self._state[player_id] = [float(state.mu), int(state.games)]

    def players(self) -> list[PlayerId]:
        return list(self._state)

    def snapshot(self) -> dict[PlayerId, PlayerState]:
        return {p: PlayerState(r[0], 0.0, r[1]) for p, r in self._state.items()}

    def rating(self, player_id: PlayerId) -> float:
        row = self._state.get(player_id)
        return self.initial if row is None else row[0]

    def conservative(self, player_id: PlayerId) -> float:
        # Elo carries no uncertainty, so there is nothing to subtract.
        return self.rating(player_id)

    def _team_rating(self, team: Sequence[PlayerId]) -> float:
        return sum(self.rating(p) for p in team) / len(team)

    def win_probability(self, team_a: Sequence[PlayerId], team_b: Sequence[PlayerId]) -> float:
        diff = self._team_rating(team_b) - self._team_rating(team_a)
        return 1.0 / (1.0 + 10.0 ** (diff / self.scale))

    def pair_probabilities(self, teams: Teams) -> list[float]:
        """``win_probability`` for every team pair (a < b) of one table."""
        means = [self._team_rating(team) for team in teams]
        n = len(teams)
        return [
            1.0 / (1.0 + 10.0 ** ((means[b] - means[a]) / self.scale))
            for a in range(n - 1)
            for b in range(a + 1, n)
        ]

    def rate_many(self, games: Iterable[RatedGame]) -> int:
        """Rate games in order without validation or result objects."""
        state = self._state
        initial = self.initial
        k_base = self.k
        k_exponent = self.k_exponent
        newcomer_games = self.newcomer_games
        newcomer_factor = self.newcomer_factor
        # 10**(x/scale) == exp(x * ln10/scale); strengths q = 10**(R/scale)
        # turn each expectation into q_a / (q_a + q_b): k exps, not k**2.
        factor = math.log(10.0) / self.scale
        exp = math.exp
        k_for_size: dict[int, float] = {}
        count = 0
        for teams, ranks in games:
            count += 1
            n = len(teams)
            k_eff = k_for_size.get(n)
            if k_eff is None:
                k_eff = k_for_size[n] = k_base / (n - 1) ** k_exponent
            rows_by_team = []
            strength = []
            ref = None
            for team in teams:
                rows = []
                total = 0.0
                for p in team:
                    row = state.get(p)
                    if row is None:
                        row = state[p] = [initial, 0]
                    rows.append(row)
                    total += row[0]
                mean = total / len(rows)
                if ref is None:
                    ref = mean  # ratios only: offset keeps exp() in range
                rows_by_team.append(rows)
                strength.append(exp((mean - ref) * factor))
            surprise = [0.0] * n
            for a in range(n - 1):
                qa = strength[a]
                ra = ranks[a]
                for b in range(a + 1, n):
                    rb = ranks[b]
                    expected = qa / (qa + strength[b])
                    actual = 1.0 if ra < rb else (0.5 if ra == rb else 0.0)
                    surprise[a] += actual - expected
                    surprise[b] -= actual - expected
            for i in range(n):
                change = k_eff * surprise[i]
                for row in rows_by_team[i]:
                    row[0] += change * newcomer_factor if row[1] < newcomer_games else change
                    row[1] += 1
        return count
