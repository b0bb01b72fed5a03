"""Bots at a Couillon table: `heuristic` and `search` name the Couillon bots, the
heuristic accepts only strong hands and plays a sensible trick, and both play whole
matches that check clean."""

import copy
import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.couillon.heuristic import CouillonHeuristicBot, hand_strength
from games.couillon.search import CouillonSearchBot, guess_deal
from tests.games import helpers

GAME = rules.load("couillon")
HANDS = [["AH", "KH", "9S", "TS"], ["QH", "9H", "AS", "KS"],
         ["JH", "TH", "AD", "KD"], ["AC", "KC", "QC", "JC"]]
DEAL = {"hands": HANDS, "turned": "QS", "bottom": ["9C"],
        "stock": ["JS", "9D", "TD", "JD", "QD", "TC"]}


def dealt(deal=DEAL):
    state = GAME.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal(copy.deepcopy(deal)) == []
    return state


def bot_move(state, name="heuristic"):
    return helpers.bot_move(state, name, time_budget=None, max_samples=4)


def test_heuristic_and_search_are_the_couillon_bots_at_a_couillon_table():
    assert isinstance(make_bot("heuristic", game=GAME), CouillonHeuristicBot)
    assert isinstance(make_bot("search", game=GAME), CouillonSearchBot)


def test_search_plays_out_with_the_heuristic_that_make_bot_passes_it():
    assert isinstance(make_bot("search", game=GAME).policy, CouillonHeuristicBot)
    assert make_bot("search", game=GAME, rollout="random").policy is None


def test_it_accepts_only_a_hand_that_should_win():
    assert hand_strength(["AS", "KS", "AH", "9D"], "S") > hand_strength(["9S", "TH", "JD", "QC"], "S")
    state = dealt()
    assert bot_move(state) == "decline"  # two low spades and the ace-king of hearts
    state.apply("decline")
    assert bot_move(state) == "accept"  # the ace and king of spades and a heart


def test_it_gives_points_to_a_partner_holding_the_trick_and_takes_with_its_cheapest_winner():
    state = dealt()
    for text in ("accept", "AH", "QH"):
        state.apply(text)
    assert bot_move(state) == "JH"  # partner holds the trick with an ace: its best heart
    state = dealt()
    for text in ("decline", "decline", "decline", "decline", "AH", "QH", "JH"):
        state.apply(text)
    assert bot_move(state) == "JC"  # clubs are trump: the lowest club wins the trick


def test_search_guesses_a_deal_with_the_shown_bottom_card():
    state = dealt()
    for text in ("decline",) * 4 + ("AH",):
        state.apply(text)
    deal = guess_deal(GAME, state.observation(1), random.Random(3))
    assert deal["bottom"] == ["9C"] and deal["hands"][1] == HANDS[1]
    assert "9C" not in sum(deal["hands"], []) and bot_move(state, "search") in \
        ("QH", "9H")


def test_bots_play_a_whole_match_that_checks_clean():
    bots = [make_bot(name, game=GAME, time_budget=None, max_samples=2)
            for name in ("heuristic", "random", "search", "heuristic")]
    record = play_state(GAME, bots, seed=4).to_record()
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


def test_heuristic_beats_random_players():
    heuristic, _, _, randoms = run_arena("couillon", ["heuristic", "random"] * 2, 12, seed=2)
    assert heuristic.mean > randoms.mean and heuristic.wins >= 9
