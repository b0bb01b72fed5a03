"""How messages name seats and sides: from 1, as people count them.

A record writes a seat as its index from 0 (`pitcher: 2`, `first_dealer: 0`) and a
side as its index in the game's teams. A message asking for one says which seat or
side each written number stands for, so nobody has to know that counting starts at 0.
"""

from __future__ import annotations


def seat_choices(players: int, or_null: bool = False) -> str:
    """``0 (seat 1) to 3 (seat 4)``; with `or_null`, ``… or null``."""
    last = players - 1
    joined = " or " if players == 2 else " to "
    text = f"0 (seat 1){joined}{last} (seat {players})"
    return f"{text} or null" if or_null else text


def side_name(team: list[int]) -> str:
    """``seats 1 and 3``."""
    return "seats " + " and ".join(str(seat + 1) for seat in team)


def side_choices(teams: list[list[int]], or_null: bool = False) -> str:
    """``0 (seats 1 and 3) or 1 (seats 2 and 4)``; with `or_null`, ``…, or null``."""
    text = " or ".join(f"{index} ({side_name(team)})" for index, team in enumerate(teams))
    return f"{text}, or null" if or_null else text
