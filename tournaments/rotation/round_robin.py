"""Two-player games over a season: a round robin (pure Python, no Django).

Everyone meets everyone once before anyone meets anyone twice. With the same players
every night this follows the circle method over the sorted player ids, so each night
picks up the rounds the earlier nights have not played yet; when attendance changes,
each round is the circle round with the fewest repeats, then improved by swapping
opponents between tables while that lowers the repeats. With an odd number of players
one sits out each round, the one who has sat out least.

Seat 0 deals first, so at each table the player who has sat at seat 0 least (this season
and tonight) takes it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .pairs import pair_key
from .types import History, Plan

ALGORITHM = "tournaments.rotation.round_robin: circle method + opponent swaps"
VERSION = "1"
GHOST = None  # the empty place of an odd round: whoever meets it sits out


def circle_rounds(players: list) -> list[list[tuple]]:
    """The circle method: len(players) - 1 rounds (a ghost added when odd) in which every
    pair meets exactly once."""
    ring = list(players) + ([GHOST] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for k in range(n - 1):
        order = [ring[0]] + [ring[1 + (i + k) % (n - 1)] for i in range(n - 1)]
        rounds.append([(order[i], order[n - 1 - i]) for i in range(n // 2)])
    return rounds


class _Counts:
    def __init__(self, history: History | None):
        history = history or History()
        self.meet = Counter(history.meetings)
        self.first = Counter({p: seats.get(0, 0) for p, seats in history.seats.items()})
        self.out = Counter(history.sit_outs)

    def pair_cost(self, a, b) -> int:
        if a is GHOST or b is GHOST:  # a sit-out: the least sat-out player goes first
            return 4 ** self.out[b if a is GHOST else a]
        return 4 ** (1 + self.meet[pair_key(a, b)]) * 8  # a repeat outweighs any sit-out

    def round_cost(self, pairs) -> int:
        return sum(self.pair_cost(a, b) for a, b in pairs)

    def add(self, table: list, sit_outs) -> None:
        if len(table) == 2:
            self.meet[pair_key(*table)] += 1
        if table:
            self.first[table[0]] += 1
        for player in sit_outs:
            self.out[player] += 1


def _improve(pairs: list[tuple], counts: _Counts) -> list[tuple]:
    """Swap opponents between two tables while that lowers the round's cost."""
    pairs = list(pairs)
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            now = counts.pair_cost(a, b) + counts.pair_cost(c, d)
            for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                if counts.pair_cost(*x) + counts.pair_cost(*y) < now:
                    pairs[i], pairs[j] = x, y
                    better = True
                    break
            if better:
                break
    return pairs


def _seat(pair: tuple, counts: _Counts) -> list:
    """The player with fewer first seats deals first (seat 0); ties by id order."""
    a, b = pair
    return [a, b] if (counts.first[a], str(a)) <= (counts.first[b], str(b)) else [b, a]


def plan_round_robin(players: list, rounds: int, history: History | None = None,
                     published: list | None = None,
                     published_sit_outs: list | None = None) -> Plan:
    """`rounds` new rounds of two-player tables after tonight's `published` ones."""
    counts = _Counts(history)
    for rnd, out in zip(published or [], (published_sit_outs or []) + [[]] * len(published or []),
                        strict=False):
        for table in rnd:
            counts.add(list(table), ())
        for player in out:
            counts.out[player] += 1
    players = sorted(dict.fromkeys(players), key=str)
    candidates = circle_rounds(players) if len(players) >= 2 else []
    new_rounds, outs = [], []
    for _ in range(rounds):
        if not candidates:
            new_rounds.append([])
            outs.append(list(players))
            continue
        best = min(candidates, key=counts.round_cost)
        repeats = any(GHOST not in p and counts.meet[pair_key(*p)] for p in best)
        pairs = _improve(best, counts) if repeats else best  # keep the circle when fresh
        tables = [_seat(p, counts) for p in pairs if GHOST not in p]
        sitting = [p[0] if p[1] is GHOST else p[1] for p in pairs if GHOST in p]
        for table in tables:
            counts.add(table, ())
        for player in sitting:
            counts.out[player] += 1
        new_rounds.append(tables)
        outs.append(sitting)
    return Plan(rounds=new_rounds, sit_outs=outs, partners=[],
                report=_report(players, new_rounds, outs, counts))


def _report(players, rounds, outs, counts: _Counts) -> dict:
    tonight = Counter(pair_key(*t) for rnd in rounds for t in rnd)
    present = set(players)
    season = [c for (a, b), c in counts.meet.items() if a in present and b in present]
    firsts = [counts.first[p] for p in players]
    sat = [counts.out[p] for p in players]
    return {
        "players": len(players), "rounds": len(rounds),
        "table_sizes": [2] if any(rounds) else [],
        "repeated_pairs": [[a, b, c] for (a, b), c in tonight.items() if c > 1],
        "repeat_count": sum(c - 1 for c in tonight.values() if c > 1),
        "max_meetings": max(tonight.values(), default=0),
        "season_max_meetings": max(season, default=0),
        "sit_out_spread": max(sat, default=0) - min(sat, default=0),
        "small_table_spread": 0,
        "seat_spread": max(firsts, default=0) - min(firsts, default=0),
        "algorithm": ALGORITHM, "version": VERSION,
    }
