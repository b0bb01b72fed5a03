"""Knockout brackets, pure Python (no Django): shapes, seeding and playing them through.

A bracket is a fixed list of matches. Each side of a match comes from a seed, or from the
winner or loser of an earlier match. Seeds above the number of entrants are absent: a match
with one absent side is a bye, with two it is void. Absence follows from the seeds alone, so
which matches are byes is known before anything is played.

`single_elimination` and `double_elimination` build the shapes; `resolve` plays a bracket
through given the winners stored so far.
"""

from tournaments.brackets.play import MatchState, Resolved, resolve
from tournaments.brackets.seeding import bracket_size, seed_lines
from tournaments.brackets.shapes import (
    DOUBLE,
    FORMATS,
    SINGLE,
    Bracket,
    Match,
    Source,
    bracket_for,
    double_elimination,
    single_elimination,
)

__all__ = [
    "DOUBLE",
    "FORMATS",
    "SINGLE",
    "Bracket",
    "Match",
    "MatchState",
    "Resolved",
    "Source",
    "bracket_for",
    "bracket_size",
    "double_elimination",
    "resolve",
    "seed_lines",
    "single_elimination",
]
