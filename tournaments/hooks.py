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
