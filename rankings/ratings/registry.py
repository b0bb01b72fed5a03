"""Name -> engine lookup, so callers (and stored settings) pick models by string."""

from __future__ import annotations

from .base import Rater
from .elo import EloRater
from .plackett_luce import PlackettLuceRater
from .thurstone_mosteller import ThurstoneMostellerRater
from .whole_history import WholeHistoryRater

RATERS: dict[str, type] = {
    EloRater.kind: EloRater,
    PlackettLuceRater.kind: PlackettLuceRater,
    ThurstoneMostellerRater.kind: ThurstoneMostellerRater,
    WholeHistoryRater.kind: WholeHistoryRater,
}
# Friendly spellings people will type in settings or on the command line.
ALIASES = {
    "pl": "plackett_luce",
    "weng_lin": "plackett_luce",
    "openskill": "plackett_luce",
    "tm": "thurstone_mosteller",
    "wh": "whole_history",
}


def canonical_kind(kind: str) -> str:
    """The registry name for ``kind``: hyphens as underscores, aliases resolved.

    Raises ``ValueError`` naming the known kinds for anything else.
    """
    name = kind.strip().lower().replace("-", "_")
    name = ALIASES.get(name, name)
    if name not in RATERS:
        raise ValueError(f"unknown rater kind {kind!r}; choose from {sorted(RATERS)}")
    return name


def make_rater(kind: str, **params: float) -> Rater:
    """Build a fresh rater of ``kind`` (see ``RATERS``) with ``params``.

    ``"thurstone-mosteller"`` and ``"thurstone_mosteller"`` are the same kind.
    """
    cls = RATERS[canonical_kind(kind)]
    try:
        return cls(**params)
    except TypeError as exc:  # an unknown parameter name, e.g. from a stored pool
        raise ValueError(f"make_rater({kind!r}): {exc}") from None
