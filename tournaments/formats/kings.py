"""King's table (progressive tables): a ladder of tables, the top one the king's table.

After each round every table's winner moves up one table and its last place down one;
the others stay. The top table's winner and the bottom table's last place stay where they
are. Seats rotate within a table (`seat_order`). The first round cuts a seeded order.

The ladder is the order of all players, top first. It is replayed from the night's rounds,
so nothing but the stored seating and results is needed: each round the seated players'
places in the ladder are refilled with the order after the movement, while a player who sat
out (or left) keeps their place. A newcomer joins at the bottom.
"""

from __future__ import annotations

from tournaments.formats.common import (
    Night,
    RoundPlan,
    TableSizes,
    choose_sit_outs,
    seat_order,
    shape,
    tiebreak_order,
)


def moved_tables(places: list[list]) -> list[list]:
    """The tables after the movement: `places[t]` is table t (top first), best first."""
    last = len(places) - 1
    moved = []
    for t, order in enumerate(places):
        stay = [p for i, p in enumerate(order)
                if not (i == 0 and t > 0) and not (i == len(order) - 1 and t < last)]
        down = [places[t - 1][-1]] if t > 0 else []
        up = [places[t + 1][0]] if t < last else []
        moved.append(down + stay + up)
    return moved


def ladder(night: Night) -> list:
    """Every player seen so far, top of the ladder first, after the last round."""
    order: list = []
    for placed, out in zip(night.places, night.sit_outs or [[]] * len(night.places),
                           strict=False):
        moved = [p for table in moved_tables(placed) for p in table]
        seated = set(moved)
        slots = [i for i, p in enumerate(order) if p in seated]
        newcomers = len(moved) - len(slots)  # seated for the first time: at the bottom
        slots += range(len(order), len(order) + newcomers)
        order.extend([None] * newcomers)
        for slot, player in zip(slots, moved, strict=True):
            order[slot] = player
        order.extend(p for p in out if p not in order)
    return order


def next_round(night: Night, players, sizes: TableSizes, seed: int | None = None
               ) -> RoundPlan:
    """The next round for `players` (present now): cut the ladder into tables, top first."""
    present = set(players)
    known = [p for p in ladder(night) if p in present]
    top_down = known + tiebreak_order(present - set(known), seed)
    table_sizes, out = shape(len(top_down), sizes)
    sit_outs = choose_sit_outs(top_down[::-1], out, night)
    resting = set(sit_outs)
    seated = [p for p in top_down if p not in resting]
    tables, start = [], 0
    for size in table_sizes:
        tables.append(seat_order(seated[start:start + size], night))
        start += size
    return RoundPlan(tables=tables, sit_outs=sorted(sit_outs))
