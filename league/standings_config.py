"""A season's standings rules: `Season.standings_config` parsed and checked.

Keys (all optional; ``{}`` is the Bluke default, see DEFAULT_CONFIG):

``points``      what a game earns: ``"placement"`` (placement points, the default),
                ``"beaten"`` (players beaten / (table size - 1), ties half) or
                ``"score"`` (the game's own total score).
``placement``   ``{"first": 7, "last": 1}``: placement points fall linearly from
                first to last place at every table size (7-5-3-1 at 4, 7-4-1 at 3),
                so a game is worth the same on average however many sat at it.
                ``{"tables": {"4": [7, 5, 3, 1]}}`` sets explicit points per size.
``aggregate``   ``"sum"`` (default) or ``"average"`` (points per game).
``best_nights`` count only a player's best N nights (events); null counts all.
``min_games`` / ``min_nights``  minimum attendance; players below are listed after
                the rest and marked not qualified.
``tiebreaks``   the chain applied to equal points, in order; names in TIEBREAKS.
                Players still equal after the chain share a rank.

The Bluke default: placement points 7..1 summed over all games, no best-N, no
minimum attendance, ties broken by most firsts, most seconds, head-to-head
among the tied players, then average game score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

POINTS = ("placement", "beaten", "score")
AGGREGATES = ("sum", "average")
TIEBREAKS = (
    "firsts", "seconds", "thirds", "head_to_head", "average_score", "total_score",
    "average_points", "games",
)
# What a reader sees for each tie-break (the keys stay in stored configs and the API).
TIEBREAK_LABELS = {
    "firsts": _("firsts"), "seconds": _("seconds"), "thirds": _("thirds"),
    "head_to_head": _("head to head"), "average_score": _("average score"),
    "total_score": _("total score"), "average_points": _("average points"), "games": _("games"),
}
DEFAULT_TIEBREAKS = ("firsts", "seconds", "head_to_head", "average_score")
KEYS = (
    "points", "placement", "aggregate", "best_nights", "min_games", "min_nights", "tiebreaks",
)
DEFAULT_CONFIG = {
    "points": "placement",
    "placement": {"first": 7, "last": 1},
    "aggregate": "sum",
    "best_nights": None,
    "min_games": 0,
    "min_nights": 0,
    "tiebreaks": list(DEFAULT_TIEBREAKS),
}


class StandingsConfigError(ValueError):
    """The configuration is not usable; the message says which key and why."""


@dataclass(frozen=True)
class StandingsConfig:
    points: str = "placement"
    first: float = 7.0
    last: float = 1.0
    tables: dict[int, tuple[float, ...]] = field(default_factory=dict)
    aggregate: str = "sum"
    best_nights: int | None = None
    min_games: int = 0
    min_nights: int = 0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    # Not a setting: the season's game decides it (Buck Euchre: the lowest total wins),
    # so "score" points and the score tie-breaks count a lower score as better.
    lower_wins: bool = False


def lower_scores_win(game: str) -> bool:
    """Does the game rank the lowest total first (its rules' `ranking`)?"""
    from games import rules

    cls = rules.GAMES.get(game)
    ranking = getattr(cls, "ranking", None)
    return ranking is not None and not getattr(ranking, "higher_wins", True)


def game_config(data: dict | None, game: str) -> StandingsConfig:
    """`parse_config`, with the direction of the season's game."""
    from dataclasses import replace

    return replace(parse_config(data), lower_wins=lower_scores_win(game))


def parse_config(data: dict | None) -> StandingsConfig:
    """Check ``data`` (a Season.standings_config) and return the parsed rules."""
    data = data or {}
    if not isinstance(data, dict):
        raise StandingsConfigError(gettext("standings config must be a JSON object"))
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise StandingsConfigError(gettext("unknown key(s) %(keys)s; allowed: %(allowed)s") % {
            "keys": ", ".join(unknown), "allowed": ", ".join(KEYS)})
    first, last, tables = _placement(data.get("placement", {}))
    return StandingsConfig(
        points=_choice(data, "points", POINTS, "placement"),
        first=first,
        last=last,
        tables=tables,
        aggregate=_choice(data, "aggregate", AGGREGATES, "sum"),
        best_nights=_count(data, "best_nights", None, minimum=1),
        min_games=_count(data, "min_games", 0),
        min_nights=_count(data, "min_nights", 0),
        tiebreaks=_tiebreaks(data.get("tiebreaks", list(DEFAULT_TIEBREAKS))),
    )


def _choice(data: dict, key: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise StandingsConfigError(gettext("%(key)s must be one of %(allowed)s, not %(value)r")
                                   % {"key": key, "allowed": ", ".join(allowed), "value": value})
    return value


def _count(data: dict, key: str, default, minimum: int = 0):
    value = data.get(key, default)
    if value is None and default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise StandingsConfigError(gettext("%(key)s must be a whole number >= %(minimum)s, not "
                                           "%(value)r") % {"key": key, "minimum": minimum,
                                                           "value": value})
    return value


def _number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StandingsConfigError(gettext("%(what)s must be a number, not %(value)r")
                                   % {"what": what, "value": value})
    return float(value)


def _placement(data) -> tuple[float, float, dict[int, tuple[float, ...]]]:
    if not isinstance(data, dict):
        raise StandingsConfigError(gettext("placement must be an object like %(example)s")
                                   % {"example": '{"first": 7, "last": 1}'})
    unknown = sorted(set(data) - {"first", "last", "tables"})
    if unknown:
        raise StandingsConfigError(gettext("placement: unknown key(s) %(keys)s")
                                   % {"keys": ", ".join(unknown)})
    first = _number(data.get("first", 7), "placement.first")
    last = _number(data.get("last", 1), "placement.last")
    if first < last:
        raise StandingsConfigError(gettext("placement.first must not be below placement.last"))
    tables = {}
    for size, points in (data.get("tables") or {}).items():
        if not str(size).isdigit() or int(size) < 2:
            raise StandingsConfigError(gettext("placement.tables: %(size)r is not a table size "
                                               ">= 2") % {"size": size})
        if not isinstance(points, list) or len(points) != int(size):
            raise StandingsConfigError(gettext("placement.tables.%(size)s must list %(size)s "
                                               "numbers, one per place") % {"size": size})
        values = tuple(_number(v, f"placement.tables.{size}") for v in points)
        if list(values) != sorted(values, reverse=True):
            raise StandingsConfigError(gettext("placement.tables.%(size)s must not increase")
                                       % {"size": size})
        tables[int(size)] = values
    return first, last, tables


def _tiebreaks(value) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise StandingsConfigError(gettext("tiebreaks must be a list of names"))
    for name in value:
        if name not in TIEBREAKS:
            raise StandingsConfigError(gettext("unknown tie-break %(name)r; choose from "
                                               "%(names)s") % {"name": name,
                                                               "names": ", ".join(TIEBREAKS)})
    if len(set(value)) != len(value):
        raise StandingsConfigError(gettext("tiebreaks lists a name twice"))
    return tuple(value)
