"""Pitch: each rule and each decision of docs/rules/pitch.md on fixed deals, the
shared All Fours count, and both record forms through `rules.check_record`."""

import copy
import json
import pathlib
import random

import pytest

from games import rules
from games.bots import make_bot, play_match
from games.bots.match import play_state
from games.shared import all_fours
from tests.games.helpers import golden_playthrough, legal_texts, play

GAME = rules.load("pitch")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "pitch.json"

# seat 3 deals, so seat 0 bids first; seats 0 and 2 are side 0
HANDS = [["AS", "2S", "KH", "5C", "TD", "9H"],
         ["KS", "3S", "QH", "6C", "4D", "8H"],
         ["JS", "7S", "AH", "9D", "2C", "TC"],
         ["QS", "4S", "JH", "3C", "KD", "7H"]]
# as HANDS with Cy's and Di's diamonds swapped: side 0 takes all six tricks
SWEEP = [HANDS[0], HANDS[1], ["JS", "7S", "AH", "KD", "2C", "TC"],
         ["QS", "4S", "JH", "3C", "9D", "7H"]]
# Cy pitches spades; side 0 takes every trick but the fifth (Di's king of diamonds)
PLAY = ["JS", "QS", "AS", "KS",   # Ann takes the jack with the ace (High, Jack)
        "2S", "3S", "7S", "4S",   # Cy takes the two (Low)
        "AH", "JH", "KH", "QH",
        "TC", "3C", "5C", "6C",
        "9D", "KD", "TD", "4D",   # Di takes a ten
        "7H", "9H", "8H", "2C"]   # Cy, out of hearts, throws a club


def dealt(hands=HANDS, game=GAME, totals=None):
    state = game.new_match(seed=0, first_dealer=3, auto_deal=False)
    if totals is not None:
        state.start_at(0, totals)
    assert state.deal({"hands": hands}) == []
    return state


def code(state, text):
    violation = state.check(text)
    return violation and violation.code


# --- the deal and the auction ---------------------------------------------------
def test_it_deals_six_cards_each_and_sets_the_rest_aside_unseen():
    state = GAME.new_match(seed=4)
    table = state.observation(0)["table"]
    assert len(table["hand"][0]) == 6 and table["hand"][1] == {"count": 6}
    assert table["stock"] == {"count": 28}
    assert state.trump is None


def test_bidding_starts_left_of_the_dealer_and_each_bid_must_be_higher():
    state = dealt()
    assert state.current_player() == 0
    assert legal_texts(state) == ["bid:2", "bid:3", "bid:4", "pass", "smudge"]
    play(state, "bid:3")
    assert code(state, "bid:3") == "bid-too-low" and code(state, "bid:2") == "bid-too-low"
    assert legal_texts(state) == ["bid:4", "pass", "smudge"]


def test_the_dealer_may_steal_the_high_bid_and_becomes_the_pitcher():
    state = play(dealt(), "pass", "bid:3", "pass")
    assert state.current_player() == 3 and "steal" in legal_texts(state)
    assert "bid:4" in legal_texts(state) and "pass" in legal_texts(state)  # or outbid, or pass
    assert code(state, "bid:3") == "steal-word"
    play(state, "steal")
    assert state.vars["pitcher"] == 3 and state.vars["high"] == 3
    assert state.current_player() == 3  # the pitcher leads


def test_only_the_dealer_steals_and_only_a_bid():
    state = dealt()
    assert code(state, "steal") == "steal-dealer-only"
    play(state, "pass", "pass", "pass")
    assert code(state, "steal") == "nothing-to-steal"


def test_when_three_pass_the_dealer_must_bid():
    state = play(dealt(), "pass", "pass", "pass")
    assert "pass" not in legal_texts(state)
    assert code(state, "pass") == "dealer-must-bid"
    play(state, "bid:2")
    assert state.vars["pitcher"] == 3


def test_smudge_is_the_highest_bid_and_can_be_turned_off():
    state = play(dealt(), "smudge")
    assert legal_texts(state) == ["pass"]
    plain = dealt(game=rules.load("pitch", smudge=False))
    assert "smudge" not in legal_texts(plain) and code(plain, "smudge") == "no-smudge"


# --- the play -------------------------------------------------------------------
def test_the_pitchers_first_card_names_trump():
    state = play(dealt(), "bid:2", "pass", "bid:3", "pass")
    assert state.current_player() == 2
    play(state, "JS")
    assert GAME.pack.suits[state.trump] == "S"


def test_follow_suit_or_trump_at_any_time_void_any_card():
    state = play(dealt(), "bid:2", "pass", "bid:3", "pass", "JS", "QS", "AS", "KS",
                 "2S", "3S", "7S", "4S", "AH")
    assert legal_texts(state) == ["7H", "JH"]  # Di holds hearts and no trump
    assert code(state, "KD") == "revoke"
    play(state, "JH", "KH", "QH", "TC", "3C", "5C", "6C", "9D", "KD", "TD", "4D", "7H", "9H",
         "8H")
    assert legal_texts(state) == ["2C"]  # Cy has no heart left: any card


def test_trumping_while_holding_the_led_suit_is_allowed_and_shows_no_void():
    hands = [list(h) for h in HANDS]
    state = play(dealt(hands), "bid:2", "pass", "bid:3", "pass", "7S", "QS", "2S", "3S",
                 "JH", "KH", "KS")  # Bob holds hearts and trumps with the king
    assert "H" not in state.observation(0)["voids"][1]


def test_playing_no_trump_and_not_following_shows_a_void():
    state = play(dealt(SWEEP), "bid:2", "pass", "bid:3", "pass", *PLAY[:16],
                 "KD", "9D", "TD", "4D", "2C", "7H")  # Di throws a heart on a club
    assert "C" in state.observation(0)["voids"][3]


# --- points and scoring -----------------------------------------------------------
def test_the_whole_hand_counts_high_low_jack_and_game():
    state = play(dealt(), "bid:2", "pass", "bid:3", "pass", *PLAY)
    entry = state.hand_log[-1]
    assert entry["summary"] == {"pitcher": 2, "bid": "3", "trump": "S", "high": 0, "low": 0,
                                "jack": 0, "game": 0, "made": True}
    assert entry["scores"] == [4, 0]  # a made bid scores every point taken


def test_high_goes_to_the_side_that_played_the_highest_trump():
    taken = all_fours.count([["AS", "KS"], ["3S", "2S"]], "S")
    assert taken["high"] == 0 and taken["low"] == 1


def test_low_goes_to_the_side_that_captured_the_lowest_trump_played():
    # side 1 played the 4 of trumps, side 0 captured it: Low to side 0
    taken = all_fours.count([["KS", "4S"], ["5S", "AH"]], "S")
    assert taken["low"] == 0 and taken["high"] == 0


def test_jack_is_scored_only_when_the_jack_of_trumps_was_played():
    assert all_fours.count([["AS"], ["KH"]], "S")["jack"] is None
    assert all_fours.count([["AS"], ["JS"]], "S")["jack"] == 1


def test_game_is_the_most_card_points_and_a_tie_gives_nobody_the_point():
    assert all_fours.card_points(["TS", "AH", "KD", "QC", "JS", "9H"]) == 20
    assert all_fours.count([["TS"], ["TH", "2S"]], "S")["game"] is None
    assert all_fours.count([["TS", "3S"], ["AH", "2S"]], "S")["game"] == 0


def test_a_set_pitcher_loses_the_bid_and_the_other_side_scores_its_points():
    state = play(dealt(), "bid:2", "pass", "pass", "bid:4")  # Di bids four for side 1
    play(state, "QS", "AS", "KS", "JS")  # Di pitches spades; side 0 takes all the points
    play(state, "2S", "3S", "7S", "4S", "AH", "JH", "KH", "QH", "TC", "3C", "5C", "6C",
         "9D", "KD", "TD", "4D", "7H", "9H", "8H", "2C")
    assert state.hand_log[-1]["summary"]["made"] is False
    assert state.hand_log[-1]["scores"] == [4, -4]


def test_a_smudge_needs_all_four_points_and_all_six_tricks():
    state = play(dealt(), "pass", "pass", "smudge", "pass", *PLAY)
    entry = state.hand_log[-1]
    assert entry["summary"]["made"] is False  # four points, but Di took a trick
    assert entry["scores"] == [-5, 0]


def test_a_smudge_made_scores_five():
    state = play(dealt(SWEEP), "pass", "pass", "smudge", "pass", *PLAY[:16],
                 "KD", "9D", "TD", "4D", "2C", "7H", "9H", "8H")
    entry = state.hand_log[-1]
    assert entry["summary"]["made"] is True and entry["scores"] == [5, 0]


# --- the match ----------------------------------------------------------------------
def test_the_side_that_pitched_made_and_stands_at_21_wins_whatever_the_totals():
    state = play(dealt(totals=[19, 25]), "bid:2", "pass", "bid:3", "pass", *PLAY)
    assert state.is_terminal() and state.totals == [23, 25]
    assert state.to_record(SEATS)["places"] == [1, 2]


# Side 0 is set on a bid of 2 (-2; side 1 takes its 4 points), then seat 2 (side 0)
# smudges and makes it (+5): side 0 bids out at 3 against 4 (target 3).
BID_OUT_SET_LINE = {"pitcher": 0, "bid": "2", "trump": "H", "high": 1, "low": 1, "jack": 1,
                    "game": 1, "made": False}
BID_OUT_SMUDGE = {"pitcher": 2, "bid": "smudge", "trump": "C", "high": 0, "low": 0,
                  "jack": 0, "game": 0, "made": True}


def test_a_scoresheet_match_is_won_by_the_side_that_bid_out_with_fewer_points():
    set_line, smudge = BID_OUT_SET_LINE, BID_OUT_SMUDGE
    record = {"game": "pitch", "options": {"players": 4, "target": 3}, "seats": SEATS,
              "first_dealer": 3, "hands": [{"summary": set_line, "scores": [-2, 4]},
                                           {"summary": smudge, "running": [3, 4]}],
              "totals": [3, 4]}
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors
    assert report.winner == [0]


def test_written_places_must_name_the_side_that_bid_out():
    # side 0 bids out with 3 against 4: a referee who writes the higher total first
    # is told so, not judged right
    set_line, smudge = BID_OUT_SET_LINE, BID_OUT_SMUDGE
    record = {"game": "pitch", "options": {"players": 4, "target": 3}, "seats": SEATS,
              "first_dealer": 3, "hands": [{"summary": set_line}, {"summary": smudge}],
              "totals": [3, 4], "places": [1, 2]}
    assert rules.check_record(record).valid
    record["places"] = [2, 1]
    errors = rules.check_record(record).errors
    assert [(e.hand, e.seat, e.field, e.code) for e in errors] == [
        (None, 0, "places", "places-mismatch"), (None, 1, "places", "places-mismatch")]
    record["places"] = [1]
    assert [e.code for e in rules.check_record(record).errors] == ["places-count"]


def test_a_side_past_21_that_did_not_pitch_plays_on():
    state = play(dealt(totals=[10, 25]), "bid:2", "pass", "bid:3", "pass", *PLAY)
    assert not state.is_terminal() and state.totals == [14, 25]


def uniformly_random_match(seed: int):
    """Every legal action equally likely: bids of 3, 4 and smudge, mostly set."""
    state = GAME.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_match_that_nobody_bids_out_is_cut_short_after_500_hands_with_no_winner():
    state = uniformly_random_match(5)
    assert state.cut_short and state.hand_index == 500
    assert max(state.totals) < 21  # both sides sank: nobody could bid out
    record = state.to_record(SEATS)
    assert "places" not in record
    report = rules.check_record(record)
    assert report.valid and not report.complete and report.winner is None


def test_a_record_longer_than_500_hands_is_refused_as_too_long():
    record = uniformly_random_match(5).to_record(SEATS)
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    report = rules.check_record(record)
    assert [(e.code, e.hand) for e in report.errors] == [("too-many-hands", 501)]
    assert "too long" in report.errors[0].message and report.winner is None


def test_the_random_bot_passes_unless_forced_so_its_matches_end_by_the_rules():
    for seed in range(10):
        state = play_state(GAME, [make_bot("random", GAME) for _ in range(4)], seed)
        assert state.finished() and not state.cut_short
        bids = [e for hand in state.hand_log for e in hand["events"]
                if GAME.pack.parse(e) is None]
        assert set(bids) == {"pass", "bid:2"}


def test_the_deal_passes_left():
    state = GAME.new_match(seed=2, first_dealer=1)
    dealers = []
    while len(dealers) < 3:
        dealers.append(state.dealer)
        number = state.hand_index
        while state.hand_index == number:
            state.apply(state.legal_actions()[0])
    assert dealers == [1, 2, 3]


# --- records --------------------------------------------------------------------
def hand_made_record(events):
    """A one-hand match (target 4) written by hand, as a club would write it."""
    return {
        "game": "pitch", "options": {"players": 4, "target": 4}, "seats": SEATS,
        "first_dealer": 3,
        "hands": [{"dealer": 3, "cards": 6, "events": events,
                   "summary": {"pitcher": 2, "bid": "3", "trump": "S", "high": 0, "low": 0,
                               "jack": 0, "game": 0, "made": True},
                   "scores": [4, 0], "running": [4, 0]}],
        "totals": [4, 0],
    }


def test_a_hand_made_card_by_card_record_is_judged_right():
    record = hand_made_record(["bid:2", "pass", "bid:3", "pass", *PLAY])
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors
    assert report.winner == [0] and report.totals == [4, 0]


def test_a_record_with_its_hands_written_checks_the_same():
    record = hand_made_record(["bid:2", "pass", "bid:3", "pass", *PLAY])
    record["hands"][0]["deal"] = {"hands": HANDS}
    assert rules.check_record(record).valid


def test_a_revoke_in_a_record_is_named_at_its_hand_seat_and_field():
    events = ["bid:2", "pass", "bid:3", "pass", *PLAY]
    events[13] = "KD"  # Di, holding the jack of hearts, throws a diamond
    record = hand_made_record(events)
    record["hands"][0]["deal"] = {"hands": HANDS}
    errors = rules.check_record(record).errors
    assert [(e.hand, e.seat, e.field, e.code) for e in errors] == [(1, 3, "events", "revoke")]


def test_an_event_out_of_its_phase_with_no_deal_written_is_named_not_a_crash():
    # a card written where the dealer's bid is due: the unchecked replay that learns
    # the hands must not break on it; the checked replay names it
    record = hand_made_record(["bid:2", "pass", "bid:3", "2C", *PLAY])
    errors = rules.check_record(record).errors
    assert [(e.code, e.seat, e.field) for e in errors][:1] == [("bid-expected", 3, "events")]


def test_a_wrong_written_summary_or_score_is_named():
    record = hand_made_record(["bid:2", "pass", "bid:3", "pass", *PLAY])
    record["hands"][0]["summary"]["game"] = 1
    record["hands"][0]["scores"] = [3, 1]
    codes = {(e.field, e.code) for e in rules.check_record(record).errors}
    assert ("summary.game", "summary-mismatch") in codes
    assert ("scores", "score-mismatch") in codes


def sheet(**changes):
    line = {"pitcher": 2, "bid": "2", "trump": "S", "high": 0, "low": 1, "jack": None,
            "game": 0, "made": True}
    line.update(changes)
    return {"game": "pitch", "options": {"players": 4}, "seats": SEATS, "first_dealer": 3,
            "hands": [{"dealer": 3, "summary": line}]}


def test_a_smudge_on_a_scoresheet_of_a_table_without_it_is_no_smudge():
    record = sheet(bid="smudge", low=0, jack=0)
    record["options"]["smudge"] = False
    errors = rules.check_record(record).errors
    assert [(e.seat, e.field, e.code) for e in errors] == [(2, "summary.bid", "no-smudge")]


def test_a_scoresheet_hand_is_scored_from_its_summary():
    report = rules.check_record(sheet())
    assert report.valid and report.scores == [[2, 1]]
    set_hand = rules.check_record(sheet(bid="4", made=False))
    assert set_hand.valid and set_hand.scores == [[-4, 1]]
    smudge = rules.check_record(sheet(bid="smudge", low=0, jack=0, made=False))
    assert smudge.valid and smudge.scores == [[-5, 0]]


@pytest.mark.parametrize(("changes", "field", "code"), [
    ({"made": False}, "summary.made", "made-mismatch"),
    ({"bid": "smudge"}, "summary.made", "made-mismatch"),
    ({"high": None}, "summary.high", "side-range"),
    ({"game": 2}, "summary.game", "side-range"),
    ({"pitcher": 4}, "summary.pitcher", "pitcher-range"),
    ({"bid": "5"}, "summary.bid", "bid-value"),
    ({"bid": ["3"]}, "summary.bid", "bid-value"),  # not a crash (bad-summary)
    ({"trump": "X"}, "summary.trump", "trump-value"),
])
def test_scoresheet_mistakes_have_named_codes(changes, field, code):
    errors = rules.check_record(sheet(**changes)).errors
    assert (field, code) in {(e.field, e.code) for e in errors}


@pytest.mark.parametrize("field", ["pitcher", "bid", "trump", "high", "low", "made"])
def test_a_field_left_out_of_a_scoresheet_line_is_missing_field(field):
    record = sheet()
    del record["hands"][0]["summary"][field]
    errors = rules.check_record(record).errors
    assert [(e.code, e.field) for e in errors] == [("missing-field", f"summary.{field}")]


def test_jack_and_game_left_out_are_read_as_taken_by_nobody():
    record = sheet()
    del record["hands"][0]["summary"]["jack"]  # null in sheet(): the jack was not played
    assert rules.check_record(record).scores == [[2, 1]]


def test_the_made_mismatch_names_the_pitcher():
    errors = rules.check_record(sheet(made=False)).errors
    assert errors[0].seat == 2


def test_a_bad_event_is_unknown_action():
    record = hand_made_record(["bid:1", "pass", "bid:3", "pass", *PLAY])
    assert rules.check_record(record).errors[0].code == "unknown-action"


# --- observations -------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_the_bids_and_the_trick_only():
    state = play(dealt(), "bid:2", "pass", "bid:3", "pass", "JS")
    seen = state.observation(1)
    assert seen["table"]["hand"][1] == HANDS[1]
    assert seen["table"]["hand"][0] == {"count": 6}
    assert seen["events"] == ["bid:2", "pass", "bid:3", "pass", "JS"]
    assert seen["trick"] == [[2, "JS"]] and seen["trump"] == "S"


@pytest.mark.parametrize("options", [{"smudge": False}, {"target": 5}])
def test_matches_with_each_option_replay_exactly_and_check_clean(options):
    game = rules.load("pitch", **options)
    record = play_match(game, ["heuristic", "random"] * 2, seed=9)
    history = [e for hand in record["hands"] for e in hand["events"]]
    assert game.replay(9, history).to_record() == {**record, "seats": [
        f"Seat {i + 1}" for i in range(game.num_players)]}
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors[:3]


# --- golden ---------------------------------------------------------------------------
def build_golden() -> dict:
    """A match of heuristic bots, in the shape of the other golden files plus the bots
    that played it."""
    game = rules.load("pitch")
    state = play_state(game, [make_bot("heuristic", game) for _ in range(4)], seed=21)
    return golden_playthrough(state, 21, SEATS, bots="heuristic x4")


def test_the_golden_playthrough_replays_exactly():
    golden = json.loads(GOLDEN.read_text())
    assert build_golden() == golden
    report = rules.check_record(copy.deepcopy(golden["record"]))
    assert report.valid and report.complete


if __name__ == "__main__":  # regenerate after a deliberate rules or bot change
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
