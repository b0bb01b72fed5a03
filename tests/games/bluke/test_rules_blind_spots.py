"""Holes the record checker used to have in the Bluke family, one test each."""

import copy

from games import rules
from tests.games.rules_helpers import random_playout


def codes(report):
    return [error.code for error in report.errors]


def two_card_bluke(plays, turned="5C", deal=None):
    hand = {"turned": turned, "bids": [1, 1], "plays": plays}
    if deal is not None:
        hand["deal"] = deal
    return {"game": "bluke", "options": {"players": 2, "max_cards": 2},
            "seats": ["Ann", "Bob"], "hands": [hand]}


def test_the_turned_card_cannot_be_played_when_no_deal_is_written():
    report = rules.check_record(two_card_bluke(["KS", "AS", "2H", "5C"]))
    (error,) = report.errors
    assert (error.hand, error.seat, error.field, error.code) == (1, 1, "plays",
                                                                 "card-not-in-hand")
    assert "turned for trump" in error.message


def _hand_with_turned_blooper():
    """A Back Alley record with a hand where a Blooper was turned and its twin swapped."""
    game = rules.load("back-alley")
    for seed in range(300):
        record = random_playout(game, seed=seed).to_record()
        for number, hand in enumerate(record["hands"]):
            if hand.get("replacement"):
                return record, number
    raise AssertionError("no seed turned a Blooper that someone held")


def test_the_blooper_a_turned_blooper_sends_out_cannot_be_played():
    record, number = _hand_with_turned_blooper()
    hand = record["hands"][number]
    twin = "LO" if hand["turned"] == "HI" else "HI"
    position = hand["plays"].index(hand["replacement"])
    del hand["deal"], hand["replacement"]
    hand["plays"][position] = twin  # its holder plays the swapped-out Blooper instead
    report = rules.check_record(record)
    assert [(e.hand, e.code) for e in report.errors] == [(number + 1, "card-not-in-hand")]
    assert "out of play" in report.errors[0].message


def test_individual_back_alley_needs_a_trump_for_its_first_hand():
    record = random_playout(rules.load("back-alley-individual", players=4), seed=2).to_record()
    first = record["hands"][0]
    del first["turned"], first["trump"], first["deal"]
    (error,) = rules.check_record(record).errors
    assert (error.hand, error.field, error.code) == (1, "turned", "missing-field")


def test_board_words_a_game_does_not_have_are_refused():
    sheet = {"game": "back-alley-individual", "options": {"players": 4},
             "seats": list("ABCD"),
             "hands": [{"bids": ["double-board", "pass", "pass", "pass"],
                        "tricks": [13, 0, 0, 0]}]}
    (error,) = rules.check_record(sheet).errors
    assert (error.hand, error.seat, error.field, error.code) == (1, 0, "bids", "bid-invalid")
    sheet["hands"][0]["bids"][0] = "board"
    assert rules.check_record(sheet).valid
    partnership = {"game": "back-alley", "seats": list("ABCD"),
                   "hands": [{"bids": ["double-board", "pass", "board", "pass"],
                              "tricks": [13, 0]}]}
    assert rules.check_record(partnership).valid


def test_a_deal_written_on_a_scoresheet_hand_is_checked():
    sheet = {"game": "bluke", "options": {"players": 2, "max_cards": 2},
             "seats": ["Ann", "Bob"],
             "hands": [{"deal": [["AS", "2H"], ["AS", "3H"]], "turned": "5C",
                        "bids": [1, 1], "tricks": [1, 1]}]}
    assert codes(rules.check_record(sheet)) == ["duplicate-card"]
    sheet["hands"][0]["deal"] = [["AS", "2H"], ["KS", "5C"]]
    assert codes(rules.check_record(sheet)) == ["turned-in-deal"]
    sheet["hands"][0]["deal"] = [["AS", "2H"], ["KS", "3H"]]
    assert rules.check_record(sheet).valid


def test_a_bid_error_is_reported_once_when_no_deal_is_written():
    record = two_card_bluke(["KS", "AS", "2H", "3H"])
    record["hands"][0]["bids"] = [1, 3]
    assert codes(rules.check_record(record)) == ["bid-range"]


def test_a_wrong_per_seat_score_names_the_seat_that_wrote_it():
    sheet = {"game": "back-alley", "seats": list("ABCD"),
             "hands": [{"bids": [3, 2, 4, 2], "tricks": [7, 6],
                        "scores": [35, 22, 35, 21]}]}
    (error,) = rules.check_record(sheet).errors
    assert (error.seat, error.code) == (3, "score-mismatch")
    assert error.message.startswith("hand 1: D's score")


def test_a_hand_beyond_the_schedule_is_named_by_its_number():
    record = random_playout(rules.load("bluke", players=4), seed=3).to_record()
    record["hands"] += copy.deepcopy(record["hands"][:2])
    beyond = [e for e in rules.check_record(record).errors if e.code == "too-many-hands"]
    assert [e.hand for e in beyond] == [26, 27]
    assert beyond[0].message.startswith("hand 26:")
