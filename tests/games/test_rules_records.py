"""check_record: the worked scorecard, golden playthroughs and every error code."""

import copy
import json

import pytest
from rules_helpers import random_playout

from games import rules
from tests.games.helpers import GOLDEN_FILES, golden_file

PLAYTHROUGHS = [p for p in GOLDEN_FILES if not p.name.startswith("scorecard")]


def load(name):
    return json.loads(golden_file(name).read_text())


def codes(report):
    return [e.code for e in report.errors]


def sheet(**changes):
    """The worked scorecard of the third Bluke text, with changes applied per hand."""
    record = load("scorecard-003.json")
    for key, value in changes.items():
        record[key] = value
    return record


# --- the worked scorecard ------------------------------------------------------------
def test_worked_scorecard_second_hand_tricks_do_not_add_up():
    report = rules.check_record(load("scorecard-003.json"))
    assert report.readable and not report.complete and not report.valid
    assert codes(report) == ["tricks-sum"]
    error = report.errors[0]
    assert (error.hand, error.field) == (2, "tricks")
    assert error.message == "hand 2: tricks add up to 11 but 12 cards were dealt to each player"


def test_worked_scorecard_scores_and_totals():
    report = rules.check_record(load("scorecard-003.json"))
    assert report.scores == [[31, -30, 22, 50], [-20, -40, -50, 32], [11, 41, 10, 30]]
    assert report.totals == [22, -29, -18, 112]
    assert report.winner is None  # match not finished


def test_first_and_third_hands_check_out():
    record = load("scorecard-003.json")
    record["hands"] = [record["hands"][0]]
    record["totals"] = [31, -30, 22, 50]
    assert rules.check_record(record).valid
    record = load("scorecard-003.json")
    record["hands"][1]["tricks"] = [1, 2, 4, 5]  # Steve took 4: still set, sums to 12
    assert rules.check_record(record).valid


def test_report_to_dict_is_json():
    data = rules.check_record(load("scorecard-003.json")).to_dict()
    assert json.loads(json.dumps(data))["errors"][0]["code"] == "tricks-sum"


# --- golden playthroughs ---------------------------------------------------------------
@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_golden_record_is_valid_and_complete(path):
    data = json.loads(path.read_text())
    report = rules.check_record(data["record"])
    assert report.valid, [e.message for e in report.errors]
    assert report.complete
    assert report.totals == data["record"]["totals"]
    game = rules.load(data["game"], **data["options"])
    assert report.winner == game.ranking.winners(report.totals)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_golden_replays_from_seed_and_actions(path):
    data = json.loads(path.read_text())
    game = rules.load(data["game"], **data["options"])
    state = game.new_match(seed=data["seed"])
    for text in data["history"]:
        state.apply(text)
    assert state.is_terminal()
    assert json.loads(json.dumps(state.to_record(data["record"]["seats"]))) == data["record"]


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_golden_record_without_deals_is_still_checked(path):
    record = json.loads(path.read_text())["record"]
    game = rules.load(record["game"], **record.get("options", {}))
    keep = {"turned"}  # and what else a game's events cannot tell (a stock drawn from)
    if hasattr(game, "deal_needs"):
        keep |= set(game.deal_needs(game.new_match(seed=0, auto_deal=False)))
    for hand in record["hands"]:
        if isinstance(hand["deal"], dict):  # the engine's shape: keep what events cannot tell
            hand["deal"] = {k: v for k, v in hand["deal"].items() if k in keep}
        else:
            del hand["deal"]
        hand.pop("replacement", None)
    assert rules.check_record(record).valid


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_golden_scoresheet_only(path):
    record = json.loads(path.read_text())["record"]
    for hand in record["hands"]:
        for key in ("deal", "plays", "turned", "replacement", "events"):
            hand.pop(key, None)
    assert rules.check_record(record).valid


def test_every_registered_game_has_a_golden_playthrough():
    games = {json.loads(path.read_text())["game"] for path in PLAYTHROUGHS}
    assert set(rules.GAMES) <= games


def test_in_progress_record_is_valid_not_complete():
    record = load("bluke-4p.json")["record"]
    record["hands"] = record["hands"][:5]
    del record["totals"]
    report = rules.check_record(record)
    assert report.valid and not report.complete and report.winner is None


# --- unreadable records ------------------------------------------------------------------
@pytest.mark.parametrize("record,code", [
    ([], "bad-shape"),
    ({"game": "whist", "seats": [], "hands": []}, "unknown-game"),
    ({"game": "bluke", "options": {"players": 5, "max_cards": 11}, "seats": ["a"] * 5,
      "hands": []}, "bad-options"),
    ({"game": "bluke", "options": {"flavour": 1}, "seats": ["a"] * 4, "hands": []},
     "bad-options"),
    ({"game": "bluke", "seats": "Ann", "hands": []}, "bad-shape"),
    ({"game": "bluke", "seats": ["a", "b"], "hands": {}}, "bad-shape"),
    ({"game": "bluke", "seats": ["a", "b"], "hands": [], "first_dealer": 5}, "bad-shape"),
])
def test_unreadable_records(record, code):
    report = rules.check_record(record)
    assert not report.readable and not report.valid and codes(report) == [code]


# --- scoresheet errors -------------------------------------------------------------------
def first_hand(**fields):
    record = load("scorecard-003.json")
    record["hands"] = [dict(record["hands"][0], **fields)]
    record.pop("totals")
    return record


@pytest.mark.parametrize("fields,code", [
    ({"cards": 12}, "cards-schedule"),
    ({"bids": [3, 3, 2]}, "bid-count"),
    ({"bids": [3, 3, 2, 14]}, "bid-range"),
    ({"bids": [3, 3, 2, 0]}, "bid-range"),
    ({"bids": [3, 3, 2, "lots"]}, "bid-invalid"),
    ({"bids": [3, 3, 2, "board"]}, "bid-invalid"),
    ({"tricks": [4, 0, 4]}, "tricks-count"),
    ({"tricks": [4, 0, 4, 14]}, "tricks-range"),
    ({"tricks": [4, 0, 4, 4], "scores": [31, -30, 22, -50]}, "tricks-sum"),
    ({"scores": [31, -30, 22, 51]}, "score-mismatch"),
    ({"scores": [31, -30, 22]}, "score-count"),
    ({"running": [31, -30, 22, 5]}, "running-mismatch"),
    ({"trump": "X"}, "trump-invalid"),
    ({"trump": "H", "turned": "5S"}, "trump-mismatch"),
    ({"turned": "ZZ"}, "card-unknown"),
    ({"dealer": 2}, "dealer-mismatch"),
])
def test_scoresheet_error_codes(fields, code):
    report = rules.check_record(first_hand(**fields))
    assert report.readable and code in codes(report), report.errors


def test_score_error_names_the_player_and_hand():
    report = rules.check_record(first_hand(scores=[31, -30, 22, 51]))
    error = report.errors[0]
    assert (error.hand, error.seat, error.field) == (1, 3, "scores")
    assert error.message == "hand 1: Betsy's score is written as 51 but should be 50"


def test_total_mismatch_and_seat_count_and_too_many_hands():
    report = rules.check_record(sheet(totals=[22, -29, -18, 111]))
    assert "total-mismatch" in codes(report)
    report = rules.check_record(sheet(seats=["John", "Margaret", "Steve"],
                                      options={"players": 4}))
    assert "seat-count" in codes(report)
    record = load("scorecard-003.json")
    record["options"] = {"players": 4, "max_cards": 1}
    record["hands"] = [{"bids": [1] * 4, "tricks": [1, 0, 0, 0]}] * 2
    record.pop("totals")
    assert "too-many-hands" in codes(rules.check_record(record))


def test_trump_none_is_accepted():
    assert rules.check_record(first_hand(trump=None, turned="LO")).valid
    assert rules.check_record(first_hand(trump="none")).valid


def back_alley_sheet(bids, tricks, scores=None):
    hand = {"bids": bids, "tricks": tricks}
    if scores is not None:
        hand["scores"] = scores
    return {"game": "back-alley", "seats": ["N", "E", "S", "W"], "hands": [hand]}


def test_back_alley_scoresheet_team_scores_and_team_tricks():
    report = rules.check_record(back_alley_sheet([3, 2, 4, "pass"], [6, 7], [-35, 15]))
    assert report.valid, report.errors
    report = rules.check_record(back_alley_sheet([3, 2, 4, "pass"], [3, 2, 3, 5], [-35, 15]))
    assert report.valid


def test_back_alley_board_levels():
    # dealer seat 0: bidding order 1, 2, 3, 0
    ok = back_alley_sheet(["pass", "board", "double-board", "pass"], [0, 13], [-260, 130])
    assert rules.check_record(ok).valid
    wrong = back_alley_sheet(["pass", "double-board", "board", "pass"], [0, 13])
    assert codes(rules.check_record(wrong)) == ["board-level", "board-level"]


def test_back_alley_all_pass_hand_must_not_be_recorded():
    report = rules.check_record(back_alley_sheet(["pass"] * 4, [3, 3, 3, 4]))
    assert "all-pass" in codes(report)


def test_back_alley_board_bid_blocked_by_option():
    record = back_alley_sheet(["pass", "board", "double-board", "pass"], [0, 13])
    record["options"] = {"board_both_sides": False}
    assert "board-not-allowed" in codes(rules.check_record(record))


def test_individual_numeric_bid_of_all_cards_counts_as_board():
    record = {"game": "back-alley-individual", "seats": ["A", "B"],
              "hands": [{"bids": [13, "pass"], "tricks": [13, 0], "scores": [78, 0]}]}
    assert rules.check_record(record).valid


# --- card-by-card errors -------------------------------------------------------------------
def tiny(deal, turned, bids, plays, game="bluke", **options):
    """A two-player record whose first hand has two cards each."""
    opts = {"players": 2, "max_cards": 2} if game == "bluke" else {"players": 2}
    opts.update(options)
    hand = {"deal": deal, "turned": turned, "bids": bids, "plays": plays}
    return {"game": game, "options": opts, "seats": ["Ann", "Bob"], "hands": [hand]}


def test_card_by_card_good_hand():
    record = tiny([["AS", "2H"], ["KS", "3H"]], "5C", [1, 1], ["KS", "AS", "2H", "3H"])
    report = rules.check_record(record)
    assert report.valid, report.errors
    assert report.scores == [[10, 10]]


@pytest.mark.parametrize("deal,turned,plays,code", [
    ([["AS", "2H"], ["KS", "3H"]], "5C", ["KS", "2H", "3H", "AS"], "revoke"),
    ([["AS", "2H"], ["KS", "3H"]], "5C", ["KS", "AS", "4H", "3H"], "card-not-in-hand"),
    ([["AS", "2H"], ["AS", "3H"]], "5C", ["AS", "AS", "2H", "3H"], "duplicate-card"),
    ([["AS", "2H", "4D"], ["KS", "3H"]], "5C", ["KS", "AS", "2H", "3H"], "deal-size"),
    ([["AS", "2X"], ["KS", "3H"]], "5C", ["KS", "AS", "2H", "3H"], "card-unknown"),
    ([["AS", "2H"], ["KS", "3H"]], "AS", ["KS", "AS", "2H", "3H"], "turned-in-deal"),
    ([["AS", "2H"], ["KS", "3H"]], "5C", ["KS", "AS", "2H"], "plays-count"),
    ([["AS", "2H"], ["KS", "3H"]], "5C", ["KS", "AS", "2H", "ZZ"], "card-unknown"),
    ([["AS", "2H"], ["HI", "3H"]], "5C", ["HI", "AS", "2H", "3H"], "joker-suit-missing"),
    ([["AS", "HI"], ["KS", "3H"]], "5C", ["KS", "HI:S", "HI", "3H"], "joker-suit-not-leading"),
])
def test_card_by_card_error_codes(deal, turned, plays, code):
    report = rules.check_record(tiny(deal, turned, [1, 1], plays))
    assert code in codes(report), report.errors


def test_revoke_message_names_hand_trick_and_player():
    record = tiny([["AS", "2H"], ["KS", "3H"]], "5C", [1, 1], ["KS", "2H", "3H", "AS"])
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == (1, 0, "plays", "revoke")
    assert error.message.startswith("hand 1: trick 1: Ann played 2H")


def test_revoke_found_without_a_deal():
    record = tiny([["AS", "2H"], ["KS", "3H"]], "5C", [1, 1], ["KS", "2H", "3H", "AS"])
    del record["hands"][0]["deal"]
    assert "revoke" in codes(rules.check_record(record))


def test_tricks_mismatch_against_plays():
    record = tiny([["AS", "2H"], ["KS", "3H"]], "5C", [1, 1], ["KS", "AS", "2H", "3H"])
    record["hands"][0]["tricks"] = [0, 2]
    assert codes(rules.check_record(record)) == ["tricks-mismatch"] * 2


def test_missing_turned_and_trump():
    record = tiny([["AS", "2H"], ["KS", "3H"]], None, [1, 1], ["KS", "AS", "2H", "3H"])
    del record["hands"][0]["turned"]
    assert codes(rules.check_record(record)) == ["missing-field"]
    record["hands"][0]["trump"] = "C"
    assert rules.check_record(record).valid


def individual_hand(plays):
    """Two players, 13 cards: A holds AH, 3S and clubs; B KH, 2S and diamonds."""
    deal = [["AH", "3S"] + [f"{r}C" for r in "23456789TJQ"],
            ["KH", "2S"] + [f"{r}D" for r in "3456789TJQK"]]
    hand = {"deal": deal, "turned": "AS", "bids": [1, 1], "plays": plays}
    return {"game": "back-alley-individual", "options": {"players": 2},
            "seats": ["A", "B"], "hands": [hand]}


def test_individual_must_trump_in_records():
    # dealer A (seat 0) - bidding starts at the dealer's right (B), B leads on the tie
    report = rules.check_record(individual_hand(["KH", "AH", "2S"]))
    assert "plays-count" in codes(report)
    report = rules.check_record(individual_hand(["3D", "2C"] + ["KH"] * 24))
    assert codes(report)[0] == "must-trump"


def test_random_records_check_clean_for_every_game():
    for name, options in [("bluke", {"players": 5}), ("back-alley", {}),
                          ("back-alley-individual", {"players": 4})]:
        state = random_playout(rules.load(name, **options), seed=21)
        report = rules.check_record(copy.deepcopy(state.to_record()))
        assert report.valid and report.complete, report.errors


def test_plays_out_of_step_stop_the_hand_after_one_error():
    record = load("back-alley.json")["record"]
    plays = record["hands"][3]["plays"]
    plays[5], plays[9] = plays[9], plays[5]
    report = rules.check_record(record)
    assert [e.code for e in report.errors] == ["card-not-in-hand"]
    assert "rest of this hand is not checked" in report.errors[0].message
    assert report.scores[3] is None
