"""Shared helpers for the rules tests: fixed deals and random playouts."""

from __future__ import annotations

import random

from games import rules
from games.bluke.cards import parse_card


def deal(state, hands: list[list[str]], turned: str | None, replacement: str | None = None):
    """Replace the current deal of `state` with the given cards (codes per seat)."""
    masks = []
    for codes in hands:
        mask = 0
        for code in codes:
            mask |= 1 << parse_card(code)
        masks.append(mask)
    turned_card = None if turned is None else parse_card(turned)
    size = len(hands[0])
    if state.game.schedule[state.hand_index] != size:
        state.hand_index = state.game.schedule.index(size)
        state.first_dealer = -state.hand_index % state.n  # keep seat 0 as the dealer
    extra = None if replacement is None else parse_card(replacement)
    state.start_hand(masks, turned_card, extra)
    return state


def at_hand(game, hand_number: int, seed: int = 0):
    """A new match whose current hand is `hand_number` (1-based), before any bid."""
    state = game.new_match(seed=seed)
    state.hand_index = hand_number - 1
    state._deal_from_seed()
    return state


def bid_all(state, bids):
    """Apply bids (ints or words) in bidding order, starting with the current player."""
    for bid in bids:
        state.apply(bid if isinstance(bid, str) else rules.bid_action(bid))


def play(state, *codes):
    for code in codes:
        state.apply(code)


def random_playout(game, seed: int, max_actions: int = 100_000):
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < max_actions:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state
