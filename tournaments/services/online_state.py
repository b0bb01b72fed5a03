"""An online match's engine state, rebuilt from its row: seed, first dealer, actions.

The row in the database is the state; this module only replays it. A process keeps the
last state it rebuilt per match as a cache, used only when the row's history starts with
the cached one (same match, same seed): then only the new actions are applied to a copy.
Another process's moves, or a restarted match, are found in the row like any other.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from functools import lru_cache

from games import rules

CACHE_SIZE = 256


@dataclass
class Replayed:
    state: object
    actions: list[int] = field(default_factory=list)  # the history applied
    actors: list[int] = field(default_factory=list)  # who made each action of the history
    hands: list[int] = field(default_factory=list)  # the hand (0-based) of each action


@lru_cache(maxsize=64)
def _game(name: str, players: int, options_json: str):
    return rules.load(name, players=players, **json.loads(options_json))


def game_of(match):
    return _game(match.game, match.players, json.dumps(match.options or {}, sort_keys=True))


_cache: dict[int, tuple[tuple, Replayed]] = {}
_lock = threading.Lock()


def _key(match) -> tuple:
    return (match.game, match.players, json.dumps(match.options or {}, sort_keys=True),
            match.seed, match.first_dealer)


def _copy(replayed: Replayed) -> Replayed:
    return Replayed(replayed.state.clone(), list(replayed.actions), list(replayed.actors),
                    list(replayed.hands))


def replay(match) -> Replayed:
    """The match's state now, with who made each action; a fresh copy the caller may change."""
    key, history = _key(match), list(match.history or [])
    with _lock:
        cached = _cache.get(match.pk)
    if cached is not None and cached[0] == key and len(cached[1].actions) <= len(history) \
            and cached[1].actions == history[:len(cached[1].actions)]:
        replayed = _copy(cached[1])
    else:
        game = game_of(match)
        replayed = Replayed(game.new_match(seed=match.seed, first_dealer=match.first_dealer))
    for action in history[len(replayed.actions):]:
        apply(replayed, action)
    remember(match.pk, key, replayed)
    return replayed


def apply(replayed: Replayed, action: int) -> None:
    state = replayed.state
    replayed.actors.append(state.current_player())
    replayed.hands.append(state.hand_index)
    state.apply(action)
    replayed.actions.append(action)


def remember(match_pk: int, key: tuple, replayed: Replayed) -> None:
    copy = _copy(replayed)
    with _lock:
        if len(_cache) >= CACHE_SIZE and match_pk not in _cache:
            _cache.pop(next(iter(_cache)))
        _cache[match_pk] = (key, copy)


def remember_match(match, replayed: Replayed) -> None:
    remember(match.pk, _key(match), replayed)


def forget(match_pk: int) -> None:
    with _lock:
        _cache.pop(match_pk, None)
