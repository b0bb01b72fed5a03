"""Minnesota Whist: each rule and each decision of docs/rules/minnesota-whist.md on
fixed deals, and both record forms through `rules.check_record`.

Regenerate the golden playthrough (only after a deliberate rules change):
`python tests/games/minnesota_whist/test_rules_minnesota_whist.py`."""

import copy
import json
import pathlib
import random
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))

from games import rules  # noqa: E402
from games.minnesota_whist.rules import side_points  # noqa: E402
from tests.games.helpers import golden_playthrough, legal_texts, play, random_match  # noqa: E402

GAME = rules.load("minnesota-whist")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "minnesota-whist.json"
GOLDEN_SEED = 21
RANKS = "23456789TJQKA"
# one suit each: Ann spades, Bob hearts, Cy diamonds, Di clubs
BY_SUIT = [[r + s for r in RANKS] for s in "SHDC"]
# every fourth card of the pack: three or four of each suit each
MIXED = [[r + s for s in "SHDC" for r in RANKS][k::4] for k in range(4)]


def dealt(hands, first_dealer=3, game=GAME):
    """A state at hand 1 (seat 3 deals by default: seat 0 shows first)."""
    state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
    assert state.deal({"hands": copy.deepcopy(hands)}) == []
    return state


def record(hands, first_dealer=3, **options):
    return {"game": "minnesota-whist", "options": {"players": 4, **options}, "seats": SEATS,
            "first_dealer": first_dealer, "hands": hands}


# --- pack, teams, deal --------------------------------------------------------------------
def test_it_deals_the_whole_52_card_pack_thirteen_each_with_no_trump():
    state = GAME.new_match(seed=4)
    assert [len(h) for h in state.dealt["hands"]] == [13] * 4 and state.dealt["stock"] == []
    assert state.trump is None and GAME.teams == [[0, 2], [1, 3]]


# --- bidding --------------------------------------------------------------------------------
def test_bid_cards_are_picked_face_down_from_the_dealers_left():
    state = dealt(MIXED)
    assert state.current_player() == 0 and state.phase_name() == "bid"
    play(state, "bid:2S")
    assert state.observation(1)["events"] == ["?"]
    assert state.observation(0)["events"] == ["bid:2S"]
    assert state.observation(1)["bids"] == [None] * 4


def test_the_bid_cards_are_shown_up_to_the_first_black_one_whose_player_grands():
    state = play(dealt(MIXED), "bid:5H", "bid:2H", "bid:5C", "bid:5S")
    assert state.vars["grander"] == 2 and state.vars["high"]
    assert state.observation(3)["events"] == ["bid:5H", "bid:2H", "bid:5C", "bid:5S"]
    seen = state.observation(1)
    assert seen["events"] == ["bid:5H", "bid:2H", "bid:5C", "?"]  # Di's card stays hidden
    assert seen["bids"] == ["5H", "2H", "5C", None]
    assert seen["table"]["hand"][2] == {"count": 13, "shown": ["5C"]}  # still in the hand
    assert seen["table"]["hand"][3] == {"count": 13}


def test_on_a_high_hand_the_player_to_the_granders_right_leads():
    state = play(dealt(MIXED), "bid:5H", "bid:2H", "bid:5C", "bid:5S")
    assert state.current_player() == 1 and state.phase_name() == "play"


def test_all_red_bid_cards_make_a_low_hand_led_from_the_dealers_left():
    state = play(dealt(MIXED), "bid:5H", "bid:2H", "bid:3H", "bid:4H")
    assert state.vars["grander"] is None and not state.vars["high"]
    assert state.current_player() == 0
    assert state.observation(2)["bids"] == ["5H", "2H", "3H", "4H"]


def test_the_bid_card_stays_in_the_hand_and_is_played_like_any_other():
    state = play(dealt(BY_SUIT), "bid:2S", "bid:2H", "bid:2D", "bid:2C")
    assert state.current_player() == 3  # Ann granded: Di, on her right, leads
    play(state, "AC", "2S")
    assert "2S" not in GAME.pack.codes(state.table.of("hand", 0))


def test_a_bid_card_must_be_in_the_hand_and_comes_before_any_card():
    state = dealt(MIXED)
    assert state.check("bid:3S").code == "card-not-in-hand"
    assert state.check("2S").code == "bid-card-expected"
    play(state, "bid:5H", "bid:2H", "bid:5C", "bid:5S")
    assert state.check("bid:3S").code == "card-expected"


def test_players_must_follow_suit_and_the_highest_card_of_the_led_suit_wins():
    state = play(dealt(MIXED), "bid:5H", "bid:2H", "bid:5C", "bid:5S", "3S")
    assert legal_texts(state) == ["4S", "8S", "QS"]
    assert state.check("3H").code == "revoke"
    play(state, "8S", "9S", "2S")
    assert state.tricks[-1][1] == 3


def test_a_player_void_in_the_led_suit_may_play_any_card_and_never_wins_with_it():
    state = play(dealt(BY_SUIT), "bid:2S", "bid:2H", "bid:2D", "bid:2C", "2C")
    assert len(state.legal_actions()) == 13
    play(state, "AS", "AH", "AD")
    assert state.tricks[-1][1] == 3


# --- scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize("high,tricks,points", [
    (True, [7, 6], [1, 0]), (True, [4, 9], [0, 3]), (True, [13, 0], [7, 0]),
    (False, [7, 6], [-1, 0]), (False, [2, 11], [0, -5]),
])
def test_side_points(high, tricks, points):
    assert side_points(high, tricks) == points


def all_clubs_hand():
    """Ann grands with the two of spades; Di leads her thirteen clubs and takes all."""
    bids = ["bid:2S", "bid:2H", "bid:2D", "bid:2C"]
    plays = [f"{r}{s}" for r in reversed(RANKS) for s in "CSHD"]  # Di, Ann, Bob, Cy
    return {"dealer": 3, "cards": 13, "deal": {"hands": copy.deepcopy(BY_SUIT)},
            "events": bids + plays,
            "summary": {"bid": "high", "grander": 0, "tricks": [0, 13]},
            "scores": [0, 7], "running": [0, 7]}


def test_a_hand_made_card_by_card_record_is_judged_right():
    report = rules.check_record(record([all_clubs_hand()]))
    assert report.valid and report.scores == [[0, 7]], report.errors
    assert report.tricks == [[0, 0, 0, 13]]
    hand = all_clubs_hand()
    hand["deal"] = {}  # the hands are learned from the plays
    assert rules.check_record(record([hand])).valid


def test_a_ten_written_10_reads_as_in_a_play_in_a_bid_card_too():
    # docs/records.md reads "10S" for "TS": a bid card is written the same way
    hand = all_clubs_hand()
    hand["events"] = ["bid:10S", "bid:10H", "bid:10D", "bid:10C"] + [
        text.replace("T", "10") for text in hand["events"][4:]]
    report = rules.check_record(record([hand]))
    assert report.valid and report.scores == [[0, 7]], report.errors


def test_a_wrong_card_and_a_wrong_score_name_hand_seat_and_field():
    hand = all_clubs_hand()
    hand["events"][5] = "KS"  # Ann played the king of spades twice
    error = rules.check_record(record([hand])).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == (1, 0, "events",
                                                                 "card-not-in-hand")
    hand = all_clubs_hand()
    hand["scores"] = [0, 6]
    assert [(e.seat, e.code) for e in rules.check_record(record([hand])).errors] == \
        [(1, "score-mismatch")]
    hand = all_clubs_hand()
    hand["summary"]["grander"] = 3
    assert [(e.field, e.code) for e in rules.check_record(record([hand])).errors] == \
        [("summary.grander", "summary-mismatch")]


def test_the_match_goes_to_13_and_a_club_may_play_to_another_target():
    sheet = {"summary": {"bid": "high", "grander": 1, "tricks": [0, 13]}}
    report = rules.check_record(record([copy.deepcopy(sheet), copy.deepcopy(sheet)]))
    assert report.complete and report.totals == [0, 14] and report.winner == [1]
    report = rules.check_record(record([copy.deepcopy(sheet)], target=7))
    assert report.complete and report.winner == [1]


def test_a_low_hand_takes_points_away_from_the_side_with_more_tricks():
    sheet = {"summary": {"bid": "low", "grander": None, "tricks": [9, 4]}}
    report = rules.check_record(record([sheet]))
    assert report.valid and report.totals == [-3, 0] and not report.complete


@pytest.mark.parametrize("summary,found", [
    ({"bid": "grand", "grander": 1, "tricks": [7, 6]}, [(None, "summary.bid", "bad-bid")]),
    ({"bid": "high", "grander": 7, "tricks": [7, 6]},
     [(None, "summary.grander", "grander-range")]),
    ({"bid": "high", "grander": None, "tricks": [7, 6]},
     [(None, "summary.grander", "grander-mismatch")]),
    ({"bid": "low", "grander": 2, "tricks": [7, 6]},
     [(2, "summary.grander", "grander-mismatch")]),
    ({"bid": "high", "grander": 0, "tricks": [13]}, [(None, "summary.tricks", "bad-shape")]),
    ({"bid": "high", "grander": 0, "tricks": [14, -1]},
     [(0, "summary.tricks", "trick-range"), (1, "summary.tricks", "trick-range")]),
    ({"bid": "high", "grander": 0, "tricks": [7, 7]}, [(None, "summary.tricks", "tricks-sum")]),
])
def test_a_scoresheet_line_that_cannot_be_names_seat_field_and_code(summary, found):
    errors = rules.check_record(record([{"summary": summary}])).errors
    assert [(e.seat, e.field, e.code) for e in errors] == found


def golden_record():
    return json.loads(GOLDEN.read_text())["record"]


def test_the_golden_playthrough_has_high_and_low_hands():
    data = json.loads(GOLDEN.read_text())
    assert data == build_golden()
    bids = {hand["summary"]["bid"] for hand in data["record"]["hands"]}
    assert bids == {"high", "low"}
    assert max(data["record"]["totals"]) >= 13


def test_a_random_match_replays_and_checks_clean_without_its_deals():
    state = GAME.new_match(seed=31)
    rng = random.Random(31)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    made = copy.deepcopy(state.to_record(SEATS))
    for hand in made["hands"]:
        del hand["deal"]
    report = rules.check_record(made)
    assert report.valid and report.complete and report.totals == state.totals


def test_the_record_schema_takes_the_scoresheet_fields_and_a_played_match():
    import jsonschema

    schema = rules.record_schema("minnesota-whist")
    summary = schema["properties"]["hands"]["items"]["properties"]["summary"]["properties"]
    assert all("title" in field and "x-per" in field for field in summary.values())
    jsonschema.Draft202012Validator(schema).validate(golden_record())


def build_golden():
    return golden_playthrough(random_match(GAME, GOLDEN_SEED), GOLDEN_SEED, SEATS,
                              options={"players": 4})


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
