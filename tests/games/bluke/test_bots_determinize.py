"""Guessing hidden hands: consistent with what the seat saw, and rebuildable into a State."""

import random

from games import rules
from games.bluke.bots.determinize import (
    HandMemory,
    public_bids,
    rebuild_state,
    sample_hands,
)
from games.bluke.bots.view import View
from games.bluke.cards import cards_of


def advance(state, rng, stop):
    while not stop(state):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def mid_hand_states(game, seeds=range(12)):
    """States in the middle of a hand's play, after some voids have shown."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_match(seed=seed)
        yield advance(state, rng, lambda s: s.phase == "play" and len(s.plays) >= 2 * s.n + 1)


def test_guessed_hands_have_the_right_sizes_and_respect_voids():
    game = rules.load("bluke", players=4)
    for state in mid_hand_states(game):
        seat = state.current_player()
        view = View.from_observation(game, state.observation(seat))
        hands = sample_hands(view, random.Random(1))
        assert hands[seat] == state.hands[seat]
        for other in range(4):
            assert hands[other].bit_count() == state.hands[other].bit_count()
            for card in cards_of(hands[other]):
                assert not state.voids[other] >> state.suit_table[card] & 1
        assert not any(hands[a] & hands[b] for a in range(4) for b in range(a))


def test_a_guess_rebuilds_a_state_at_the_same_moment_of_the_hand():
    for name in ("bluke", "back-alley", "back-alley-individual"):
        game = rules.load(name, players=4)
        for state in mid_hand_states(game, range(6)):
            seat = state.current_player()
            view = View.from_state(state, seat)
            rebuilt = rebuild_state(view, list(state.hands), public_bids(view), state.plays)
            assert rebuilt is not None, name
            assert rebuilt.legal_actions() == state.legal_actions()
            assert rebuilt.tricks_won == state.tricks_won
            assert rebuilt.voids == state.voids


def test_the_memory_pieces_the_play_order_together_from_a_seats_turns():
    game = rules.load("bluke", players=4)
    rng = random.Random(3)
    for seed in range(8):
        state = game.new_match(seed=seed)
        memory = HandMemory()
        hand = state.hand_index
        while state.hand_index == hand:
            seat = state.current_player()
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if seat == 0:
                obs = state.observation(0)
                obs.pop("plays", None)  # what an observation without the play order allows
                view = View.from_observation(game, obs)
                assert memory.update(obs, view) == state.plays
                memory.note_own_lead(view, action)
            state.apply(action)


def test_the_memory_uses_the_observations_play_order_when_it_has_one():
    game = rules.load("bluke", players=4)
    state = advance(game.new_match(seed=1), random.Random(1),
                    lambda s: s.phase == "play" and len(s.plays) >= 6)
    obs = state.observation(state.current_player())
    view = View.from_observation(game, obs)
    assert HandMemory().update(obs, view) == state.plays
