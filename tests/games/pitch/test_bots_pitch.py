"""Bots at a Pitch table: the heuristic bids what its hand can take, steals as the
dealer, keeps smudge for the cards, plays sensibly, and beats random players; the
search bot plays whole matches that check clean."""

import random

from games import rules
from games.bots import make_bot
from games.bots.arena import run_arena
from games.bots.match import play_state
from games.pitch.heuristic import PitchHeuristicBot, smudge_hand
from games.pitch.search import PitchSearchBot, Table
from tests.games import helpers

PITCH = rules.load("pitch")


def dealt(hands, *events):
    state = PITCH.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    for text in events:
        state.apply(text)
    return state


def bot_move(state, name="heuristic"):
    return helpers.bot_move(state, name, time_budget=None, max_samples=4)


STRONG = ["AS", "KS", "JS", "2S", "TS", "AH"]
WEAK = ["3H", "5D", "7C", "8D", "9C", "4H"]
FILL = [["6H", "7H", "8H", "9H", "TH", "JH"], ["6D", "7D", "9D", "TD", "JD", "QD"],
        ["6C", "8C", "TC", "JC", "QC", "KC"]]


def test_heuristic_and_search_are_the_pitch_bots_at_a_pitch_table():
    assert isinstance(make_bot("heuristic", game=PITCH), PitchHeuristicBot)
    assert isinstance(make_bot("search", game=PITCH), PitchSearchBot)


def test_it_bids_a_strong_trump_hand_and_passes_a_weak_one():
    state = dealt([STRONG, *FILL])
    assert bot_move(state) == "bid:3"  # High, Low and Jack likely, Game perhaps
    weak = dealt([WEAK, *FILL])
    assert bot_move(weak) == "pass"


def test_the_dealer_steals_with_a_good_hand_and_bids_when_forced():
    state = dealt([FILL[0], FILL[1], FILL[2], STRONG], "bid:2", "pass", "pass")
    assert bot_move(state) == "steal"
    forced = dealt([FILL[0], FILL[1], FILL[2], WEAK], "pass", "pass", "pass")
    assert bot_move(forced) == "bid:2"


def test_no_smudge_without_the_cards():
    assert not smudge_hand(STRONG, "S")
    assert smudge_hand(["AS", "KS", "QS", "JS", "9S", "AH"], "S")
    state = dealt([["AS", "KS", "QS", "JS", "9S", "AH"], *FILL])
    assert bot_move(state) == "smudge"


def test_the_pitcher_leads_its_best_suit_from_the_top():
    state = dealt([STRONG, *FILL], "bid:3", "pass", "pass", "pass")
    assert bot_move(state) == "AS"


def test_it_feeds_a_ten_to_its_partners_sure_trick():
    hands = [["AS", "4D", "5D", "6D", "7D", "8D"], ["2S", "9D", "TD", "JD", "QD", "KD"],
             ["TH", "3C", "4C", "5C", "6C", "7C"], ["3S", "8C", "9C", "TC", "JC", "QC"]]
    state = dealt(hands, "bid:2", "pass", "pass", "pass", "AS", "2S")
    assert bot_move(state) == "TH"  # the ace of trumps cannot lose


def test_it_trumps_an_opponents_ten():
    hands = [["AS", "4D", "5D", "6D", "7D", "8D"], ["2S", "9D", "TD", "JD", "QD", "KD"],
             ["6S", "7S", "TH", "3C", "4C", "5C"], ["3S", "8C", "9C", "TC", "JC", "QC"]]
    state = dealt(hands, "bid:2", "pass", "pass", "pass", "AS", "2S", "6S", "3S", "4D", "TD")
    assert bot_move(state) == "7S"


def test_heuristic_beats_random_players():
    heuristic, rand, *_ = run_arena("pitch", ["heuristic", "random", "heuristic", "random"],
                                    4, seed=2)
    assert heuristic.mean > rand.mean and heuristic.wins == 4


def test_bots_play_a_whole_pitch_match_that_checks_clean():
    game = rules.load("pitch", target=3)
    bots = [make_bot("search", game, time_budget=None, max_samples=2),
            make_bot("heuristic", game), make_bot("random", game), make_bot("heuristic", game)]
    record = play_state(game, bots, seed=3).to_record()
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


HANDS = [["AS", "4D", "5D", "6D", "7D", "8D"], ["2S", "9D", "TD", "JD", "QD", "KD"],
         ["6S", "7S", "TH", "3C", "4C", "5C"], ["3S", "8C", "9C", "TC", "JC", "QC"]]


def heuristic_hand(seed, moves):
    """A hand dealt at random and played `moves` actions by the heuristic in every seat."""
    state = PITCH.new_match(seed=seed)
    heuristic = PitchHeuristicBot(PITCH)
    for _ in range(moves):
        seat = state.current_player()
        state.apply(heuristic.step(state.observation(seat), state.legal_actions(),
                                   random.Random(0)))
    return state


def test_the_searchs_guesses_agree_with_the_bids_and_the_voids():
    state = heuristic_hand(5, 9)  # four calls, a trick and a card
    seat = state.current_player()
    table = Table(state.observation(seat))
    heuristic = PitchHeuristicBot(PITCH)
    rng = random.Random(4)
    for _ in range(10):
        held = table.guess(rng, heuristic)
        assert held[seat] == table.hand
        dealt_now = [c for h in held for c in h] + [c for p in table.played for c in p]
        assert len(set(dealt_now)) == len(dealt_now) == 24  # no card twice
        for other in set(range(4)) - {seat}:
            assert len(held[other]) + len(table.played[other]) == 6
            assert not {c[1] for c in held[other]} & table.voids[other]
            assert table.fits(other, table.played[other] + held[other], heuristic)


def test_a_rollout_scores_the_hand_as_the_engine_does_side_less_other_side():
    state = dealt(HANDS, "bid:2", "pass", "pass", "pass", "AS", "2S", "6S", "3S", "4D")
    table = Table(state.observation(1))
    held = [PITCH.pack.codes(state.table.of("hand", seat)) for seat in range(4)]
    heuristic = PitchHeuristicBot(PITCH)
    for card in ("TD", "9D"):
        trial = state.clone()
        trial.apply(card)
        while trial.hand_index == state.hand_index:
            seat = trial.current_player()
            trial.apply(heuristic.step(trial.observation(seat), trial.legal_actions(),
                                       random.Random(0)))
        scores = trial.hand_log[-1]["scores"]
        assert table.rollout(held, card, heuristic) == scores[1] - scores[0]
