"""Duplicate nights: the movement and who is compared with whom (pure Python, no Django).

Every table of a round plays the same boards, so every table of a round has the same
number of seats (the game's preferred size; whoever does not fill a table sits out).
A result is compared with those who held the same cards: the same seat in a game played
individually, the same *direction* (the team of the game's `teams`) in a partnership game.

- Individual games are seated by the seat rotation (new opponents, turns in every seat),
  which also varies who holds the same seat as whom: `comparisons` counts it.
- Partnership games keep **fixed partnerships** all night: the players are paired once
  (a seeded draw, in the order given), and the units move like a Mitchell movement: the
  units of the first direction stay at their tables, those of direction j move j tables
  on each round, so they meet new opponents and are compared with new units. Units that
  do not fill a table sit out in turn.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from tournaments.rotation.pairs import pair_key


def directions(teams: list[list[int]]) -> dict[int, int]:
    """seat -> its comparison group: the team index (a seat alone in individual games)."""
    return {seat: index for index, team in enumerate(teams) for seat in team}


def comparisons(rounds: list[list[list]], teams: list[list[int]]) -> Counter:
    """How many rounds each pair of players was compared (held the same seat or direction
    at different tables of a round: the same boards, the same cards)."""
    group_of = directions(teams)
    counts: Counter = Counter()
    for tables in rounds:
        groups: dict[int, list[tuple[int, object]]] = {}
        for number, table in enumerate(tables):
            for seat, player in enumerate(table):
                groups.setdefault(group_of.get(seat, seat), []).append((number, player))
        for members in groups.values():
            for (t1, a), (t2, b) in combinations(members, 2):
                if t1 != t2:
                    counts[pair_key(a, b)] += 1
    return counts


def comparison_report(rounds: list[list[list]], teams: list[list[int]], players) -> dict:
    """The plan's figures: pairs compared, how often at most, players never compared with
    anyone, and every pair's count (`pairs`: [a, b, times], most often first)."""
    counts = comparisons(rounds, teams)
    present = sorted(set(players))
    compared = {p for pair in counts for p in pair}
    return {
        "pairs_compared": len(counts),
        "pairs_possible": len(present) * (len(present) - 1) // 2,
        "most_compared": max(counts.values(), default=0),
        "never_compared": [p for p in present if p not in compared],
        "pairs": [[a, b, n] for (a, b), n in sorted(counts.items(),
                                                    key=lambda item: (-item[1], item[0]))],
    }


def partnership_units(players, team_size: int, seed: int | None) -> tuple[list, list]:
    """Fixed partnerships: (units, left over). The players are shuffled by `seed` (None:
    in the order given) and cut into units of `team_size`; those left over sit out all
    night (a walk-in or a bot can make up their unit)."""
    order = list(players)
    if seed is not None:
        random.Random(seed).shuffle(order)
    whole = len(order) - len(order) % team_size
    return ([order[i:i + team_size] for i in range(0, whole, team_size)], order[whole:])


def partnership_movement(units: list[list], teams: list[list[int]], rounds: int
                         ) -> tuple[list[list[list]], list[list]]:
    """(rounds of tables from seat 0, sit-outs per round) for fixed `units`."""
    per_table = len(teams)
    tables = len(units) // per_table
    if tables < 1:
        raise ValueError(f"{len(units)} partnerships cannot fill a table of {per_table}")
    spare = len(units) - tables * per_table
    plan, outs = [], []
    for rnd in range(rounds):
        resting = {(rnd * spare + i) % len(units) for i in range(spare)}
        playing = [u for i, u in enumerate(units) if i not in resting]
        by_direction = [playing[d * tables:(d + 1) * tables] for d in range(per_table)]
        seated = []
        for t in range(tables):
            seats = [None] * sum(len(team) for team in teams)
            for d, team in enumerate(teams):
                unit = by_direction[d][(t - d * rnd) % tables]
                for seat, player in zip(team, unit, strict=True):
                    seats[seat] = player
            seated.append(seats)
        plan.append(seated)
        outs.append(sorted(p for i in sorted(resting) for p in units[i]))
    return plan, outs
