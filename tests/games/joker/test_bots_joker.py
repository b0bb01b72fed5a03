"""Bots at a Georgian Joker table: `heuristic` names the Joker bot there (and still the
Bluke bot at Bluke), it plays to its bid, and it beats random players."""

import random

import pytest

from games import rules
from games.bluke.bots.heuristic import BlukeFamilyHeuristicBot
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_match
from games.joker.heuristic import JokerHeuristicBot
from games.joker.rules import SCHEDULE
from tests.games.helpers import bot_move

JOKER = rules.load("joker")


def dealt(hands, turned, bids):
    index = SCHEDULE.index(len(hands[0]))
    state = JOKER.new_match(seed=0, first_dealer=(3 - index) % 4, auto_deal=False)
    state.start_at(index)
    assert state.deal({"hands": hands, "turned": turned}) == []
    for bid in bids:
        state.apply(f"bid:{bid}")
    return state


def test_heuristic_is_the_joker_bot_at_a_joker_table_and_the_bluke_bot_at_bluke():
    assert isinstance(make_bot("heuristic", game=JOKER), JokerHeuristicBot)
    assert isinstance(make_bot("heuristic", game=rules.load("bluke", players=4)), BlukeFamilyHeuristicBot)


def test_bots_play_a_whole_joker_match_that_checks_clean():
    record = play_match("joker", ["heuristic", "random", "search", "heuristic"], seed=4,
                        time_budget=None)
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


def test_it_takes_the_trick_with_its_cheapest_winning_card_while_it_needs_tricks():
    state = dealt([["9S", "7D"], ["AS", "QS"], ["TS", "8D"], ["7S", "9D"]], "6H",
                  bids=(0, 1, 0, 0))
    state.apply("9S")
    assert bot_move(state) == "QS"


def test_once_its_bid_is_made_it_ducks_with_the_highest_losing_card_or_a_low_joker():
    state = dealt([["KS", "7D"], ["QS", "7S"], ["JK", "AS"], ["7C", "9D"]], "6H",
                  bids=(1, 0, 0, 0))
    state.apply("KS")
    assert bot_move(state) == "QS"
    state.apply("QS")
    assert bot_move(state) == "JK:low"  # its ace would take the trick


def test_it_bids_its_jokers_and_high_trumps():
    state = dealt([["JK", "AH", "KH", "AS"], ["7S", "8S", "9S", "TS"],
                   ["7D", "8D", "9D", "TD"], ["7C", "8C", "9C", "TC"]], "6H", bids=())
    assert bot_move(state) == "bid:4"
    state.apply("bid:4")
    assert bot_move(state) == "bid:0"


def test_heuristic_beats_random_players():
    heuristic, *randoms = run_arena("joker", ["heuristic", "random", "random", "random"],
                                    8, seed=2)
    assert heuristic.mean > max(r.mean for r in randoms)
    assert heuristic.wins > 4


def decision_points(hand_index, seed=5):
    """Every moment of Joker hand `hand_index` (0-based) at which someone is to move,
    heuristic bots playing every seat from the start of the match."""
    bot, rng = make_bot("heuristic", game=JOKER), random.Random(seed)
    state = JOKER.new_match(seed=seed)
    while state.hand_index <= hand_index and not state.is_terminal():
        if state.hand_index == hand_index:
            yield state
        seat = state.current_player()
        state.apply(bot.step(state.observation(seat), state.legal_actions(), rng))


@pytest.mark.parametrize("hand_index", [SCHEDULE.index(9), SCHEDULE.index(8)],
                         ids=["9 cards: the turned card in the dealer's hand", "8 cards"])
def test_the_searchs_guessed_world_looks_to_each_seat_as_the_real_one(hand_index):
    search = make_bot("search", game=JOKER)
    rng = random.Random(1)
    for state in decision_points(hand_index):
        for seat in range(4):
            seen = state.observation(seat)
            # a guess can still break an inference it does not model (a seat that
            # threw off while void held no trump): the search draws another
            world = next(filter(None, (search.rebuild(JOKER, seen, rng) for _ in range(100))),
                         None)
            assert world is not None, (state, seat)
            assert world.trump == state.trump
            assert [len(world.table.of("hand", s)) for s in range(4)] \
                == [len(state.table.of("hand", s)) for s in range(4)]
            turned, dealer_hand = world.dealt["turned"], world.dealt["hands"][state.dealer]
            if state.cards == 9:  # dealt face up in the dealer's hand, nothing on the table
                assert turned in dealer_hand and world.table.of("turned") == []
            else:
                assert turned not in dealer_hand and turned == seen["table"]["turned"][0]
            assert world.observation(seat) == seen
