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
The games are kept as arrays between refits (``GameArrays``): each refit
turns only the games added since the previous one into arrays and appends them.

Two layouts make a refit cheap without changing a float of it.  A shape's arrays
are (teams, members, games): the sums and running sums over a table's few teams
are a handful of operations on whole rows, not reductions along a short axis.
And the players are numbered by games played, most first, in a refit: the
players with a j-th game are then the first ones, so step j of the combination
reads and writes a slice, and each seat's message is written straight to its
place in step order (``_History.to_step``), with no sort by step.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import chain

import numpy as np

Prior = tuple[float, float]  # (mean, sd)
# Games per block of a step's messages: a block's temporaries stay in the CPU's cache
# and in memory the allocator keeps, where whole-history arrays would be fresh pages
# (page faults) on every operation. Elementwise per game, so no float depends on it.
CHUNK = 16384


def refit(
    games: Sequence, *, beta: float, tau: float, prior: Prior,
    priors: dict[Hashable, tuple[float, float, int]], sweeps: int,
) -> dict[Hashable, list]:
    """``sweeps`` steps from the priors over ``games``: {player: [mu, sigma, games]}.

    ``priors`` maps the players whose chains start from a restored state to
    (mean, sd, games); everybody else starts from ``prior``.
    """
    arrays = GameArrays()
    arrays.extend(games)
    return refit_arrays(arrays, beta=beta, tau=tau, prior=prior, priors=priors, sweeps=sweeps)


def refit_arrays(
    arrays: GameArrays, *, beta: float, tau: float, prior: Prior,
    priors: dict[Hashable, tuple[float, float, int]], sweeps: int,
) -> dict[Hashable, list]:
    """``refit`` over every game ``arrays`` holds (the games given to it so far)."""
    for player in priors:
        arrays.add_player(player)
    players, index = arrays.players, arrays.index
    history = _History(arrays)
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
    # Players who have neither a game here nor a restored state are left out (a player
    # indexed for a prior of an earlier refit always has one of the two).
    return {p: [mus[i], sds[i], ns[i]] for i, p in enumerate(players)}


class GameArrays:
    """Every game given so far as arrays, grown by each ``extend``, never rebuilt.

    Games are grouped by shape: (number of teams, largest team), each team
    padded to the largest with -1, which reads the appended dummy (mean 0,
    sd 0) of the estimates; a shape's arrays are (teams, members, games), games
    last.  The shape is the game's own, so the arrays are the same however the
    games were split between calls (a refit's floats must not depend on when
    earlier refits happened).  Each seat also has a number in time order, and
    in that order its player and step (how many games the player had before),
    so a refit needs no sort by time.
    """

    def __init__(self) -> None:
        self.index: dict[Hashable, int] = {}
        self.players: list[Hashable] = []
        self.n_games = 0
        # shape -> (seat numbers, members, ranks, tie starts, shares), teams best first
        self.groups: dict[tuple[int, int], tuple] = {}
        self.seat_player = np.zeros(0, dtype=np.intp)
        self.seat_step = np.zeros(0, dtype=np.intp)
        self._counts = np.zeros(0, dtype=np.intp)  # games per player so far

    def add_player(self, player: Hashable) -> None:
        if player not in self.index:
            self.index[player] = len(self.players)
            self.players.append(player)

    def extend(self, games: Sequence) -> None:
        if not games:
            return
        all_teams = [teams for teams, _ in games]
        for player in dict.fromkeys(chain.from_iterable(chain.from_iterable(all_teams))):
            self.add_player(player)
        ids, shapes = _shapes(games, all_teams, self.index)
        first_seat = len(self.seat_player)
        for shape, (seat_no, members, ranks) in shapes.items():
            new = (np.where(seat_no >= 0, seat_no + first_seat, -1), members, *_ties(ranks))
            new = tuple(np.ascontiguousarray(np.moveaxis(a, 0, -1)) for a in new)
            old = self.groups.get(shape)
            if old is not None:
                new = tuple(np.concatenate((a, b), axis=-1)
                            for a, b in zip(old, new, strict=True))
            self.groups[shape] = new
        counts = np.zeros(len(self.players), dtype=np.intp)
        counts[:len(self._counts)] = self._counts
        # A seat's step: the player's games before this chunk, plus those earlier in it.
        order = _stable_order(ids)
        run = np.arange(len(ids)) - np.searchsorted(ids[order], ids[order])
        step = np.empty_like(ids)
        step[order] = counts[ids[order]] + run
        self.seat_player = np.concatenate((self.seat_player, ids))
        self.seat_step = np.concatenate((self.seat_step, step))
        self._counts = counts + np.bincount(ids, minlength=len(counts))
        self.n_games += len(games)


class _History:
    """The games' arrays and the step-order plan of one refit."""

    def __init__(self, arrays: GameArrays) -> None:
        self.n_players = n_players = len(arrays.players)
        self.groups = [arrays.groups[shape] for shape in sorted(arrays.groups)]
        player, step = arrays.seat_player, arrays.seat_step
        self.counts = np.bincount(player, minlength=n_players)
        # Players by games played, most first: those with a j-th game are the first
        # `per_step[j]`, so step j of the combination is a slice of them.
        self.by_games = np.argsort(-self.counts, kind="stable")
        place = np.empty(n_players, dtype=np.intp)
        place[self.by_games] = np.arange(n_players)
        per_step = np.bincount(step)
        ends = np.cumsum(per_step)
        self.bounds = ends.tolist()
        # Where each seat's message goes in step order (seats in time order), and per
        # group, shaped like its seats (padding -1).
        to_step = (ends - per_step)[step] + place[player]
        self.to_step = [np.where(seat_no >= 0, to_step[seat_no], -1)
                        for seat_no, *_ in self.groups]
        self.step_player = np.empty_like(player)
        self.step_player[to_step] = player

    def messages(self, mu: np.ndarray, sd: np.ndarray, beta: float):
        """Every seat's (h, precision-weighted mean h*mu + g) at estimates ``mu``, ``sd``,
        in step order (a player's j-th game in step j)."""
        mu_ext, sd_ext = np.append(mu, 0.0), np.append(sd, 0.0)  # index -1: the dummy
        size = len(self.step_player)
        hs, gs = np.empty(size), np.empty(size)
        for (_, *group), to_step in zip(self.groups, self.to_step, strict=True):
            for start in range(0, to_step.shape[-1], CHUNK):
                block = slice(start, start + CHUNK)
                members, starts, share = (a[..., block] for a in group)
                seat_mu = mu_ext[members]
                h, g = _messages(seat_mu, members, starts, share, sd_ext, beta * beta)
                if members.shape[1] == 1:  # one player per team: no padding to drop
                    where = to_step[:, 0, block]
                    hs[where], gs[where] = h, h * seat_mu[:, 0] + g
                else:
                    h = np.broadcast_to(h[:, None, :], members.shape)
                    g = h * seat_mu + g[:, None, :]
                    real = members >= 0
                    where = to_step[..., block][real]
                    hs[where], gs[where] = h[real], g[real]
        return hs, gs

    def combine(self, h, g, p0, m0, tau):
        """Each player's messages (in step order) in time order onto their prior:
        (precision, precision * mean)."""
        tau2 = tau * tau
        n = self.n_players
        if not tau2:  # no random walk: the messages simply add up (each player's in order)
            return (p0 + np.bincount(self.step_player, h, n),
                    m0 + np.bincount(self.step_player, g, n))
        p, m = p0[self.by_games], m0[self.by_games]
        scratch = np.empty(n)
        start = 0
        # In place, on the first `count` players (those with a game at this step): each
        # player's p <- p / (1 + p tau2) + h, m <- m / (1 + p tau2) + g, in these operations.
        for end in self.bounds:
            count = end - start
            pw, mw, shrink = p[:count], m[:count], scratch[:count]
            np.multiply(pw, tau2, out=shrink)
            shrink += 1.0
            np.divide(1.0, shrink, out=shrink)
            pw *= shrink
            pw += h[start:end]
            mw *= shrink
            mw += g[start:end]
            start = end
        precision, weighted = np.empty(n), np.empty(n)
        precision[self.by_games], weighted[self.by_games] = p, m
        return precision, weighted


def _stable_order(values: np.ndarray) -> np.ndarray:
    """``argsort(values, kind="stable")`` of small non-negative integers: numpy's radix
    sort (linear) when they fit 16 bits, as player numbers and steps mostly do."""
    if len(values) and values.max() < 2**16:
        values = values.astype(np.uint16)
    return np.argsort(values, kind="stable")


def _shapes(games: Sequence, all_teams: list, index: dict) -> tuple[np.ndarray, dict]:
    """The seats' players in time order, and the games grouped by shape:
    {(teams, largest team): (seat numbers, member ids, ranks)} as arrays.

    Seat numbers and member ids are (games, teams, members), teams sorted
    best first, every team padded to the game's largest team with -1.
    Flattened with C-level iteration, no loop per game: a loop per game in
    Python took longer than the maths.
    """
    k = np.fromiter(map(len, all_teams), dtype=np.intp, count=len(games))
    teams = list(chain.from_iterable(all_teams))
    ids = np.array(list(map(index.__getitem__, chain.from_iterable(teams))), dtype=np.intp)
    sizes = np.fromiter(map(len, teams), dtype=np.intp, count=len(teams))
    game_first = np.cumsum(k) - k
    if len(ids) == len(teams):  # every team is one player (no team is empty)
        seat_no = np.arange(len(ids))[:, None]
        width = np.ones(len(games), dtype=np.intp)
    else:
        seat_no = np.full((len(teams), int(sizes.max())), -1, dtype=np.intp)
        team_of = np.repeat(np.arange(len(teams)), sizes)
        first = np.repeat(np.cumsum(sizes) - sizes, sizes)
        seat_no[team_of, np.arange(len(ids)) - first] = np.arange(len(ids))
        width = np.maximum.reduceat(sizes, game_first)
    members = np.where(seat_no >= 0, ids[seat_no], -1)
    ranks = np.fromiter(
        chain.from_iterable(ranks for _, ranks in games), dtype=float, count=len(teams))
    groups = {}
    # The shapes present, by counting (np.unique over rows sorted every game).
    key = k * (int(width.max()) + 1) + width
    for shape in np.flatnonzero(np.bincount(key)).tolist():
        times = np.flatnonzero(key == shape)
        size, wide = int(k[times[0]]), int(width[times[0]])
        seats = game_first[times][:, None] + np.arange(size)
        # Teams best first (stable among ties), once: every step reads them in that order.
        order = np.argsort(ranks[seats], axis=1, kind="stable")
        seats = np.take_along_axis(seats, order, axis=1)
        groups[(size, wide)] = (
            seat_no[seats][:, :, :wide], members[seats][:, :, :wide], ranks[seats])
    return ids, groups


def _ties(ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For ranks sorted best first (games, teams): where each tied group starts, and
    each team's share of its group's choices (1 / the group's size)."""
    n, k = ranks.shape
    starts = np.ones((n, k), dtype=bool)
    starts[:, 1:] = ranks[:, 1:] != ranks[:, :-1]
    group = np.cumsum(starts, axis=1)
    share = 1.0 / (group[:, :, None] == group[:, None, :]).sum(axis=2)
    return starts, share


def _sum_rows(rows: np.ndarray) -> np.ndarray:
    """``rows.sum(axis=0)`` added in the order numpy adds a contiguous run of that many
    numbers (one by one below 8, pairwise from 8), as it did when a game's numbers were
    contiguous: the floats must not depend on the layout."""
    if len(rows) >= 8:
        return np.ascontiguousarray(rows.T).sum(axis=1)
    total = rows[0].copy()
    for row in rows[1:]:
        total += row
    return total


def _running_sum(rows: np.ndarray) -> np.ndarray:
    """``np.cumsum(rows, axis=0)``, row by row: numpy's own walks each column in turn,
    about 15 times slower on a few long rows; the same additions in the same order."""
    total = np.empty_like(rows)
    total[0] = rows[0]
    for i in range(1, len(rows)):
        np.add(total[i - 1], rows[i], out=total[i])
    return total


def _messages(seat_mu, who, starts, share, sd, beta2):
    """Per team of each game: the log-likelihood's curvature h and slope g at the estimates.

    ``seat_mu`` and ``who`` are (teams, members, games): each member's
    estimate and player index, teams sorted best first when the games were
    added (``_shapes``), so ``starts`` and ``share`` (``_ties``, (teams, games))
    are fixed; teams that tie share each choice (as the one-pass Plackett-Luce
    update does).  Each sum over the teams is a few operations on whole rows.
    """
    k, w, n = who.shape
    team_mu = (seat_mu[:, 0] if w == 1 else
               _sum_rows(np.moveaxis(seat_mu, 1, 0).reshape(w, k * n)).reshape(k, n))
    inv_c = 1.0 / np.sqrt(k * beta2 + _sum_rows((sd[who] ** 2).reshape(k * w, n)))
    e = np.exp((team_mu - team_mu.max(axis=0)) * inv_c)
    suffix = _running_sum(e[::-1])[::-1]
    inv = np.where(starts, 1.0 / suffix, 0.0)
    a = _running_sum(inv)
    b = _running_sum(inv * inv)
    curve = e * (a - e * b) * (inv_c * inv_c)
    slope = (share - e * a) * inv_c
    return curve, slope
