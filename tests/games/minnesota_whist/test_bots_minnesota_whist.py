"""Bots at a Minnesota Whist table: `heuristic` and `search` name the game's own bots,
the heuristic grands on strength and shows its lowest card of the colour, plays to win
tricks on a high hand and to lose them on a low one, and the search guesses the
hidden bid cards."""

import copy
import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.minnesota_whist.heuristic import MinnesotaWhistHeuristicBot, hand_tricks
from games.minnesota_whist.search import MinnesotaWhistSearchBot, distinct_plays
from tests.games.helpers import bot_move

GAME = rules.load("minnesota-whist")
RANKS = "23456789TJQKA"
MIXED = [[r + s for s in "SHDC" for r in RANKS][k::4] for k in range(4)]
STRONG = ["AS", "KS", "QS", "JS", "AH", "KH", "AD", "KD", "2D", "3C", "4C", "5H", "6S"]


def dealt(hands=MIXED):
    state = GAME.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal({"hands": copy.deepcopy(hands)}) == []
    return state


def strong_deal():
    rest = [c for c in GAME.pack.faces if c not in STRONG]
    return [STRONG, rest[0:13], rest[13:26], rest[26:39]]


def test_heuristic_and_search_are_the_minnesota_whist_bots_at_its_table():
    assert isinstance(make_bot("heuristic", game=GAME), MinnesotaWhistHeuristicBot)
    assert isinstance(make_bot("search", game=GAME), MinnesotaWhistSearchBot)


def test_it_grands_with_a_strong_hand_showing_its_lowest_black_card():
    assert hand_tricks(STRONG) > 4
    assert bot_move(dealt(strong_deal())) == "bid:3C"


def test_it_shows_its_lowest_red_card_with_an_ordinary_hand():
    assert hand_tricks(MIXED[0]) < 3.4  # aces of spades only, kings of hearts
    assert bot_move(dealt()) == "bid:4D"


def test_on_a_high_hand_it_wins_cheaply_and_lets_a_partners_winner_stand():
    state = dealt()
    for text in ("bid:5H", "bid:2H", "bid:5C", "bid:5S", "3S"):  # Cy grands; Bob leads
        state.apply(text)
    assert bot_move(state) == "4S"  # the cheapest spade that wins
    for text in ("QS", "5S"):
        state.apply(text)
    assert bot_move(state) == "2S"  # Ann: her partner Cy's queen holds the trick


def test_on_a_low_hand_it_ducks_with_its_highest_loser_and_sheds_when_forced():
    state = dealt()
    for text in ("bid:5H", "bid:2H", "bid:3H", "bid:4H"):
        state.apply(text)
    assert bot_move(state) == "2S"  # a low lead
    state.apply("2S")
    assert bot_move(state) == "JS"  # every spade wins: the highest goes
    state.apply("JS")
    assert bot_move(state) == "8S"  # the highest spade under the jack


def test_the_search_tries_one_card_of_each_run_and_one_bid_card_per_colour():
    assert distinct_plays(["2S", "3S", "5S", "7S", "8S", "AH"], {"4S"}) == ["AH", "2S", "7S"]
    assert distinct_plays(["bid:2S", "bid:3H", "bid:9C"], set()) == ["bid:2S", "bid:3H"]


def test_the_search_guesses_the_hidden_bid_cards_and_keeps_what_it_saw():
    state = dealt()
    for text in ("bid:5H", "bid:2H", "bid:5C", "bid:5S", "3S"):
        state.apply(text)
    seen = state.observation(2)
    assert seen["events"][:4] == ["bid:5H", "bid:2H", "bid:5C", "?"]
    bot = make_bot("search", game=GAME, time_budget=None, max_samples=2)
    rebuilt = bot.rebuild(GAME, seen, random.Random(3))
    assert rebuilt is not None and rebuilt.current_player() == 2
    assert GAME.pack.codes(rebuilt.table.of("hand", 2)) == GAME.pack.codes(
        state.table.of("hand", 2))
    assert "5H" in GAME.pack.codes(rebuilt.table.of("hand", 0))  # Ann's shown card
    assert rebuilt.vars["grander"] == 2


def test_bots_play_a_whole_match_that_checks_clean():
    short = rules.load("minnesota-whist", target=2)  # a short race keeps the test quick
    bots = [make_bot("search", game=short, time_budget=None, max_samples=1),
            make_bot("heuristic", game=short), make_bot("random", game=short),
            make_bot("heuristic", game=short)]
    state = play_state(short, bots, seed=4)
    report = rules.check_record(state.to_record())
    assert report.valid and report.complete, report.errors[:3]


def test_heuristic_partners_beat_random_partners():
    first, _, second, _ = run_arena("minnesota-whist",
                                    ["heuristic", "random", "heuristic", "random"], 6, seed=2)
    assert first.wins + second.wins > 8  # (each match counts for both partners)
