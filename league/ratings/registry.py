"""Name -> engine lookup, so callers (and stored settings) pick models by string."""

from __future__ import annotations

from .base import Rater
from .elo import EloRater
from .plackett_luce import PlackettLuceRater

RATERS: dict[str, type] = {
    EloRater.kind: EloRater,
    PlackettLuceRater.kind: PlackettLuceRater,
}
# Friendly spellings people will type in settings or on the command line.
ALIASES = {"pl": "plackett_luce", "weng_lin": "plackett_luce", "openskill": "plackett_luce"}


def make_rater(kind: str, **params: float) -> Rater:
    """Build a fresh rater of ``kind`` ("elo" or "plackett_luce") with ``params``."""
    name = ALIASES.get(kind, kind)
    try:
        cls = RATERS[name]
    except KeyError:
        raise ValueError(f"unknown rater kind {kind!r}; choose from {sorted(RATERS)}") from None
    return cls(**params)
