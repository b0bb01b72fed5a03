"""Group knockout for games of three or more: tables of seeded players, the lowest `drop`
of each table out after every round, the rest seated again, until one table is left.

Each round's tables are cut from the players still in, best seed first, in a snake (table
1 takes seeds 1 and 2t, table 2 seeds 2 and 2t - 1, ...), so every table gets a fair mix.
When the players do not split into tables the game allows, the top seeds sit the round out
and go through (byes, as in a bracket). When a round would leave fewer players than a
table needs, the best places across its tables fill the final table (the table winners
first, then the seconds, ...; equal places by seed).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil


@dataclass(frozen=True)
class GroupRound:
    players: int  # in the round, byes included
    byes: int  # top seeds who go through without playing
    tables: tuple[int, ...]  # table sizes, largest first
    advance: int  # players in the next round (0 after the final)

    @property
    def final(self) -> bool:
        return self.advance == 0


def check_group_knockout(entrants: int, preferred: int, allowed: tuple[int, ...],
                         drop: int) -> None:
    """Refuse (ValueError) a knockout that cannot be played; the message names the field."""
    if preferred not in allowed:
        raise ValueError(f"table_size: the game is not played {preferred} at a table")
    if entrants < min(allowed):
        raise ValueError(f"entrants: a table needs at least {min(allowed)} players")
    if not 1 <= drop < min(allowed):
        raise ValueError(f"drop: between 1 and {min(allowed) - 1} players leave each table "
                         f"each round, not {drop}")


def round_shape(players: int, preferred: int, allowed: tuple[int, ...],
                drop: int) -> GroupRound:
    """The shape of one round for `players` still in."""
    if players <= max(allowed):
        return GroupRound(players, 0, (players,), 0)
    for byes in range(players):
        sizes = _split(players - byes, preferred, allowed)
        if sizes:
            through = byes + sum(size - drop for size in sizes)
            return GroupRound(players, byes, sizes, max(through, min(allowed)))
    raise ValueError(f"{players} players cannot be seated at tables of {allowed}")


def _split(players: int, preferred: int, allowed: tuple[int, ...]) -> tuple[int, ...]:
    """Tables as even as possible, their number nearest to players / preferred; () if none."""
    counts = range(max(2, ceil(players / max(allowed))), players // min(allowed) + 1)
    for count in sorted(counts, key=lambda t: (abs(players / t - preferred), t)):
        small, extra = divmod(players, count)
        sizes = (small + 1,) * extra + (small,) * (count - extra)
        if set(sizes) <= set(allowed):
            return sizes
    return ()


def group_knockout_plan(entrants: int, preferred: int, allowed: tuple[int, ...],
                        drop: int) -> list[GroupRound]:
    """Every round's shape, from the first to the final table."""
    check_group_knockout(entrants, preferred, allowed, drop)
    rounds = [round_shape(entrants, preferred, allowed, drop)]
    while not rounds[-1].final:
        rounds.append(round_shape(rounds[-1].advance, preferred, allowed, drop))
    return rounds


def group_tables(seeds: list[int], shape: GroupRound) -> tuple[list[int], list[list[int]]]:
    """(byes, tables) for `seeds` (best first): the top seeds sit out, the rest snake."""
    ordered = sorted(seeds)
    byes, rest = ordered[:shape.byes], iter(ordered[shape.byes:])
    tables: list[list[int]] = [[] for _ in shape.tables]
    for row in range(max(shape.tables)):
        order = range(len(tables)) if row % 2 == 0 else reversed(range(len(tables)))
        for index in order:
            if row < shape.tables[index]:
                tables[index].append(next(rest))
    return byes, tables


def group_survivors(byes: list[int], tables: list[list[int]], places: list[list[int]],
                    shape: GroupRound, drop: int) -> list[int]:
    """Who plays the next round: the byes and each table's best size - drop (equal places
    by seed), topped up from the best places left when the final table needs more."""
    through = list(byes)
    left: list[tuple[int, int, int]] = []  # (place order at its table, place, seed)
    for seats, seat_places in zip(tables, places, strict=True):
        ranked = sorted(zip(seat_places, seats, strict=True))
        keep = len(seats) - drop
        through += [seed for _place, seed in ranked[:keep]]
        left += [(order, place, seed) for order, (place, seed) in enumerate(ranked)
                 if order >= keep]
    for _order, _place, seed in sorted(left)[:max(shape.advance - len(through), 0)]:
        through.append(seed)
    return sorted(through)
