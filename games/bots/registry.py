"""Bots by name: `make_bot(name, game=None, **params)`.

Names: "random", "heuristic", "search", and "noisy-25" / "noisy-50" / "noisy-75"
(the heuristic with that share of random decisions).
"""

from __future__ import annotations

from games import rules

from .base import Bot
from .heuristic import HeuristicBot
from .noisy import NOISY_BOTS
from .random_bot import RandomBot
from .search import SearchBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    **NOISY_BOTS,
}
SEARCH_PARAMS = ("time_budget", "max_samples", "rollout")


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, game: rules.Game | None = None, **params) -> Bot:
    """A new bot. `params` (time_budget in seconds per decision, max_samples, rollout)
    tune the search bot and are ignored by the others."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
    unknown = set(params) - set(SEARCH_PARAMS)
    if unknown:
        raise ValueError(f"unknown bot parameter(s): {', '.join(sorted(unknown))}")
    if cls is SearchBot:
        return cls(game, **params)
    return cls(game)
