"""Bots at a Twenty-Nine table: the heuristic bids, names trump, plays and shows the
royals like a club player; the search guesses the hidden trump and still searches."""

import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_match
from games.twenty_nine.heuristic import (
    TwentyNineHeuristicBot,
    bid_limit,
    cheapest,
    richest,
)
from games.twenty_nine.search import TwentyNineSearchBot
from tests.games.helpers import bot_move

GAME = rules.load("twenty-nine")
HANDS = [["JS", "9S", "AS", "TS", "JH", "7H", "8D", "7D"],
         ["AH", "TH", "9H", "8S", "JD", "9D", "JC", "9C"],
         ["KS", "QS", "QH", "KH", "AD", "TD", "QD", "KD"],
         ["7S", "8H", "7C", "8C", "QC", "KC", "TC", "AC"]]
AUCTION = "bid:16 bid:17 pass pass bid:20 pass trump:S".split()


def dealt(*events, hands=HANDS, game=GAME, dealer=3):
    state = game.new_match(seed=0, first_dealer=dealer, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    for text in events:
        state.apply(text)
    return state


def test_the_names_give_the_twenty_nine_bots():
    assert isinstance(make_bot("heuristic", game=GAME), TwentyNineHeuristicBot)
    assert isinstance(make_bot("search", game=GAME), TwentyNineSearchBot)


def test_it_bids_on_points_and_length_and_passes_a_weak_hand():
    assert bid_limit(["JS", "9S", "AS", "TS"]) > bid_limit(["7H", "8D", "QC", "KS"])
    assert bot_move(dealt()) == "bid:15"  # seat 0: four spades with the jack and nine
    state = dealt("bid:22")
    assert bot_move(state) == "pass"  # seat 1: three hearts but no jack
    state = dealt("bid:15", "pass", "pass", dealer=1)
    assert bot_move(state) == "bid:16"  # seat 1 (limit 17) against an opponent's 15
    state = dealt("pass", "bid:15", "pass", dealer=1)
    assert bot_move(state) == "pass"  # but leaves its partner's 15 alone


def test_it_names_its_longest_suit_trump():
    assert bot_move(dealt(*AUCTION[:-1])) == "trump:S"


def test_it_always_shows_the_royals():
    state = dealt(*AUCTION, *"JH 9H QH 8H 7H AH KH reveal 7S AC 9S 9C AD".split())
    assert state.current_player() == 2 and bot_move(state) == "royals"


def test_it_takes_a_trick_with_its_lowest_sure_winner_and_otherwise_plays_its_cheapest():
    state = dealt(*AUCTION, "8D")
    assert bot_move(state) == "9D"  # seat 1: only its own jack is higher: the nine wins
    state.apply("9D")
    assert bot_move(state) == "QD"  # seat 2 cannot win: no points given away


def test_it_gives_a_partner_sure_to_win_its_richest_card_but_not_a_trump():
    assert richest(["QH", "AH", "7H"]) == "AH"
    assert richest(["JS", "AH", "7H"], trump="S") == "AH"
    assert cheapest(["JS", "7S", "AH"], trump="S") == "AH"


def test_the_search_guesses_the_hidden_trump_and_searches_where_the_generic_one_cannot():
    state = dealt(*AUCTION, "JH")
    observation = state.observation(1)
    assert "?" in observation["events"]
    bot = make_bot("search", game=GAME, time_budget=None, max_samples=4)
    played = bot.referee(GAME, observation)
    guesses = [bot.guess(GAME, observation, played, random.Random(seed)) for seed in range(6)]
    guesses = [g for g in guesses if g is not None]
    assert guesses and all(g.current_player() == 1 for g in guesses)
    assert all(g.table.of("hand", 1) == state.table.of("hand", 1) for g in guesses)
    assert bot_move(state, "search", time_budget=None, max_samples=4) in ("AH", "TH", "9H")


def test_bots_play_a_whole_match_that_checks_clean():
    game = rules.load("twenty-nine", target=1)
    record = play_match(game, ["search", "heuristic", "random", "heuristic"], seed=3,
                        time_budget=0.02)
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


def test_heuristic_beats_random_players():
    heuristic, _, _, _ = run_arena("twenty-nine", ["heuristic", "random", "heuristic",
                                                   "random"], 8, seed=2)
    assert heuristic.wins >= 7
