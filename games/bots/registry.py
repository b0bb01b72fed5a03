"""Bots by name: `make_bot(name, game=None, **params)`.

Names: "random", "heuristic", "search", and "noisy-25" / "noisy-50" / "noisy-75"
(the heuristic with that share of random decisions).
"""

from __future__ import annotations

from games import catalogue, rules
from games.bluke.bots.heuristic import BlukeFamilyHeuristicBot
from games.bluke.bots.noisy import NOISY_BOTS
from games.bluke.bots.search import BlukeFamilySearchBot
from games.engine.any_game_search import AnyGameSearchBot
from games.engine.bots import Bot
from games.engine.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": BlukeFamilyHeuristicBot,
    "search": BlukeFamilySearchBot,
    **NOISY_BOTS,
}
SEARCH_PARAMS = ("time_budget", "max_samples", "rollout")


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, game: rules.Rules | None = None, **params) -> Bot:
    """A new bot. `params` (time_budget in seconds per decision, max_samples, rollout)
    tune the search bot and are ignored by the others."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
    unknown = set(params) - set(SEARCH_PARAMS)
    if unknown:
        raise ValueError(f"unknown bot parameter(s): {', '.join(sorted(unknown))}")
    if game is not None and rules.writes_summaries(game):
        return _engine_bot(name, cls, game, params)
    if cls is BlukeFamilySearchBot:
        return cls(game, **params)
    return cls(game)


ENGINE_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "search": AnyGameSearchBot}
# A game's own bot under a shared name, (game, bot name) -> class: built from what each
# game package registers, every bot declaring the games it plays.
GAME_BOTS: dict[tuple[str, str], type[Bot]] = {
    (game, cls.name): cls for cls in catalogue.bot_classes() for game in cls.plays}


def _engine_bot(name: str, cls, game, params) -> Bot:
    """Bots for an engine game: its own (registered with `plays` naming it), or the
    ones that play any game (random, search)."""
    cls = GAME_BOTS.get((game.name, name), cls)
    if game.name in getattr(cls, "plays", ()):
        if issubclass(cls, AnyGameSearchBot):
            return cls(game, **_search_rollout(game, params))
        return cls(game)
    generic = ENGINE_BOTS.get(name)
    if generic is None:
        raise ValueError(f"the {name} bot does not play {game.title}; bots for every game: "
                         f"{', '.join(ENGINE_BOTS)}")
    if generic is not AnyGameSearchBot:
        return generic(game)
    return generic(game, **_search_rollout(game, params))


def _search_rollout(game, params: dict) -> dict:
    """The generic search's rollouts: the game's own heuristic when it has one (unless
    `rollout` says otherwise), else random moves. The Bluke family's rollout names
    ("fast", "heuristic") map onto these."""
    params = dict(params)
    heuristic = GAME_BOTS.get((game.name, "heuristic"))
    wanted = params.pop("rollout", None)
    if heuristic is not None and wanted in (None, "heuristic", "fast"):
        return {**params, "rollout": "heuristic", "policy": heuristic(game)}
    return {**params, "rollout": "random"}
