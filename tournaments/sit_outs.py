"""Who sits out which round of a night, read from its stored seating plan (`Event.seating`).

A plan stores the sit-outs of the rounds it planned (`sit_outs`: one list per planned round,
numbered on from the kept rounds). A re-plan keeps the published and played rounds, so it
also stores theirs (`kept_sit_outs`: [round number, player ids] pairs), carried over from
the plan before; without them the night's "sitting out" line and the season's fairness
history lost the kept rounds after a re-plan.
"""

from __future__ import annotations


def round_sit_outs(seating: dict | None) -> list[tuple[int, list[int]]]:
    """(round number, player ids) for every round the plan knows, in round order."""
    seating = seating or {}
    first_planned = max(seating.get("kept_rounds") or [], default=0) + 1
    rows = {int(number): list(ids) for number, ids in seating.get("kept_sit_outs") or []}
    for offset, ids in enumerate(seating.get("sit_outs") or []):
        rows.setdefault(first_planned + offset, list(ids))
    return sorted(rows.items())


def kept_sit_outs(previous: dict | None, kept: dict[int, list[list[int]]],
                  players: list[int]) -> list[list]:
    """[number, ids] for each kept round (number -> its tables of player ids): who the
    earlier plan sat out, or, when it did not say, the players planned now without a seat."""
    before = dict(round_sit_outs(previous))
    rows = []
    for number, tables in sorted(kept.items()):
        seated = {pid for table in tables for pid in table}
        ids = before.get(number, sorted(set(players) - seated))
        rows.append([number, [pid for pid in ids if pid not in seated]])
    return rows
