"""Reads for a player's page from the stored statistics rows (`rankings.services.player_stats`).

Every read here costs the same whatever the club's history: totals are one row
per club, results and head-to-head are read a page at a time, and the rating
chart reads a bounded number of history values, never a game's record.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, OuterRef, QuerySet, Subquery, Sum

from league import permissions
from league.game_titles import game_title
from league.models import Player
from rankings.charts import ChartPoint
from rankings.models import HeadToHead, PlayerGameStat, PlayerStats, RatingPool
from rankings.services.player_stats import TOTALS
from rankings.standings import HandStats

CHART_POINTS = 250  # the rating chart shows the most recent games, up to this many


def player_club_ids(player: Player, *, subject) -> list[int]:
    """The visible clubs where the player has statistics or ratings."""
    visible = permissions.visible_clubs(subject).values("pk")
    played = PlayerStats.objects.filter(player=player, club__in=visible).values_list(
        "club_id", flat=True).order_by()
    rated = RatingPool.objects.filter(ratings__player=player, club__in=visible).values_list(
        "club_id", flat=True).order_by()
    # No ORDER BY inside a UNION: SQLite (the embedded default) refuses it.
    return sorted(set(played.union(rated)))


def player_totals(player: Player, club_ids: list[int]) -> HandStats:
    """The player's bidding statistics summed over the clubs."""
    stats = HandStats()
    for row in PlayerStats.objects.filter(player=player, club_id__in=club_ids):
        for name in TOTALS:
            setattr(stats, name, getattr(stats, name) + getattr(row, name))
        for cards, counts in row.by_size.items():
            size = stats.by_size[int(cards)]
            for i, count in enumerate(counts):
                size[i] += count
    return stats


@dataclass(frozen=True)
class GameLine:
    """A player's games of one rules game, summed over the clubs (`PlayerStats.by_game`)."""

    game_name: str
    games: int
    firsts: int
    hands: int
    scored: int
    score: float
    best: float | None
    places: float

    @property
    def title(self) -> str:
        return game_title(self.game_name)

    @property
    def average_score(self) -> float | None:
        return self.score / self.scored if self.scored else None

    @property
    def average_place(self) -> float | None:
        return self.places / self.scored if self.scored else None


def player_games_by_game(player: Player, club_ids: list[int]) -> list[GameLine]:
    """The player's lines per rules game, most played first (one row read per club)."""
    merged: dict[str, dict] = {}
    for by_game in PlayerStats.objects.filter(player=player, club_id__in=club_ids).values_list(
            "by_game", flat=True):
        for name, line in by_game.items():
            into = merged.setdefault(name, {**line, "games": 0, "firsts": 0, "hands": 0,
                                            "scored": 0, "score": 0.0, "places": 0.0})
            for key in ("games", "firsts", "hands", "scored", "score", "places"):
                into[key] += line[key]
            bests = [b for b in (into["best"], line["best"]) if b is not None]
            into["best"] = max(bests) if bests else None
    lines = [GameLine(game_name=name, **line) for name, line in merged.items()]
    return sorted(lines, key=lambda line: (-line.games, line.title))


def player_results(player: Player, club_ids: list[int]) -> QuerySet[PlayerGameStat]:
    """The player's attributed games, newest first, with the night they were played at."""
    # The night comes from subqueries, not joins: the outer query then walks the
    # (player, -played_at, -id) index and stops after one page, the subqueries run for
    # that page's rows only, and the paginator's count (which drops unused annotations)
    # counts index entries without touching games, tables, rounds or nights.
    games = PlayerGameStat._meta.get_field("game").related_model.objects  # no app import
    game = games.filter(pk=OuterRef("game_id"))
    return PlayerGameStat.objects.filter(
        player=player, club_id__in=club_ids, game__isnull=False, score__isnull=False,
    ).annotate(
        event_id=Subquery(game.values("table__round__event_id")[:1]),
        event_name=Subquery(game.values("table__round__event__name")[:1]),
        table_id=Subquery(game.values("table_id")[:1]),
    ).order_by("-played_at", "-id")


def player_rivals(player: Player, club_ids: list[int]) -> QuerySet:
    """Head-to-head per opponent over the clubs, most met first."""
    return HeadToHead.objects.filter(player=player, club_id__in=club_ids).values(
        "opponent_id", name=F("opponent__display_name"),
    ).annotate(
        games=Sum("games"), ahead=Sum("ahead"), behind=Sum("behind"), level=Sum("level"),
    ).order_by("-games", "opponent_id")


def opponent_names(rows) -> dict[int, str]:
    """Display names of everyone named in a page of result rows (one query)."""
    ids = {other for row in rows for other in row.others}
    return dict(Player.objects.filter(pk__in=ids).values_list("pk", "display_name"))


def chart_points(player: Player, pools: list[RatingPool]) -> dict[int, list[ChartPoint]]:
    """The latest rating states per pool as chart points, from the history rows' values only."""
    points: dict[int, list[ChartPoint]] = defaultdict(list)
    for pool in pools:
        rows = pool.history.filter(player=player).order_by(
            "-played_at", "-game_order").values_list(
            "played_at", "mu_after", "sigma_after")[:CHART_POINTS]
        points[pool.pk] = [ChartPoint(*row) for row in reversed(rows)]
    return points
