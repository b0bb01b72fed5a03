"""When a rating is too young or too uncertain to rank publicly."""

from __future__ import annotations

from .base import PlayerState

MIN_GAMES = 10
# A newcomer starts at 25/3 ~ 8.3 and (default Plackett-Luce, four-player
# tables) is near 7 after 10 games, 5.8 after 20, 2.2 after 180.  Above 6
# the games have not yet cut the prior uncertainty by a quarter.
MAX_SIGMA = 6.0


def is_provisional(
    state: PlayerState, min_games: int = MIN_GAMES, max_sigma: float | None = MAX_SIGMA
) -> bool:
    """True if fewer than ``min_games`` games or sigma above ``max_sigma``.

    Elo states have sigma 0.0 and so are judged on games alone.  Pass the
    state through ``inflate_for_inactivity`` first so a long absence can make
    a player provisional again.
    """
    if state.games < min_games:
        return True
    return max_sigma is not None and state.sigma > max_sigma
