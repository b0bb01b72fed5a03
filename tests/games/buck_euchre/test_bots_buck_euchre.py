"""Bots at a Buck Euchre table: `heuristic` and `search` name the game's own bots, the
heuristic weighs the +5 risk when it makes trump or stays, and the search guesses the
dealer's hidden discard instead of playing at random."""

import copy
import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.buck_euchre.heuristic import BuckEuchreHeuristicBot
from games.buck_euchre.search import BuckEuchreSearchBot, find_upcard
from tests.games.helpers import bot_move

GAME = rules.load("buck-euchre")
STRONG = {"hands": [["JH", "JD", "AH", "QH", "AS"], ["9C", "KS", "QS", "9D", "TD"],
                    ["AC", "KC", "QC", "9S", "TH"], ["KD", "9H", "AD", "TS", "JC"]],
          "turned": "KH", "stock": ["JS", "QD", "TC"]}


def dealt(deal=STRONG):
    state = GAME.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal(copy.deepcopy(deal)) == []
    return state


def test_heuristic_and_search_are_the_buck_euchre_bots_at_its_table():
    assert isinstance(make_bot("heuristic", game=GAME), BuckEuchreHeuristicBot)
    search = make_bot("search", game=GAME)
    assert isinstance(search, BuckEuchreSearchBot)
    assert isinstance(search.policy, BuckEuchreHeuristicBot)  # rollouts play like people


def test_it_orders_up_with_both_bowers_and_passes_with_a_poor_hand():
    state = dealt()
    assert bot_move(state) == "order-up"
    state = dealt()
    state.apply("pass")
    assert bot_move(state) == "pass"


def test_the_dealer_discards_to_a_void_and_never_the_upcard():
    state = dealt()
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    state.apply("order-up")  # the dealer takes the king of hearts
    assert bot_move(state) in ("discard:TS", "discard:JC")  # singletons, not the ace


def test_it_stays_with_a_likely_trick_and_drops_a_hand_that_risks_five():
    state = dealt()
    for text in ("order-up", "discard:TS"):
        state.apply(text)
    assert bot_move(state) == "drop"  # no trump, no ace
    state.apply("drop")
    assert bot_move(state) == "drop"  # a low trump and an ace: a +5 too likely
    state.apply("drop")
    assert bot_move(state) == "stay"  # the dealer: two trumps and an ace


def test_it_trumps_with_its_cheapest_winner_and_throws_low_when_it_cannot_win():
    state = dealt()
    for text in ("order-up", "discard:TS", "stay", "stay", "stay", "AS"):
        state.apply(text)
    assert bot_move(state) == "QS"  # cannot beat the ace: its lowest spade
    state.apply("QS")
    state.apply("9S")
    assert bot_move(state) == "9H"  # void in spades: the lowest trump takes it


def test_the_search_finds_the_upcard_and_guesses_the_hidden_discard():
    state = dealt()
    for text in ("order-up", "discard:TS", "stay", "stay", "stay"):
        state.apply(text)
    seen_by_ann = state.observation(0)
    assert seen_by_ann["events"][1] == "?" and find_upcard(seen_by_ann) == "KH"
    bot = make_bot("search", game=GAME, time_budget=None, max_samples=2)
    rebuilt = bot.rebuild(GAME, seen_by_ann, random.Random(1))
    assert rebuilt is not None and rebuilt.current_player() == 0
    assert GAME.pack.codes(rebuilt.table.of("hand", 0)) == \
        GAME.pack.codes(state.table.of("hand", 0))
    assert "KH" in GAME.pack.codes(rebuilt.table.of("hand", 3))


def test_bots_play_a_whole_match_that_checks_clean():
    short = rules.load("buck-euchre", start=5)  # a short race keeps the test quick
    bots = [make_bot("heuristic", game=short), make_bot("random", game=short),
            make_bot("search", game=short, time_budget=None, max_samples=2),
            make_bot("heuristic", game=short)]
    state = play_state(short, bots, seed=4)
    report = rules.check_record(state.to_record())
    assert report.valid and report.complete, report.errors[:3]


def test_heuristic_beats_random_players():
    heuristic, *randoms = run_arena("buck-euchre", ["heuristic", "random", "random", "random"],
                                    8, seed=2)
    assert heuristic.mean < min(r.mean for r in randoms)  # the lowest score wins
    assert heuristic.wins > 3
