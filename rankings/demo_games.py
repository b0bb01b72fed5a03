"""Short matches of any registered game, for the demo club and the tests.

A game declares how long its match is through its options (a target score, a number
of hands or lines, a count to play down from). For a short season the demo lowers
those to a share of their default, never below the option's minimum; the tests use the
minimum. Only int options with one of the names below are touched, so a game's real
rules options (variants, bonuses) keep their defaults.
"""

from __future__ import annotations

import math

from games import rules

LENGTH_OPTIONS = ("target", "hands", "lines", "start", "hands_to_win", "game_to",
                  "points_to_win", "deals", "rounds", "sets", "wins")


def short_options(game: str, share: float = 0.0) -> dict:
    """Options (no player count) that keep a match of `game` short: each length option
    at `share` of its default (0: its minimum)."""
    cls = rules.GAMES[game]
    out = {}
    for option in cls.declared_options():
        if option.name not in LENGTH_OPTIONS or option.type != "int":
            continue
        low = option.minimum if option.minimum is not None else 1
        out[option.name] = max(low, math.ceil(option.default * share))
    return out
