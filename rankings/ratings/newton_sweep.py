"""The whole-history rater's refit: Gauss-Newton steps over every game, with numpy.

Each step reads every game again with every participant at their current
estimate: the Plackett-Luce log-likelihood's slope g and curvature h there
give each participant a Gaussian message (precision h, mean estimate + g/h).
Each player's messages are then combined in time order with their prior, the
precision shrinking to ``1/(1/P + tau**2)`` before each game (the random
walk); the result is their new (mu, sigma), where the next step linearises.
A team member gets the team's slope and curvature, because a team's strength
is the sum of its members'.

The messages of different games are independent given the estimates, so the
games of one table size are read as one array; only the combination runs in
time order, over every player at once (step j takes each player's j-th game).
The games are turned into arrays once per refit and read by every step.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import chain

import numpy as np

Prior = tuple[float, float]  # (mean, sd)


def refit(
    games: Sequence, *, beta: float, tau: float, prior: Prior,
    priors: dict[Hashable, tuple[float, float, int]], sweeps: int,
) -> dict[Hashable, list]:
    """``sweeps`` steps from the priors over ``games``: {player: [mu, sigma, games]}.

    ``priors`` maps the players whose chains start from a restored state to
    (mean, sd, games); everybody else starts from ``prior``.
    """
    all_teams = [teams for teams, _ in games]
    seated = chain.from_iterable(chain.from_iterable(all_teams))
    players = list(dict.fromkeys(chain(priors, seated)))
    index = {p: i for i, p in enumerate(players)}
    history = _History(games, all_teams, index, dummy=len(players))
    sd0 = np.full(len(players), float(prior[1]))
    mu0 = np.full(len(players), float(prior[0]))
    played = np.zeros(len(players), dtype=np.int64)
    for player, (mean, sd, n) in priors.items():
        mu0[index[player]], sd0[index[player]], played[index[player]] = mean, sd, n
    played += history.counts
    p0 = 1.0 / (sd0 * sd0)
    mu, sd = mu0, sd0
    for _ in range(sweeps):
        precision, weighted = history.combine(*history.messages(mu, sd, beta), p0, p0 * mu0, tau)
        mu, sd = weighted / precision, np.sqrt(1.0 / precision)
    mus, sds, ns = mu.tolist(), sd.tolist(), played.tolist()
    return {p: [mus[i], sds[i], ns[i]] for i, p in enumerate(players)}


class _History:
    """The games as arrays, grouped by their number of teams, and the time-order plan."""

    def __init__(self, games: Sequence, all_teams: list, index: dict, dummy: int) -> None:
        self.n_players = dummy
        self.groups = _shapes(games, all_teams, index, dummy)
        who = [members[members != dummy] for _, members, _ in self.groups]
        times = [np.broadcast_to(t[:, None, None], m.shape)[m != dummy] for t, m, _ in self.groups]
        player = np.concatenate(who) if who else np.zeros(0, dtype=np.intp)
        time = np.concatenate(times) if times else np.zeros(0, dtype=np.intp)
        self.counts = np.bincount(player, minlength=dummy)
        # Seats by (player, time), then by step (a player's j-th game is step j) and by
        # row (players with more games first, so those still playing at step j are a
        # prefix of the rows and step j's seats are one slice in row order).  Memory is
        # one entry per seat, whatever the spread of games per player.
        seat = np.lexsort((time, player))
        player = self.player = player[seat]
        self.seat = seat
        self.rank = np.argsort(-self.counts, kind="stable")
        row = np.empty(dummy, dtype=np.intp)
        row[self.rank] = np.arange(dummy)
        first = np.cumsum(self.counts) - self.counts
        step = np.arange(len(player)) - first[player]
        self.by_step = seat[np.lexsort((row[player], step))]
        width = int(self.counts.max()) if dummy else 0
        self.active = np.searchsorted(-self.counts[self.rank], -np.arange(width), side="left")
        self.offsets = np.concatenate(([0], np.cumsum(self.active)))

    def messages(self, mu: np.ndarray, sd: np.ndarray, beta: float):
        """Every seat's (h, precision-weighted mean h*mu + g) at estimates ``mu``, ``sd``."""
        mu_ext, sd_ext = np.append(mu, 0.0), np.append(sd, 0.0)
        hs, gs = [], []
        for _, members, ranks in self.groups:
            h, g = _messages(members, ranks, mu_ext, sd_ext, beta * beta)
            real = members != self.n_players
            h = np.broadcast_to(h[:, :, None], members.shape)
            hs.append(h[real])
            gs.append((h * mu_ext[members] + g[:, :, None])[real])
        if not hs:
            return np.zeros(0), np.zeros(0)
        return np.concatenate(hs), np.concatenate(gs)

    def combine(self, h, g, p0, m0, tau):
        """Each player's messages in time order onto their prior: (precision, precision * mean)."""
        tau2 = tau * tau
        if not tau2:  # no random walk: the messages simply add up
            n = self.n_players
            return (p0 + np.bincount(self.player, h[self.seat], n),
                    m0 + np.bincount(self.player, g[self.seat], n))
        hs, gs = h[self.by_step], g[self.by_step]
        p, m = p0[self.rank], m0[self.rank]
        for n, start in zip(self.active.tolist(), self.offsets.tolist(), strict=False):
            shrink = 1.0 / (1.0 + p[:n] * tau2)
            p[:n] = p[:n] * shrink + hs[start:start + n]
            m[:n] = m[:n] * shrink + gs[start:start + n]
        precision, weighted = np.empty_like(p), np.empty_like(m)
        precision[self.rank], weighted[self.rank] = p, m
        return precision, weighted


def _shapes(games: Sequence, all_teams: list, index: dict, dummy: int) -> list[tuple]:
    """Games grouped by their number of teams: (times, member ids, ranks) as arrays.

    Member ids are (games, teams, members), every team padded to the largest
    team with ``dummy``.  Flattened with C-level iteration, no loop per game:
    a loop per game in Python took longer than the maths.
    """
    if not games:
        return []
    k = np.fromiter(map(len, all_teams), dtype=np.intp, count=len(games))
    teams = list(chain.from_iterable(all_teams))
    ids = np.array(list(map(index.__getitem__, chain.from_iterable(teams))), dtype=np.intp)
    if len(ids) == len(teams):  # every team is one player (no team is empty)
        members = ids[:, None]
    else:
        sizes = np.fromiter(map(len, teams), dtype=np.intp, count=len(teams))
        members = np.full((len(teams), int(sizes.max())), dummy, dtype=np.intp)
        team_of = np.repeat(np.arange(len(teams)), sizes)
        first = np.repeat(np.cumsum(sizes) - sizes, sizes)
        members[team_of, np.arange(len(ids)) - first] = ids
    ranks = np.fromiter(
        chain.from_iterable(ranks for _, ranks in games), dtype=float, count=len(teams))
    game_first = np.cumsum(k) - k
    groups = []
    for size in np.unique(k).tolist():
        times = np.flatnonzero(k == size)
        seats = game_first[times][:, None] + np.arange(size)
        groups.append((times, members[seats], ranks[seats]))
    return groups


def _messages(who, ranks, mu, sd, beta2):
    """Per team of each game: the log-likelihood's curvature h and slope g at ``mu``.

    ``who`` is (games, teams, members) player indices, ``ranks`` (games, teams).
    Teams are read best first; teams that tie share each choice (as the
    one-pass Plackett-Luce update does).
    """
    n, k, _ = who.shape
    order = np.argsort(ranks, axis=1, kind="stable")
    who = np.take_along_axis(who, order[:, :, None], axis=1)
    ranks = np.take_along_axis(ranks, order, axis=1)
    team_mu = mu[who].sum(axis=2)
    inv_c = 1.0 / np.sqrt(k * beta2 + (sd[who] ** 2).sum(axis=(1, 2)))
    e = np.exp((team_mu - team_mu.max(axis=1, keepdims=True)) * inv_c[:, None])
    suffix = np.cumsum(e[:, ::-1], axis=1)[:, ::-1]
    starts = np.ones((n, k), dtype=bool)
    starts[:, 1:] = ranks[:, 1:] != ranks[:, :-1]
    inv = np.where(starts, 1.0 / suffix, 0.0)
    a = np.cumsum(inv, axis=1)
    b = np.cumsum(inv * inv, axis=1)
    group = np.cumsum(starts, axis=1)
    share = 1.0 / (group[:, :, None] == group[:, None, :]).sum(axis=2)
    curve = e * (a - e * b) * (inv_c * inv_c)[:, None]
    slope = (share - e * a) * inv_c[:, None]
    # Back in the order the teams came in, so they line up with the unsorted ids.
    back = np.argsort(order, axis=1)
    return np.take_along_axis(curve, back, axis=1), np.take_along_axis(slope, back, axis=1)
