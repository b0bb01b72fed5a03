"""Couillon: each rule and each decision of docs/rules/couillon.md on fixed deals, and
both record forms through `rules.check_record`.

Regenerate the golden playthrough (only after a deliberate rules change):
`.venv/bin/python tests/games/couillon/test_rules_couillon.py`."""

import copy
import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))

from games import rules  # noqa: E402
from tests.games.helpers import golden_playthrough, legal_texts, play, random_match  # noqa: E402

GAME = rules.load("couillon")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "couillon.json"
GOLDEN_SEED = 34  # a tie and a double hand; all-declined hands: the fixed-deal tests

# seat 3 deals, so seat 0 speaks first and leads
HANDS = [["AH", "KH", "9S", "TS"], ["QH", "9H", "AS", "KS"],
         ["JH", "TH", "AD", "KD"], ["AC", "KC", "QC", "JC"]]
DEAL = {"hands": HANDS, "turned": "QS", "bottom": ["9C"],
        "stock": ["JS", "9D", "TD", "JD", "QD", "TC"]}
# seat 0 accepts spades; side 1 (Bob and Di) take 19 of the 34 points in play
ACCEPTED_HAND = ["accept", "AH", "QH", "JH", "AC", "KH", "AS", "TH", "KC",
                 "KS", "AD", "QC", "TS", "9H", "KD", "JC", "9S"]


def dealt(deal=DEAL, game=GAME):
    state = game.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal(copy.deepcopy(deal)) == []
    return state


def sheet(*lines, **options):
    """A scoresheet-only record: (trump, accepted, points) per hand."""
    return {"game": "couillon", "options": {"players": 4, **options}, "seats": SEATS,
            "hands": [{"summary": {"trump": t, "accepted": a, "points": list(p)}}
                      for t, a, p in lines]}


# --- pack and deal ------------------------------------------------------------------------
def test_it_uses_24_cards_ace_to_nine():
    codes = [GAME.pack.code(c) for c in GAME.pack.ids()]
    assert len(codes) == 24 and len(set(codes)) == 24
    assert {c[0] for c in codes} == set("AKQJT9")


def test_it_deals_four_each_two_at_a_time_and_turns_the_top_of_the_stub():
    state = GAME.new_match(seed=4, first_dealer=3)
    deal = state.dealt
    assert [len(h) for h in deal["hands"]] == [4, 4, 4, 4]
    assert deal["turned"] and len(deal["bottom"]) == 1 and len(deal["stock"]) == 6
    assert state.trump is None and state.phase_name() == "trump"


def test_the_upcard_is_public_and_the_bottom_card_and_other_hands_are_not():
    view = dealt().observation(1)
    assert view["table"]["turned"] == ["QS"]
    assert view["table"]["bottom"] == {"count": 1}
    assert view["table"]["hand"][1] == HANDS[1]
    assert view["table"]["hand"][0] == {"count": 4}
    assert view["trump"] is None


# --- trump --------------------------------------------------------------------------------
def test_players_accept_or_decline_in_turn_from_the_dealers_left():
    state = dealt()
    order = []
    for _ in range(3):
        order.append(state.current_player())
        state.apply("decline")
    assert order == [0, 1, 2] and state.current_player() == 3
    assert legal_texts(state) == ["accept", "decline"]
    state.apply("accept")
    assert GAME.pack.suits[state.trump] == "S"
    assert state.vars["acceptor"] == 3
    assert state.phase_name() == "play" and state.current_player() == 0


def test_the_first_to_accept_ends_the_round():
    state = play(dealt(), "decline", "accept")
    assert state.vars["acceptor"] == 1 and state.phase_name() == "play"
    assert state.check("accept").code == "card-expected"


def test_all_four_decline_the_bottom_card_sets_trump_and_is_shown():
    state = play(dealt(), "decline", "decline", "decline", "decline")
    assert GAME.pack.suits[state.trump] == "C" and state.vars["acceptor"] is None
    assert state.observation(2)["table"]["bottom"] == {"count": 1, "shown": ["9C"]}


def test_a_card_before_trump_is_settled_is_refused():
    assert dealt().check("AH").code == "trump-expected"


# --- play ---------------------------------------------------------------------------------
def test_a_trump_may_always_be_played_otherwise_follow_suit():
    state = play(dealt(), "accept", "AH")
    assert legal_texts(state) == ["9H", "AS", "KS", "QH"]  # hearts or a trump
    play(state, "QH")
    assert state.check("AD").code == "revoke"
    play(state, "JH")
    assert legal_texts(state) == ["AC", "JC", "KC", "QC"]  # void, no trump: any card


def test_the_highest_trump_wins_else_the_highest_of_the_led_suit():
    state = play(dealt(), "accept", "AH", "QH", "JH", "AC")
    assert state.tricks[-1][1] == 0
    play(state, "KH", "AS", "TH", "KC")
    assert state.tricks[-1][1] == 1
    state = play(dealt(), *["decline"] * 4, "AH", "QH", "JH", "AC")  # clubs are trump
    assert state.tricks[-1][1] == 3


def test_cards_score_ace_4_king_3_queen_2_jack_1_and_the_side_with_more_wins():
    state = play(dealt(), *ACCEPTED_HAND)
    summary = state.hand_log[-1]["summary"]
    assert summary == {"trump": "S", "accepted": 0, "points": [15, 19], "winner": 1,
                       "double": False, "lines": [5, 4], "marks": [1, 0]}
    assert state.hand_log[-1]["scores"] == [-1, 1]


# --- the board ------------------------------------------------------------------------------
def test_a_lost_accepted_hand_adds_a_mark_and_marks_are_erased_before_lines():
    report = rules.check_record(sheet(("S", 0, (15, 19)), ("H", 1, (30, 4)),
                                      ("H", 2, (30, 4))))
    assert report.valid, report.errors
    assert report.scores == [[-1, 1], [1, -1], [1, 0]]
    assert report.totals == [1, 0]


def test_a_tie_makes_the_next_hand_with_a_winner_count_double_never_more():
    lines = [("S", 0, (15, 19)), ("H", 1, (20, 20)), ("D", None, (18, 18)),
             ("C", 1, (22, 10)), ("S", 0, (10, 20))]
    report = rules.check_record(sheet(*lines))
    assert report.valid, report.errors
    assert report.scores == [[-1, 1], [0, 0], [0, 0], [2, -2], [-1, 1]]
    boards = [([5, 4], [1, 0], False), ([5, 4], [1, 0], False), ([5, 4], [1, 0], False),
              ([4, 4], [0, 2], True), ([4, 4], [1, 1], False)]
    record = sheet(*lines)
    for hand, (left, marks, double) in zip(record["hands"], boards, strict=True):
        hand["summary"].update(lines=left, marks=marks, double=double)
    assert rules.check_record(record).valid
    record["hands"][3]["summary"]["double"] = False
    assert [e.code for e in rules.check_record(record).errors] == ["double-mismatch"]


def test_the_first_side_with_nothing_left_to_erase_wins():
    report = rules.check_record(sheet(*[("S", None, (20, 10))] * 5))
    assert report.valid and report.complete and report.winner == [0]
    assert report.totals == [5, 0]
    report = rules.check_record(sheet(*[("S", None, (20, 10))] * 6))
    assert [e.code for e in report.errors] == ["too-many-hands"]


def test_a_double_hand_with_one_item_left_erases_it_and_ends_the_match():
    report = rules.check_record(sheet(("S", None, (20, 20)), ("H", None, (21, 10)), lines=1))
    assert report.valid and report.complete, report.errors
    assert report.scores == [[0, 0], [1, 0]] and report.totals == [1, 0]


def test_the_lines_option_sets_the_board():
    assert rules.load("couillon", lines=3).ending.target == 3
    with pytest.raises(rules.RulesError):
        rules.load("couillon", lines=0)


# --- records --------------------------------------------------------------------------------
def hand_made(events, deal, summary=None, scores=None):
    hand = {"dealer": 3, "cards": 4, "deal": deal, "events": events}
    if summary is not None:
        hand["summary"] = summary
    if scores is not None:
        hand["scores"] = scores
    return {"game": "couillon", "options": {"players": 4}, "seats": SEATS,
            "first_dealer": 3, "hands": [hand]}


def test_a_hand_made_record_from_a_fixed_deal_is_judged_right():
    summary = {"trump": "S", "accepted": 0, "points": [15, 19], "winner": 1,
               "double": False, "lines": [5, 4], "marks": [1, 0]}
    report = rules.check_record(hand_made(ACCEPTED_HAND, {"turned": "QS"}, summary, [-1, 1]))
    assert report.valid and report.scores == [[-1, 1]], report.errors
    wrong = hand_made(ACCEPTED_HAND, {"turned": "QS"}, {**summary, "winner": 0}, [1, -1])
    found = {(e.hand, e.seat, e.field, e.code) for e in rules.check_record(wrong).errors}
    assert (1, None, "summary.winner", "summary-mismatch") in found
    assert (1, 0, "scores", "score-mismatch") in found


def test_a_wrong_card_names_hand_seat_and_code():
    events = list(ACCEPTED_HAND)
    events[2] = "AD"  # Bob plays a card Cy holds
    error = rules.check_record(hand_made(events, copy.deepcopy(DEAL))).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == \
        (1, 1, "events", "card-not-in-hand")
    events = list(ACCEPTED_HAND)
    events[3] = "AD"  # Cy holds hearts
    error = rules.check_record(hand_made(events, copy.deepcopy(DEAL))).errors[0]
    assert (error.seat, error.code) == (2, "revoke")


def test_all_declined_a_record_without_hands_must_name_the_bottom_card():
    events = ["decline"] * 4 + ["AH", "QH", "JH", "AC", "KC", "9H", "TH", "KH",
                                "QC", "9S", "AD", "TS", "JC", "KS", "KD", "AS"]
    report = rules.check_record(hand_made(events, {"turned": "QS", "bottom": ["9C"]}))
    assert report.valid and report.complete is False, report.errors
    # one card, so it may be written as the upcard is: a code, not a list
    report = rules.check_record(hand_made(events, {"turned": "QS", "bottom": "9C"}))
    assert report.valid, report.errors
    error = rules.check_record(hand_made(events, {"turned": "QS", "bottom": ["9C", "8H"]}))\
        .errors[0]
    assert (error.field, error.code) == ("deal.bottom", "deal-size")
    error = rules.check_record(hand_made(events, {"turned": "QS"})).errors[0]
    assert (error.hand, error.seat, error.code) == (1, 3, "bottom-unknown")
    error = rules.check_record(hand_made(events, {})).errors[0]
    assert (error.field, error.code) == ("deal.turned", "missing-field")


def test_a_scoresheet_line_with_a_deal_must_name_the_trump_the_deal_makes():
    def codes(summary):
        record = {"game": "couillon", "options": {"players": 4}, "seats": SEATS,
                  "first_dealer": 3,
                  "hands": [{"dealer": 3, "deal": copy.deepcopy(DEAL), "summary": summary}]}
        return [(e.field, e.code) for e in rules.check_record(record).errors]

    accepted = {"trump": "S", "accepted": 0, "points": [15, 19]}  # the upcard is the QS
    assert codes(accepted) == []
    assert codes({**accepted, "trump": "H"}) == [("summary.trump", "trump-mismatch")]
    declined = {"trump": "C", "accepted": None, "points": [15, 19]}  # the bottom is the 9C
    assert codes(declined) == []
    assert codes({**declined, "trump": "S"}) == [("summary.trump", "trump-mismatch")]


def test_a_scoresheet_line_with_wrong_numbers_names_the_field():
    def codes(summary):
        record = {"game": "couillon", "options": {"players": 4}, "seats": SEATS,
                  "hands": [{"summary": summary}]}
        return [(e.seat, e.field, e.code) for e in rules.check_record(record).errors]

    good = {"trump": "S", "accepted": 0, "points": [15, 19]}
    assert codes(good) == []
    assert codes({**good, "trump": "X"}) == [(None, "summary.trump", "bad-trump")]
    assert codes({**good, "accepted": 4}) == [(None, "summary.accepted", "bad-seat")]
    assert codes({**good, "points": [15, -1]}) == [(1, "summary.points", "points-range")]
    assert codes({**good, "points": [25, 19]}) == [(None, "summary.points", "points-sum")]
    # the eight stub cards hold at most the aces and kings (28): 12 or more are played
    assert codes({**good, "points": [5, 6]}) == [(None, "summary.points", "points-sum")]
    assert codes({**good, "points": [12, 0]}) == []
    assert codes({**good, "winner": 0}) == [(None, "summary.winner", "winner-mismatch")]
    assert codes({**good, "lines": [5, 5]}) == [(1, "summary.lines", "board-mismatch")]
    assert codes({**good, "marks": [0, 0]}) == [(0, "summary.marks", "board-mismatch")]
    assert codes({**good, "double": True}) == [(None, "summary.double", "double-mismatch")]


def test_every_scoresheet_field_has_a_title_and_says_what_it_is_per():
    per = {name: schema["x-per"] for name, schema in GAME.SUMMARY_SCHEMA.items()}
    assert per == {"trump": "hand", "accepted": "hand", "points": "side", "winner": "hand",
                   "double": "hand", "lines": "side", "marks": "side"}
    assert all(schema["title"] for schema in GAME.SUMMARY_SCHEMA.values())


def build_golden():
    return golden_playthrough(random_match(GAME, GOLDEN_SEED), GOLDEN_SEED, SEATS)


def test_the_golden_playthrough_is_unchanged_and_checks_clean():
    golden = json.loads(GOLDEN.read_text())
    assert build_golden() == golden
    record = golden["record"]
    assert any(h["summary"]["winner"] is None for h in record["hands"])
    report = rules.check_record(record)
    assert report.valid and report.complete and report.totals == record["totals"]
    for hand in record["hands"]:
        hand["deal"] = {k: hand["deal"][k] for k in ("turned", "bottom")}
    assert rules.check_record(record).totals == golden["record"]["totals"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
