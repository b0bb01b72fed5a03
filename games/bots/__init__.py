"""Computer players for the games in `games.rules` (no Django here).

Every bot has `step(observation, legal_actions, rng) -> action` with an injected
`random.Random`; `make_bot(name)` builds one ("random", "heuristic", "search") and
`play_match(game, bot_names, seed)` plays a whole match into a card-by-card record.
See docs/bots.md.
"""

from __future__ import annotations

from games.bots.match import play_match, play_state
from games.bots.registry import BOTS, bot_names, make_bot
from games.engine.bots import Bot

__all__ = ["BOTS", "Bot", "bot_names", "make_bot", "play_match", "play_state"]
