"""Bots at a California Jack table: the heuristic contests a trick by the value of
the face-up card the winner draws, beats random players; the search guesses only
what is hidden (the opponent's dealt cards, the stock under its top) and plays
whole matches that check clean."""

import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.california_jack.heuristic import CaliforniaJackHeuristicBot
from games.california_jack.search import CaliforniaJackSearchBot, guess_deal
from tests.games.helpers import bot_move

GAME = rules.load("california-jack")
HANDS = [["AH", "KH", "2S", "3D", "4C", "5C"], ["QH", "JH", "3S", "4D", "6C", "7C"]]


def dealt(stock, *events):
    """Bob deals, Ann leads; the stock starts with `stock` (top first)."""
    used = {*HANDS[0], *HANDS[1], *stock}
    rest = [GAME.pack.code(c) for c in GAME.pack.ids() if GAME.pack.code(c) not in used]
    state = GAME.new_match(seed=0, first_dealer=1, auto_deal=False)
    assert state.deal({"hands": HANDS, "stock": [*stock, *rest]}) == []
    for text in events:
        state.apply(text)
    return state


def test_heuristic_and_search_are_the_california_jack_bots():
    assert isinstance(make_bot("heuristic", game=GAME), CaliforniaJackHeuristicBot)
    assert isinstance(make_bot("search", game=GAME), CaliforniaJackSearchBot)


def test_it_contests_a_trick_when_the_top_card_is_worth_having():
    state = dealt(["2H", "9D"], "3D")  # the two of trumps is on top
    assert bot_move(state) == "4D"


TRICK_ONE = ("3D", "4D", "draw:TH", "draw:9S", "6C")  # Bob wins, both draw, Bob leads


def test_it_lets_a_worthless_trick_go_when_the_top_card_is_low():
    state = dealt(["TH", "9S", "8D"], *TRICK_ONE)  # an eight of diamonds to be drawn
    assert bot_move(state) == "4C"


def test_it_trumps_a_worthless_trick_to_draw_a_ten():
    state = dealt(["TH", "9S", "TD"], *TRICK_ONE)
    assert bot_move(state) == "KH"  # its cheapest trump


def test_the_search_guess_keeps_what_both_players_saw():
    state = dealt(["2H", "9D"], "3D", "4D", "draw:2H", "draw:9D")
    observation = state.observation(0)
    deal = guess_deal(GAME, observation, random.Random(1))
    assert deal["hands"][0] == sorted(HANDS[0])
    assert deal["stock"][:3] == ["2H", "9D", observation["table"]["stock"]["shown"][0]]
    assert "4D" in deal["hands"][1] and "2H" not in deal["hands"][1]


def test_heuristic_beats_random_players():
    heuristic, rand = run_arena("california-jack", ["heuristic", "random"], 6, seed=2)
    assert heuristic.mean > rand.mean and heuristic.wins >= 5


def test_bots_play_a_whole_match_that_checks_clean():
    game = rules.load("california-jack", target=2)
    bots = [make_bot("search", game, time_budget=None, max_samples=1),
            make_bot("heuristic", game)]
    record = play_state(game, bots, seed=3).to_record()
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]
