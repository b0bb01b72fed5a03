"""The tie-break chain: split players with equal points, one criterion at a time."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rankings.standings.compute import Line


def head_to_head(line: Line, group_ids: set[int]) -> float:
    """Meetings with the other tied players: +1 per one finished ahead of, -1 behind."""
    value = 0.0
    for _game, rank, others in line.meetings:
        for other, other_rank in others.items():
            if other in group_ids and other != line.player_id:
                value += (other_rank > rank) - (other_rank < rank)
    return value


SCORE_METRICS = ("average_score", "total_score")


def metric(name: str, line: Line, group_ids: set[int], lower_wins: bool = False) -> float:
    if name == "head_to_head":
        return head_to_head(line, group_ids)
    value = float(getattr(line, name))
    return -value if lower_wins and name in SCORE_METRICS else value


def order_tied(lines: Sequence[Line], chain: Sequence[str],
               lower_wins: bool = False) -> list[list[Line]]:
    """Groups of still-tied players, best group first, after applying ``chain``.

    The first criterion that separates anybody splits the group; each part
    continues down the rest of the chain. Head-to-head is recomputed within the
    part, since only meetings among the players still tied count.
    `lower_wins`: the game ranks the lowest score first, so a lower score is better.
    """
    if len(lines) < 2 or not chain:
        return [list(lines)]
    name, rest = chain[0], chain[1:]
    ids = {line.player_id for line in lines}
    buckets: dict[float, list[Line]] = defaultdict(list)
    for line in lines:
        buckets[round(metric(name, line, ids, lower_wins), 9)].append(line)
    if len(buckets) == 1:
        return order_tied(lines, rest, lower_wins)
    ordered: list[list[Line]] = []
    for value in sorted(buckets, reverse=True):
        part = buckets[value]
        for line in part:
            line.tiebreak = line.tiebreak or name
        ordered.extend(order_tied(part, rest, lower_wins))
    return ordered
