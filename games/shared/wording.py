"""How messages name seats and sides: from 1, as people count them.

A record writes a seat as its index from 0 (`pitcher: 2`, `first_dealer: 0`) and a
side as its index in the game's teams. A message asking for one says which seat or
side each written number stands for, so nobody has to know that counting starts at 0.
Each is a `Text` (games.engine.text), so a page can show it in the reader's language.
"""

from __future__ import annotations

from games.engine.text import N_, Text


def seat_choices(players: int, or_null: bool = False) -> Text:
    """``0 (seat 1) to 3 (seat 4)``; with `or_null`, ``… or null``."""
    if players == 2:
        template = N_("0 (seat 1) or %(last)s (seat %(players)s) or null") if or_null else \
            N_("0 (seat 1) or %(last)s (seat %(players)s)")
    else:
        template = N_("0 (seat 1) to %(last)s (seat %(players)s) or null") if or_null else \
            N_("0 (seat 1) to %(last)s (seat %(players)s)")
    return Text(template, last=players - 1, players=players)


def side_name(team: list[int]) -> Text | str:
    """``seats 1 and 3``."""
    if len(team) == 2:
        return Text(N_("seats %(first)s and %(second)s"), first=team[0] + 1,
                    second=team[1] + 1)
    return "seats " + " and ".join(str(seat + 1) for seat in team)


def side_choices(teams: list[list[int]], or_null: bool = False) -> Text | str:
    """``0 (seats 1 and 3) or 1 (seats 2 and 4)``; with `or_null`, ``…, or null``."""
    if len(teams) == 2:
        template = N_("0 (%(first)s) or 1 (%(second)s), or null") if or_null else \
            N_("0 (%(first)s) or 1 (%(second)s)")
        return Text(template, first=side_name(teams[0]), second=side_name(teams[1]))
    text = " or ".join(f"{index} ({side_name(team)})" for index, team in enumerate(teams))
    return f"{text}, or null" if or_null else text
