"""Erasing a player's personal data, for the admin of this app.

The erase rewrites what the apps above keep too (records, statistics' hashes), so it lives
in rankings (`rankings.archive.erase.player_erase`), which connects it here in its
AppConfig.ready(): league never imports a layer above it.
"""

from __future__ import annotations

_eraser = None


def register_eraser(erase) -> None:
    """`erase(*, player, user, reason)` anonymises the player and returns them."""
    global _eraser
    _eraser = erase


def erase_player(*, player, user, reason: str = ""):
    if _eraser is None:
        raise RuntimeError("no eraser is connected (the rankings app connects it)")
    return _eraser(player=player, user=user, reason=reason)
