"""Reads for one player's page in one rating pool: where they stand, their peak, how each
night went against what the ratings expected, and their chances against an opponent.

The engine that rates the pool (`pool_rater`) also answers the probabilities, so a page
about an Elo pool speaks Elo and one about a Thurstone-Mosteller pool speaks that.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from league.models import Player
from rankings.models import RatingHistory, RatingPool
from rankings.ratings import PlayerState
from rankings.selectors_leaderboard import LeaderRow, pool_leaderboard
from rankings.services.ratings.duplicate import game_as_rated
from rankings.services.ratings.games import identity_map
from rankings.services.ratings.pools import pool_rater
from tournaments.models import TableResult


def percentile(value: float, others: list[float]) -> float | None:
    """The share of the other players rated below `value`, in percent; ties count half."""
    if not others:
        return None
    below = sum(1 for other in others if other < value)
    level = sum(1 for other in others if other == value)
    return 100.0 * (below + level / 2) / len(others)


@dataclass(frozen=True)
class Peak:
    rating: float | None = None
    rating_at: datetime | None = None
    percentile: float | None = None
    percentile_at: datetime | None = None


@dataclass
class NightLine:
    """One night of the player's in the pool: places the ratings expected against places won."""

    event_id: int
    name: str
    date: date
    games: int = 0
    expected: float = 0.0  # sums over the night's games; the page shows averages
    actual: float = 0.0

    @property
    def expected_place(self) -> float:
        return self.expected / self.games

    @property
    def actual_place(self) -> float:
        return self.actual / self.games

    @property
    def gain(self) -> float:
        """Places better than expected (negative: worse)."""
        return self.expected_place - self.actual_place


@dataclass
class Standing:
    row: LeaderRow
    rank: int
    size: int
    percentile: float | None
    rows: list[LeaderRow] = field(default_factory=list)  # the whole leaderboard


def pool_standing(pool: RatingPool, player: Player, *,
                  exclude: frozenset[int] = frozenset()) -> Standing | None:
    """The player's line in the pool's leaderboard and their percentile, or None
    (``exclude``: players the viewer may not see, as in `pool_leaderboard`)."""
    rows = pool_leaderboard(pool, exclude=exclude)
    mine = next((row for row in rows if row.player.pk == player.pk), None)
    if mine is None:
        return None
    others = [row.rating for row in rows if row.player.pk != player.pk]
    return Standing(mine, mine.rank, len(rows), percentile(mine.rating, others), rows)


def peak(pool: RatingPool, player: Player, *, exclude: frozenset[int] = frozenset()) -> Peak:
    """The player's best rating after any game, and their best percentile at that moment.

    Replays the pool's history once, keeping everyone's rating in a sorted list, so each
    of the player's games costs two binary searches (uncertainty grown for time away does
    not move μ, so the peaks are those of the leaderboard's number). Only the two peak
    games' times are read, at the end: parsing a time per row was a fifth of the cost.
    Players in ``exclude`` (hidden from the viewer) do not count in the percentile.
    """
    rows = (RatingHistory.objects.filter(pool=pool).order_by("played_at", "game_order")
            .values_list("game_order", "player_id", "mu_after"))
    current: dict[int, float] = {}
    ordered: list[float] = []
    best = [None, None, None, None]  # rating, its game, percentile, its game
    pending = None  # (game, rating) of the player's game until that game is done
    for game, player_id, mu in rows.iterator(chunk_size=20_000):
        if pending and pending[0] != game:
            _better(best, pending, ordered)
            pending = None
        if player_id in exclude:
            continue
        if player_id in current:
            del ordered[bisect.bisect_left(ordered, current[player_id])]
        current[player_id] = mu
        bisect.insort(ordered, mu)
        if player_id == player.pk:
            pending = (game, mu)
    if pending:
        _better(best, pending, ordered)
    when = dict(RatingHistory.objects.filter(
        pool=pool, player=player, game_order__in=[best[1], best[3]]).values_list(
        "game_order", "played_at"))
    return Peak(best[0], when.get(best[1]), best[2], when.get(best[3]))


def _better(best: list, pending: tuple, ordered: list[float]) -> None:
    game, mu = pending
    others = len(ordered) - 1
    below = bisect.bisect_left(ordered, mu)
    level = bisect.bisect_right(ordered, mu) - below - 1
    if best[0] is None or mu > best[0]:
        best[0:2] = [mu, game]
    if others and (best[2] is None or 100.0 * (below + level / 2) / others > best[2]):
        best[2:4] = [100.0 * (below + level / 2) / others, game]


def nights(pool: RatingPool, player: Player) -> list[NightLine]:
    """Per night, newest first: the average place the ratings before each game expected,
    and the average place won. A place is 1 + the chances of each other side to finish
    ahead, so two sides of equal ratings expect 1.5 each."""
    game_ids = list(RatingHistory.objects.filter(pool=pool, player=player, game__isnull=False)
                    .values_list("game_id", flat=True))
    before = defaultdict(dict)
    for game_id, player_id, mu, sigma, games in RatingHistory.objects.filter(
            pool=pool, game_id__in=game_ids).values_list(
            "game_id", "player_id", "mu_before", "sigma_before", "games_before"):
        before[game_id][player_id] = PlayerState(mu, sigma, games)
    lines: dict[int, NightLine] = {}
    identities = identity_map(pool)  # a federation's pool rates each person once
    games = (TableResult.objects.filter(pk__in=game_ids)
             .select_related("table__round__event").prefetch_related("table__seats"))
    for game in games:
        expected, actual = _places(pool, game, player.pk, before[game.pk], identities)
        if expected is None:
            continue
        event = game.table.round.event
        line = lines.setdefault(event.pk, NightLine(event.pk, event.name, event.date))
        line.games += 1
        line.expected += expected
        line.actual += actual
    return sorted(lines.values(), key=lambda line: (line.date, line.event_id), reverse=True)


def _places(pool, game, player_id: int, states: dict,
            identities: dict[int, int]) -> tuple[float | None, float | None]:
    rated = game_as_rated(game, identities)  # a duplicate night: the whole night
    side = next((i for i, team in enumerate(rated.teams) if player_id in team), None) \
        if rated else None
    if side is None:
        return None, None
    rater = pool_rater(pool)
    for pid, state in states.items():
        rater.set(pid, state)
    mine = rated.teams[side]
    expected = 1.0 + sum(1.0 - rater.win_probability(mine, other)
                         for i, other in enumerate(rated.teams) if i != side)
    return expected, rated.ranks[side]


def win_chance(pool: RatingPool, me: LeaderRow, opponent: LeaderRow) -> float:
    """P(me ahead of opponent) at one table, by the pool's engine, on today's ratings
    (uncertainty grown for time away included)."""
    rater = pool_rater(pool)
    for row in (me, opponent):
        rater.set(row.player.pk, PlayerState(row.view.mu, row.view.sigma, row.view.games))
    return rater.win_probability([me.player.pk], [opponent.player.pk])
