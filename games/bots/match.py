"""Bots playing a whole match against each other, producing a card-by-card record."""

from __future__ import annotations

import random

from games import rules
from games.bots.registry import make_bot


def resolve_game(game, players: int, **options) -> rules.Rules:
    """The rules of a game from configured rules (of the Bluke family or an engine game) or a game name
    (players taken from the number of bots)."""
    if not isinstance(game, str):
        if game.num_players != players:
            raise rules.RulesError(
                f"{players} bots for a {game.num_players}-player game")
        return game
    return rules.load(game, players=players, **options)


def play_state(game: rules.Rules, bots: list, seed, first_dealer: int = 0, boards=None):
    """Play a match to its end (on `boards`, when given: `rules.deal_boards`); returns the
    terminal State."""
    on_boards = {} if boards is None else {"boards": boards}
    state = game.new_match(seed=seed, first_dealer=first_dealer, **on_boards)
    rngs = [random.Random(f"bots/{seed}/{seat}") for seat in range(len(bots))]
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        bot = bots[seat]
        observation = state.observation(seat) if bot.needs_observation else None
        state.apply(bot.step(observation, legal, rngs[seat]))
    return state


def play_match(game, bot_names: list[str], seed, seats: list[str] | None = None,
               time_budget: float | None = None, boards=None, **options) -> dict:
    """Record of a full match between the named bots (seat i plays `bot_names[i]`).

    `game` is a `rules.Rules` or a game name (then `options` configure it); `boards`:
    the written deals to play, hand i on board i (a duplicate table).
    Deterministic per seed as long as no search bot runs out of `time_budget`
    (seconds per decision; None: search bots stop at their sample cap only).
    """
    game = resolve_game(game, len(bot_names), **options)
    bots = [make_bot(name, game=game, time_budget=time_budget) for name in bot_names]
    state = play_state(game, bots, seed, boards=boards)
    if seats is None:
        seats = [f"{name} {seat + 1}" for seat, name in enumerate(bot_names)]
    return state.to_record(seats)
