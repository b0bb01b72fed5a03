"""A season's (or a night's) standings from its games: pure, deterministic."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from league.standings_config import StandingsConfig
from rankings.standings.results import GameResult
from rankings.standings.schemes import game_points
from rankings.standings.tiebreaks import order_tied


@dataclass
class Line:
    """One player's standings line; ``rank`` and ``tiebreak`` are set by `rank_lines`."""

    player_id: int
    points: float = 0.0
    games: int = 0
    nights: int = 0
    counted_nights: int = 0
    total_score: float = 0.0
    total_points: float = 0.0
    places: dict[int, int] = field(default_factory=dict)
    qualified: bool = True
    rank: int = 0
    tiebreak: str = ""
    # (game_id, rank, other players' ranks) for head-to-head between tied players
    meetings: list[tuple[int, float, dict[int, float]]] = field(default_factory=list)

    @property
    def average_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.total_points / self.games if self.games else 0.0

    @property
    def firsts(self) -> int:
        return self.places.get(1, 0)

    @property
    def seconds(self) -> int:
        return self.places.get(2, 0)

    @property
    def thirds(self) -> int:
        return self.places.get(3, 0)


def compute_standings(games: Iterable[GameResult], config: StandingsConfig) -> list[Line]:
    """Ranked lines: qualified players first, the rest after them, best first."""
    lines: dict[int, Line] = {}
    night_points: dict[int, dict] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    for game in games:
        _add_game(game, config, lines, night_points)
    for player_id, line in lines.items():
        _finish(line, night_points[player_id], config)
    return rank_lines(list(lines.values()), config)


def _add_game(game, config, lines, night_points) -> None:
    points = game_points(game, config)
    ranks = {p: side.rank for side in game.sides for p in side.players}
    night = game.night if game.night is not None else ("game", game.game_id)
    for side, value in zip(game.sides, points, strict=True):
        place, weight = int(side.rank), side.games
        for player_id in side.players:
            line = lines.setdefault(player_id, Line(player_id))
            line.games += weight
            line.total_score += side.score * weight
            line.total_points += value * weight
            line.places[place] = line.places.get(place, 0) + weight
            others = {q: r for q, r in ranks.items() if q not in side.players}
            line.meetings.append((game.game_id, side.rank, others))
            bucket = night_points[player_id][night]
            bucket[0] += value * weight
            bucket[1] += weight


def _finish(line: Line, nights: dict, config: StandingsConfig) -> None:
    line.nights = len(nights)
    buckets = sorted(nights.values(), key=lambda b: b[0], reverse=True)
    if config.best_nights is not None:
        buckets = buckets[: config.best_nights]
    line.counted_nights = len(buckets)
    points = sum(b[0] for b in buckets)
    games = sum(b[1] for b in buckets)
    line.points = points / games if config.aggregate == "average" and games else points
    line.qualified = line.games >= config.min_games and line.nights >= config.min_nights


def rank_lines(lines: list[Line], config: StandingsConfig) -> list[Line]:
    """Order by points then the tie-break chain; still-equal players share a rank."""
    ranked: list[Line] = []
    for qualified in (True, False):
        group = [line for line in lines if line.qualified is qualified]
        by_points: dict[float, list[Line]] = defaultdict(list)
        for line in group:
            by_points[round(line.points, 9)].append(line)
        for value in sorted(by_points, reverse=True):
            for tied in order_tied(by_points[value], config.tiebreaks, config.lower_wins):
                rank = len(ranked) + 1
                for line in sorted(tied, key=lambda ln: ln.player_id):
                    line.rank = rank
                    ranked.append(line)
    return ranked
