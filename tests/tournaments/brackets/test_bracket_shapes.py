"""Bracket shapes: byes go to the top seeds, seeds 1 and 2 are kept apart, and a double
elimination puts every player out after exactly two losses, whatever the results."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.brackets import (
    DOUBLE,
    SINGLE,
    bracket_for,
    double_elimination,
    resolve,
    seed_lines,
    single_elimination,
)
from tournaments.brackets.play import BYE, NOT_NEEDED, PLAYED, READY, VOID, losses


def play_out(bracket, pick):
    """Play every match as it becomes ready; `pick(state)` names the winning seed."""
    winners: dict[str, int] = {}
    while True:
        resolved = resolve(bracket, winners)
        ready = resolved.playable()
        if not ready:
            return resolved
        for state in ready:
            winners[state.match.key] = pick(state)


def higher_seed_wins(state):
    return min(state.top, state.bottom)


def random_winner(rng):
    return lambda state: rng.choice([state.top, state.bottom])


@pytest.mark.parametrize("entrants, byes", [(5, [1, 2, 3]), (8, []), (13, [1, 2, 3]),
                                            (16, [])])
@pytest.mark.parametrize("format", [SINGLE, DOUBLE])
def test_it_gives_the_byes_to_the_top_seeds(format, entrants, byes):
    bracket = bracket_for(format, entrants)
    assert bracket.byes() == byes
    first_round = [resolve(bracket, {}).states[m.key] for m in bracket.matches
                   if m.key.startswith("W1-")]
    assert sorted(s.winner for s in first_round if s.state == BYE) == byes
    playing = sorted(seed for s in first_round if s.state == READY for seed in (s.top, s.bottom))
    assert playing == list(range(len(byes) + 1, entrants + 1))


def test_it_places_seeds_so_first_round_matches_add_up_to_the_size_plus_one():
    assert seed_lines(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (2, 4, 8, 16, 32):
        lines = seed_lines(size)
        assert sorted(lines) == list(range(1, size + 1))
        assert {a + b for a, b in itertools.batched(lines, 2)} == {size + 1}


def _every_outcome(bracket):
    """Every way a single-elimination bracket can go (2^matches; fine up to 16 entrants)."""
    stack = [{}]
    while stack:
        winners = stack.pop()
        resolved = resolve(bracket, winners)
        ready = resolved.playable()
        if not ready:
            yield resolved
            continue
        state = ready[0]
        stack += [{**winners, state.match.key: seed} for seed in (state.top, state.bottom)]


@pytest.mark.parametrize("entrants", [5, 8, 13])
def test_seeds_1_and_2_can_meet_only_in_the_final(entrants):
    bracket = single_elimination(entrants, consolation=True)
    final = max(m.round for m in bracket.matches)
    for resolved in _every_outcome(bracket):
        meetings = [s.match for s in resolved.states.values() if s.state == PLAYED
                    and {s.top, s.bottom} == {1, 2} and s.match.key != "3P"]
        # (both can lose their semi-finals and play for third place, alongside the final)
        assert all(m.round == final for m in meetings)


@pytest.mark.parametrize("entrants", [5, 8, 13, 16])
def test_seeds_1_and_2_meet_in_the_final_when_the_favourites_win(entrants):
    for format in (SINGLE, DOUBLE):
        resolved = play_out(bracket_for(format, entrants), higher_seed_wins)
        meetings = [s.match for s in resolved.states.values()
                    if s.state == PLAYED and {s.top, s.bottom} == {1, 2}]
        if format == SINGLE:
            assert [m.key for m in meetings] == [f"W{entrants.bit_length()}-1"
                                                 if entrants & (entrants - 1)
                                                 else f"W{entrants.bit_length() - 1}-1"]
        else:  # the winners' final, then the grand final (no reset: seed 1 wins it)
            assert [m.stage for m in meetings] == ["winners", "grand-final"]
            assert resolved.states["GF2"].state == NOT_NEEDED
        assert resolved.champion == 1


@given(entrants=st.integers(2, 40), seed=st.integers(0, 2**32))
def test_double_elimination_puts_everyone_out_after_exactly_two_losses(entrants, seed):
    resolved = play_out(double_elimination(entrants), random_winner(random.Random(seed)))
    assert resolved.finished
    champion = resolved.champion
    lost = losses(resolved)
    assert lost.get(champion, 0) <= 1
    assert {seed: n for seed, n in lost.items() if seed != champion} == {
        seed: 2 for seed in range(1, entrants + 1) if seed != champion}
    # Nobody plays on after a second loss.
    so_far: dict[int, int] = {}
    for state in sorted(resolved.states.values(), key=lambda s: s.match.round):
        if state.state == PLAYED:
            assert so_far.get(state.top, 0) < 2 and so_far.get(state.bottom, 0) < 2
            so_far[state.loser] = so_far.get(state.loser, 0) + 1


@given(entrants=st.integers(2, 40), seed=st.integers(0, 2**32))
def test_single_elimination_puts_everyone_but_the_champion_out_after_one_loss(entrants, seed):
    resolved = play_out(single_elimination(entrants), random_winner(random.Random(seed)))
    lost = losses(resolved)
    assert set(lost) == set(range(1, entrants + 1)) - {resolved.champion}
    assert set(lost.values()) == {1}


@given(entrants=st.integers(2, 40))
def test_every_player_plays_at_most_once_a_round(entrants):
    for bracket in (single_elimination(entrants), double_elimination(entrants)):
        resolved = play_out(bracket, higher_seed_wins)
        for round_number in range(1, bracket.rounds + 1):
            seated = [seed for s in resolved.states.values()
                      if s.match.round == round_number and s.state == PLAYED
                      for seed in (s.top, s.bottom)]
            assert len(seated) == len(set(seated))


def test_the_third_place_match_is_between_the_semi_final_losers():
    resolved = play_out(single_elimination(8, consolation=True), higher_seed_wins)
    third = resolved.states["3P"]
    assert (third.top, third.bottom, third.winner) == (4, 3, 3)
    assert third.match.round == resolved.states["W3-1"].match.round


def test_with_three_entrants_the_only_semi_final_loser_is_third_without_playing():
    resolved = play_out(single_elimination(3, consolation=True), higher_seed_wins)
    assert resolved.states["3P"].state == BYE
    assert resolved.states["3P"].winner == 3


def test_matches_without_players_are_void():
    states = resolve(double_elimination(5), {}).states
    assert states["L1-2"].state == VOID  # both its sides would be first-round byes' losers


@pytest.mark.parametrize("args, message", [
    ((SINGLE, 1), "at least two entrants"),
    ((SINGLE, 2, True), "third place needs at least three"),
    ((DOUBLE, 8, True), "no separate match for third place"),
    (("swiss", 8), "unknown bracket format"),
])
def test_it_refuses_brackets_that_cannot_be_played(args, message):
    format, entrants, *consolation = args
    with pytest.raises(ValueError, match=message):
        bracket_for(format, entrants, consolation=bool(consolation and consolation[0]))


def test_a_winner_who_is_not_in_the_match_is_refused():
    with pytest.raises(ValueError, match="match W1-2: seed 1 is not playing in it"):
        resolve(single_elimination(8), {"W1-2": 1})
