"""Bots at a Calypso table: `heuristic` and `search` name the Calypso bots, the
heuristic leads its own suit, trumps an opponent's trick and feeds its partner's
calypso, and the bots play whole matches that check clean."""

import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.calypso.heuristic import CalypsoHeuristicBot
from games.calypso.search import CalypsoSearchBot, guess_deal, played_this_deal
from tests.games import helpers

GAME = rules.load("calypso")
RANKS = "23456789TJQKA"


def dealt(first, fill):
    hands = [list(cards) + [r + suit for r in RANKS][:13 - len(cards)]
             for cards, suit in zip(first, fill, strict=True)]
    state = GAME.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    return state


def bot_move(state, name="heuristic"):
    return helpers.bot_move(state, name, time_budget=None, max_samples=2)


def test_heuristic_and_search_are_the_calypso_bots_at_a_calypso_table():
    assert isinstance(make_bot("heuristic", game=GAME), CalypsoHeuristicBot)
    assert isinstance(make_bot("search", game=GAME), CalypsoSearchBot)


def test_it_leads_its_own_suit():
    state = dealt([["AH", "KS", "4S"], [], [], []], fill="HDHC")
    assert bot_move(state) == "KS"


def test_void_it_trumps_an_opponents_trick_with_its_lowest_winning_own_card():
    state = dealt([["9H"], ["5D", "QD"], ["2H"], []], fill="SDHC")
    state.apply("9H")
    assert bot_move(state) == "2D"  # seat 1 holds only diamonds: the lowest wins


def test_it_feeds_the_partners_calypso_when_the_partner_holds_the_trick():
    state = dealt([["AC"], ["2C"], ["7H", "9S"], []], fill="SDSC")
    for text in ("AC", "2C"):
        state.apply(text)
    assert bot_move(state) == "QS"  # void in clubs, the partner's ace holds: a spade for it


def test_search_guesses_the_deal_as_dealt_around_what_it_has_seen():
    state = GAME.new_match(seed=6)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    view = state.observation(seat)
    played = played_this_deal(GAME, view)
    deal = guess_deal(GAME, view, played, random.Random(2))
    assert [len(h) for h in deal["hands"]] == [13] * 4 and len(deal["stock"]) == 156
    assert deal["hands"][seat] == view["table"]["hand"][seat] + played[seat]
    assert bot_move(state, "search") in {state.action_to_string(a)
                                         for a in state.legal_actions()}


def test_bots_play_a_whole_match_that_checks_clean():
    bots = [make_bot(name, game=GAME, time_budget=None, max_samples=1)
            for name in ("search", "random", "heuristic", "heuristic")]
    record = play_state(GAME, bots, seed=4).to_record()
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


def test_heuristic_beats_random_players():
    heuristic, randoms, _, _ = run_arena("calypso", ["heuristic", "random"] * 2, 6, seed=2)
    assert heuristic.mean > randoms.mean and heuristic.wins >= 4
