"""Bots by name: `make_bot("random" | "heuristic" | "search", ...)`."""

from __future__ import annotations

from games import rules

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot


def _search(game, time_budget):
    from .search import SearchBot

    return SearchBot(game, time_budget=time_budget)


BOTS = {
    "random": lambda game, time_budget: RandomBot(game),
    "heuristic": lambda game, time_budget: HeuristicBot(game),
    "search": _search,
}


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, game: rules.Game | None = None,
             time_budget: float | None = None) -> Bot:
    """A new bot. `time_budget` (seconds per decision) only matters to the search bot."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
    return factory(game, time_budget)
