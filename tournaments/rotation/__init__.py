"""Seat-rotation engine for league nights: who sits with whom, where, and who sits out.

Pure Python, no Django.  Public API (documented in docs/rotation.md):
plan_rotation, SeatingRequest, TableSizes, History, Plan, pair_counts, max_meetings.
"""

from .pairs import max_meetings, pair_counts, repeated_pairs
from .planner import plan_rotation
from .types import History, Plan, SeatingRequest, TableSizes

__all__ = ["History", "Plan", "SeatingRequest", "TableSizes", "max_meetings", "pair_counts",
           "plan_rotation", "repeated_pairs"]
