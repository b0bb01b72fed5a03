"""A night's format: how each round's tables are formed (pure Python, no Django).

- `rotation`: the seat rotation plans every round at once (`tournaments.rotation`);
- `kings`: king's table, a ladder of tables (`kings`);
- `swiss`: Swiss pairs for two-player games, Swiss tables otherwise (`swiss`);
- `duplicate`: the same boards at every table of a round (`duplicate`: the movement and
  who is compared with whom; seated all at once like the rotation).

`next_round` forms the next round of a standings-driven format from the night so far.
"""

from __future__ import annotations

from tournaments.formats import kings, swiss
from tournaments.formats.common import Night, RoundPlan, TableSizes, night_report

ROTATION, KINGS, SWISS, DUPLICATE = "rotation", "kings", "swiss", "duplicate"
FORMATS = (ROTATION, KINGS, SWISS, DUPLICATE)
STANDINGS_DRIVEN = (KINGS, SWISS)
ALGORITHM = {KINGS: "tournaments.formats.kings: ladder movement",
             SWISS: "tournaments.formats.swiss: score groups, fewest repeats"}
VERSION = "1"


def next_round(format: str, night: Night, players, sizes: TableSizes,
               seed: int | None = None) -> RoundPlan:
    """The next round of `format` for `players` (present now) after `night`."""
    if format == KINGS:
        return kings.next_round(night, players, sizes, seed)
    if format == SWISS:
        if sizes.preferred == 2:
            return swiss.pairs_next_round(night, players, seed)
        return swiss.tables_next_round(night, players, sizes, seed)
    raise ValueError(f"{format!r} is not formed round by round")


__all__ = ["DUPLICATE", "FORMATS", "KINGS", "ROTATION", "STANDINGS_DRIVEN", "SWISS", "Night",
           "RoundPlan", "TableSizes", "next_round", "night_report"]
