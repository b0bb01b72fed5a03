"""Where a higher layer adds to the night's pages without tournaments importing it.

The rankings app registers tonight's provisional standings here in its
`AppConfig.ready()`; without it the night's page and its big screen show no standings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class NightStandings:
    template: str  # rendered with `lines`
    lines: Callable  # event -> the lines of its standings so far


_night_standings: NightStandings | None = None


def provide_night_standings(*, template: str, lines: Callable) -> None:
    global _night_standings
    _night_standings = NightStandings(template=template, lines=lines)


def night_standings() -> NightStandings | None:
    return _night_standings


@dataclass(frozen=True)
class ClosingFacts:
    """What the night-closed mail tells one player, where the rankings know it."""

    place: int  # within the night (within their division when the season has divisions)
    of: int  # how many share that ranking
    points: float
    rating: float | None = None  # the conservative rating after the night's rated games
    rating_change: float | None = None  # over the night's rated games


_closing_facts: Callable | None = None


def provide_closing_facts(facts: Callable) -> None:
    """`facts(event)` -> {player id: ClosingFacts}; the rankings app registers it."""
    global _closing_facts
    _closing_facts = facts


def closing_facts(event) -> dict:
    return _closing_facts(event) if _closing_facts is not None else {}


_night_closed: dict[str, Callable] = {}


def on_night_closed(name: str, callback: Callable) -> None:
    """`callback(event)` runs in the closing transaction of every night closed (rankings
    queues the night's hand review with it)."""
    _night_closed[name] = callback


def night_closed(event) -> None:
    for callback in _night_closed.values():
        callback(event)


_night_review: Callable | None = None


def provide_night_review(progress: Callable) -> None:
    """`progress(event)` -> None or a dict (status, done, total, url) for the night's page;
    the rankings app registers it."""
    global _night_review
    _night_review = progress


def night_review(event) -> dict | None:
    return _night_review(event) if _night_review is not None else None
