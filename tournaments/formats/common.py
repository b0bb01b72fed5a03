"""What every standings-driven format shares (pure Python, no Django).

A night so far is a `Night`: the rounds played (tables listed from seat 0, the first
dealer), each table's finishing order (best first) and who sat out each round. Players are
any sortable, hashable ids. Each format turns a `Night` and the players present now into
the next round (`RoundPlan`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, permutations

from tournaments.rotation.pairs import pair_key
from tournaments.rotation.shape import round_shape
from tournaments.rotation.types import TableSizes

__all__ = ["Night", "RoundPlan", "TableSizes", "round_shape"]


@dataclass(frozen=True)
class Night:
    """The rounds so far: `rounds[r][t]` the players of table t from seat 0,
    `places[r][t]` the same players best first, `sit_outs[r]` who sat round r out."""

    rounds: list = field(default_factory=list)
    places: list = field(default_factory=list)
    sit_outs: list = field(default_factory=list)

    def __post_init__(self):
        if len(self.places) != len(self.rounds):
            raise ValueError(f"{len(self.rounds)} rounds but places for {len(self.places)}")
        for number, (tables, placed) in enumerate(zip(self.rounds, self.places,
                                                      strict=True), start=1):
            for table, (seated, order) in enumerate(zip(tables, placed, strict=True),
                                                    start=1):
                if sorted(seated) != sorted(order):
                    raise ValueError(f"round {number}, table {table}: the places name "
                                     "other players than the seats")

    def sit_out_counts(self) -> Counter:
        return Counter(p for out in self.sit_outs for p in out)

    def meetings(self) -> Counter:
        counts: Counter = Counter()
        for tables in self.rounds:
            for table in tables:
                for a, b in combinations(table, 2):
                    counts[pair_key(a, b)] += 1
        return counts

    def seat_counts(self) -> dict:
        """player -> Counter(seat index -> times)."""
        seats: dict = {}
        for tables in self.rounds:
            for table in tables:
                for position, player in enumerate(table):
                    seats.setdefault(player, Counter())[position] += 1
        return seats

    def points(self) -> Counter:
        """Half-points: two for every player finishing below you at your table."""
        points: Counter = Counter()
        for placed in self.places:
            for order in placed:
                for index, player in enumerate(order):
                    points[player] += 2 * (len(order) - 1 - index)
        return points


@dataclass(frozen=True)
class RoundPlan:
    """The next round: tables from seat 0 (seat 0 deals first) and who sits out."""

    tables: list
    sit_outs: list


def tiebreak_order(players, seed: int | None) -> list:
    """A fixed order of `players` for equal standings: sorted, then shuffled by `seed`
    (None keeps the sorted order, for hand-written examples)."""
    order = sorted(players)
    if seed is not None:
        random.Random(seed).shuffle(order)
    return order


def standings(night: Night, players, seed: int | None) -> list:
    """`players` best first: half-points, then the opponents' half-points (Buchholz), then
    the seeded tie-break order."""
    points = night.points()
    opponents: Counter = Counter()
    for tables in night.rounds:
        for table in tables:
            for a in table:
                opponents[a] += sum(points[b] for b in table if b != a)
    rank = {p: i for i, p in enumerate(tiebreak_order(players, seed))}
    return sorted(players, key=lambda p: (-points[p], -opponents[p], rank[p]))


def choose_sit_outs(worst_first: list, count: int, night: Night) -> list:
    """`count` players who have sat out least, the lowest in the standings among equals:
    sit-outs go to different players until everyone has had one."""
    if count <= 0:
        return []
    done = night.sit_out_counts()
    by_need = sorted(range(len(worst_first)), key=lambda i: (done[worst_first[i]], i))
    return [worst_first[i] for i in sorted(by_need[:count])]


def seat_order(players: list, night: Night) -> list:
    """The table's players from seat 0, so that seats rotate: the seating that gives each
    player a seat they have used least (the sum of the squared seat counts after this
    round, smallest; tried in full up to 7 players, seat by seat above that)."""
    seats = night.seat_counts()

    def cost(order) -> int:
        return sum((seats.get(p, Counter())[i] + 1) ** 2 for i, p in enumerate(order))

    if len(players) <= 7:
        return list(min(permutations(players), key=cost))
    left, ordered = list(players), []
    for position in range(len(players)):
        chosen = min(left, key=lambda p, i=position: seats.get(p, Counter())[i])
        left.remove(chosen)
        ordered.append(chosen)
    return ordered


def shape(count: int, sizes: TableSizes) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number sitting out for `count` players."""
    if count < min(sizes.sizes()):
        raise ValueError(f"{count} players cannot fill a table of {min(sizes.sizes())}")
    return round_shape(count, sizes)


def night_report(night: Night, players) -> dict:
    """The fairness figures the night's page shows (a subset of the rotation's report)."""
    meetings = night.meetings()
    sit_outs = night.sit_out_counts()
    present = list(players)
    sizes = sorted({len(t) for tables in night.rounds for t in tables}, reverse=True)
    return {
        "players": len(present),
        "rounds": len(night.rounds),
        "table_sizes": sizes,
        "repeat_count": sum(c - 1 for c in meetings.values() if c > 1),
        "max_meetings": max(meetings.values(), default=0),
        "sit_out_spread": _spread(sit_outs, present),
        "small_table_spread": _spread(_small_tables(night), present),
        "seat_spread": None,
    }


def _small_tables(night: Night) -> Counter:
    small: Counter = Counter()
    for tables in night.rounds:
        biggest = max((len(t) for t in tables), default=0)
        small.update(p for t in tables if len(t) < biggest for p in t)
    return small


def _spread(counts: Counter, players: list) -> int:
    return max(counts[p] for p in players) - min(counts[p] for p in players) if players else 0
