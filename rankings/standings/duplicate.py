"""Duplicate scoring: matchpoints, Neuberg's factoring, datum and the night's percentages.

On a duplicate night every table of a round plays the same boards (written deals), and a
result is compared only with the results of those who held the same cards: the same seat
(or, in partnership games, the same direction: the same team of the game's `teams`) on
the same board. That set of results is a *comparison group*.

- **Matchpoints.** Within a group each result scores 1 for every result it beats and 1/2
  for every one it ties; a group of k results shares k(k-1)/2 points, and the top on the
  board is k-1.
- **Neuberg.** When boards were played different numbers of times (a table stopped early,
  a round had fewer tables), a result in a group of n is factored up to the night's
  largest group N: MP' = (MP + 1/2)·N/n − 1/2, so every board's top is N−1.
- **Percentage.** A player's matchpoints over the night divided by the most they could
  have scored (N−1 per board they played), times 100. The night is ranked by it.
- **Datum.** The board's mean score in the group is its datum; the difference of a
  result from it is turned into datum points through `DATUM_SCALE`, a fixed scale in the
  game's own points (so it reads like bridge's IMPs: small differences count little, a
  big swing counts more, but never without limit). Shown beside the percentage; it does
  not rank.

Pure Python: `rankings.selectors_duplicate` reads the stored hands into `BoardResult`s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from rankings.standings.results import GameResult, Side

# (smallest absolute difference from the datum, datum points) in the game's points: a
# difference of 0 to under 1 scores 0, 1 to under 2 scores 1, ..., 150 or more 13.
DATUM_SCALE = ((1, 1), (2, 2), (4, 3), (6, 4), (9, 5), (13, 6), (18, 7), (25, 8),
               (35, 9), (50, 10), (70, 11), (100, 12), (150, 13))


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One side's score on one board: `group` is the seat (or the team's index in the
    game's teams) whose cards it held; `side` the players who held them."""

    round: int
    board: int
    group: int
    side: tuple[int, ...]
    score: float


@dataclass
class DuplicateLine:
    """One player's line of a duplicate night; `rank` is set by `duplicate_standings`."""

    player_id: int
    matchpoints: float = 0.0
    top: float = 0.0  # the most they could have scored on the boards they played
    boards: int = 0
    datum: int = 0
    rank: int = 0
    board_points: list = field(default_factory=list)  # (round, board, MP', top)

    @property
    def percentage(self) -> float:
        return 100.0 * self.matchpoints / self.top if self.top else 50.0

    @property
    def points(self) -> float:
        """What a night's standings call points: the percentage, to two places."""
        return round(self.percentage, 2)


def matchpoints(scores: list[float], lower_wins: bool = False) -> list[float]:
    """Each score's matchpoints in its group: 1 per score beaten, 1/2 per score tied."""
    sign = -1 if lower_wins else 1
    return [sum(1.0 if sign * (mine - other) > 0 else 0.5 if mine == other else 0.0
                for j, other in enumerate(scores) if j != i)
            for i, mine in enumerate(scores)]


def neuberg(mp: float, n: int, most: int) -> float:
    """Matchpoints scored in a group of `n` results, factored to a group of `most`."""
    if n <= 0 or most <= 0:
        raise ValueError("a group has at least one result")
    return (mp + 0.5) * most / n - 0.5


def datum_points(difference: float) -> int:
    """Datum points for a result `difference` points above (+) or below (−) the datum."""
    size = abs(difference)
    points = 0
    for least, value in DATUM_SCALE:
        if size + 1e-9 >= least:
            points = value
    return points if difference >= 0 else -points


def board_groups(results: Iterable[BoardResult]) -> dict[tuple, list[BoardResult]]:
    """The comparison groups: (round, board, group) -> its results."""
    groups: dict[tuple, list[BoardResult]] = defaultdict(list)
    for result in results:
        groups[(result.round, result.board, result.group)].append(result)
    return dict(groups)


@dataclass(frozen=True, slots=True)
class Scored:
    """A result with its (factored) matchpoints, the board's top and its datum points."""

    result: BoardResult
    matchpoints: float
    top: int
    datum: int


def score_boards(results: Iterable[BoardResult], *, lower_wins: bool = False
                 ) -> list[Scored]:
    """Every result scored in its comparison group, factored to the night's largest."""
    groups = board_groups(results)
    most = max((len(group) for group in groups.values()), default=0)
    scored = []
    for _key, group in sorted(groups.items()):
        scores = [r.score for r in group]
        mean = sum(scores) / len(scores)
        for result, mp in zip(group, matchpoints(scores, lower_wins), strict=True):
            factored = neuberg(mp, len(group), most) if len(group) < most else mp
            swing = (mean - result.score) if lower_wins else (result.score - mean)
            scored.append(Scored(result, factored, most - 1, datum_points(swing)))
    return scored


def duplicate_standings(results: Iterable[BoardResult], *, lower_wins: bool = False
                        ) -> list[DuplicateLine]:
    """The night's lines, best percentage first; equal percentages share a rank."""
    lines: dict[int, DuplicateLine] = {}
    for item in score_boards(results, lower_wins=lower_wins):
        result = item.result
        for player in result.side:
            line = lines.setdefault(player, DuplicateLine(player))
            line.matchpoints += item.matchpoints
            line.top += item.top
            line.boards += 1
            line.datum += item.datum
            line.board_points.append((result.round, result.board, item.matchpoints, item.top))
    return _ranked(list(lines.values()))


def night_sides(results: Iterable[BoardResult]) -> list[tuple[int, ...]]:
    """The night's sides: the fixed partnerships of a partnership game, or the players
    (each player alone too when partners changed during the night)."""
    sides = sorted({tuple(sorted(r.side)) for r in results})
    players = [p for side in sides for p in side]
    if len(players) != len(set(players)):
        return [(p,) for p in sorted(set(players))]
    return sides


def night_game(results: list[BoardResult], lines: list[DuplicateLine],
               tables: dict[int, list[float]], *, game_id: int, night: int,
               played_at: datetime | None = None) -> GameResult | None:
    """A duplicate night as ONE result for a season's standings: each side placed among
    the night's sides by matchpoint percentage (equal percentages share a place),
    counting for as many games as the tables it played (`tables`: a player's score at
    each complete table of the night), its score the mean of those. Players of no
    complete table are left out, as a season leaves out games not complete; a player
    whose boards were all unscored stands at 50 %, as a table alone in its round."""
    percentage = {line.player_id: line.percentage for line in lines}
    played = [side for side in night_sides(results) if any(p in tables for p in side)]
    seen = {p for side in played for p in side}
    played += [(p,) for p in sorted(tables) if p not in seen]
    if not played:
        return None
    member = {side: next(p for p in side if p in tables) for side in played}
    mark = {side: round(percentage.get(member[side], 50.0), 9) for side in played}
    sides = []
    for side in played:
        scores = tables[member[side]]
        place = 1 + sum(1 for other in played if mark[other] > mark[side])
        sides.append(Side(side, float(place), sum(scores) / len(scores), len(scores)))
    sides.sort(key=lambda s: (s.rank, s.players))
    return GameResult(game_id, tuple(sides), night=night, played_at=played_at,
                      table="duplicate")


def _ranked(lines: list[DuplicateLine]) -> list[DuplicateLine]:
    lines.sort(key=lambda ln: (-round(ln.percentage, 9), ln.player_id))
    last, rank = None, 0
    for position, line in enumerate(lines, start=1):
        key = round(line.percentage, 9)
        rank = rank if key == last else position
        line.rank, last = rank, key
    return lines
