"""Bots at a Ribs table: `heuristic` and `search` name the Ribs bots, the heuristic
lays sensible ribs and pairs and folds when every pair it holds would feed a made
bid, it beats random players, and whole matches of every bot check clean."""

import random

from games import rules
from games.bots import make_bot
from games.bots.match import play_match, play_state
from games.ribs.heuristic import RibsHeuristicBot
from games.ribs.model import Situation, read_tricks
from games.ribs.search import RibsSearchBot
from tests.games.helpers import bot_move

RIBS = rules.load("ribs")
HANDS = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
         ["KH", "QH", "JH", "KD", "QD", "JD", "KC", "QC"],  # faces only: every pair costs 4
         ["AH", "TH", "9H", "8H", "7H", "AD", "TD", "9D"],
         ["AC", "JC", "TC", "9C", "8C", "7C", "8D", "7D"]]


def dealt(*events):
    state = RIBS.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal({"hands": HANDS}) == []
    for text in events:
        state.apply(text)
    return state


def test_heuristic_and_search_name_the_ribs_bots():
    assert isinstance(make_bot("heuristic", game=RIBS), RibsHeuristicBot)
    assert isinstance(make_bot("search", game=RIBS), RibsSearchBot)


def test_the_observation_is_read_back_into_the_hand_so_far():
    state = dealt("bid:2", "bid:3", "pass", "pass", "pass", "ribs:AS+KS", "fold:QH+JH")
    sit = Situation.read(RIBS, state.observation(2))
    assert (sit.trick.bidder, sit.trick.high, sit.folded) == (0, 3, [False, True, False, False])
    assert len(sit.unseen) == (6 + 2) + (6 + 2) + 8  # hands, face-down ribs, a fold
    assert sit.unseen.count(7) == 2  # the aces of spades and clubs (seat 2 holds two)
    tricks = read_tricks(state.observation(2)["events"], 3, 4)
    assert tricks[0].passed == [1, 2, 3] and tricks[0].lays == [(0, "?"), (1, "?")]


def test_the_bidder_lays_ribs_with_an_ace():
    assert bot_move(dealt("bid:2", "pass", "pass", "pass")).startswith("ribs:AC+")


def test_it_folds_when_the_bid_looks_made_and_every_pair_it_holds_costs_four():
    state = dealt("bid:2", "pass", "pass", "pass", "ribs:AC+JC", "lay:9S+8S")
    assert bot_move(state).startswith("fold:")


def test_it_lays_points_against_a_bid_the_table_cannot_reach():
    state = dealt("bid:12", "pass", "pass", "pass", "ribs:AC+JC")
    move = bot_move(state)
    assert move.startswith("lay:") and {move[4], move[7]} <= set("KQJ")


def test_the_heuristic_beats_three_random_players():
    game = rules.load("ribs", hands_to_win=2)
    mine = others = 0
    for match in range(4):
        bots = [make_bot("heuristic" if seat == match else "random", game=game)
                for seat in range(4)]
        totals = play_state(game, bots, seed=match).returns()
        mine += totals[match]
        others += sum(totals) - totals[match]
    assert mine > others / 3 * 1.5


def test_bots_play_a_whole_match_that_checks_clean():
    record = play_match("ribs", ["search", "heuristic", "random", "heuristic", "random"],
                        seed=4, hands_to_win=1)
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


def test_the_search_bot_answers_within_a_sample_cap():
    state = dealt("bid:2", "pass", "pass", "pass", "ribs:AC+JC")
    bot = RibsSearchBot(RIBS, time_budget=None, max_samples=3)
    action = bot.step(state.observation(0), state.legal_actions(), random.Random(1))
    assert action in state.legal_actions()
