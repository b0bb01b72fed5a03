"""Auction, choice, exchange, a hidden widow and secret discards, on the second test
game (tests/games/engine/auction_game.py)."""

import copy
import random

import pytest
from auction_game import WidowWhist

from games import rules


@pytest.fixture
def whist():
    rules.register(WidowWhist)
    yield rules.load("widow-whist")
    rules.GAMES.pop("widow-whist", None)


def to_exchange(game, seed=1):
    """A state at the declarer's discard: seat 1 bids 6, the others pass."""
    state = game.new_match(seed=seed)
    for text in ("bid:6", "pass", "pass", "trump:H"):
        state.apply(text)
    return state


def test_the_auction_ends_with_one_bidder_who_names_trump_and_takes_the_widow(whist):
    state = whist.new_match(seed=1)
    assert state.current_player() == 1  # the dealer's left opens
    state.apply("bid:6")
    assert state.check("bid:6").code == "not-allowed"  # bids must rise
    state.apply("bid:7")
    state.apply("pass")
    state.apply("pass")
    assert state.vars["declarer"] == 2 and state.vars["contract"] == 7
    assert state.phase_name() == "trump" and state.current_player() == 2
    state.apply("trump:S")
    assert state.trump == 0 and len(state.table.of("hand", 2)) == 12
    assert state.table.of("widow") == []


def test_everyone_passing_throws_the_deal_in(whist):
    state = whist.new_match(seed=1)
    first = state.observation(0)["table"]["hand"][0]
    for _ in range(3):
        state.apply("pass")
    assert state.hand_index == 0 and state.attempt == 1 and state.phase_name() == "auction"
    assert state.observation(0)["table"]["hand"][0] != first


def test_discards_are_secret_to_the_other_seats(whist):
    state = to_exchange(whist)
    discard = state.legal_actions()[0]
    state.apply(discard)
    assert state.observation(1)["events"][-1] == state.action_to_string(discard)
    assert state.observation(0)["events"][-1] == "?"
    assert state.observation(0)["table"]["discards"] == {"count": 1}


def test_records_without_hands_need_the_widow(whist):
    state = whist.new_match(seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    record = state.to_record()
    assert rules.check_record(record).valid
    no_hands = copy.deepcopy(record)
    for hand in no_hands["hands"]:
        hand["deal"] = {"widow": hand["deal"]["widow"]}
    assert rules.check_record(no_hands).valid
    for hand in no_hands["hands"]:
        del hand["deal"]
    error, *rest = rules.check_record(no_hands).errors
    assert (error.hand, error.field, error.code) == (1, "deal.widow", "missing-field")
    assert [e.code for e in rest] == (["hands-unchecked"] if len(no_hands["hands"]) > 1 else [])
