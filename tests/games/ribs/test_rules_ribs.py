"""Ribs: each rule and each decision of docs/rules/ribs.md on fixed deals, the
scoresheet, and both record forms through `rules.check_record`.

Regenerate the golden playthrough (only after a deliberate rules change):
``.venv/bin/python tests/games/ribs/test_rules_ribs.py``.
"""

import copy
import json
import pathlib
import random
import sys
from collections import Counter

import pytest

from games import rules
from games.ribs.rules import beats, cracks, judge, max_bid, pair_points
from tests.games.helpers import golden_playthrough, play, random_match

GAME = rules.load("ribs")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "ribs.json"
GOLDEN_CASE = {"players": 5, "hands_to_win": 2}, 19
# each seat holds one whole suit, so every rank is in every hand
SUITED = [[r + s for r in "AKQJT987"] for s in "SHDC"]


def dealt(hands=SUITED, dealer=3, game=GAME):
    state = game.new_match(seed=0, first_dealer=dealer, auto_deal=False)
    assert state.deal({"hands": hands}) == []
    return state


def won(state, seat):
    return sorted(state.game.pack.codes(state.table.of("won", seat)))


def codes(texts):
    return sorted(texts.split())


def points(state):
    return state.game.captured_points(state)


R = {rank: power for power, rank in enumerate("789TJQKA")}


def ranks(text):
    return tuple(R[c] for c in text)


# --- the pack and the deal --------------------------------------------------------------
@pytest.mark.parametrize("players", range(4, 11))
def test_the_pack_holds_one_eight_card_suit_per_player(players):
    game = rules.load("ribs", players=players)
    faces = Counter(game.pack.code(c) for c in game.pack.ids())
    assert sum(faces.values()) == 8 * players
    suits = Counter(code[1] for code in faces.elements())
    expected = Counter(("SHDC" * 3)[:players])
    assert suits == Counter({s: 8 * k for s, k in expected.items()})
    assert {code[0] for code in faces} == set("AKQJT987")
    state = game.new_match(seed=players)
    assert [len(state.table.of("hand", s)) for s in range(players)] == [8] * players


def test_card_points_ten_per_suit():
    assert [pair_points((R[a],)) for a in "AKQJT987"] == [0, 2, 2, 2, 1, 1, 1, 1]
    assert sum(pair_points((R[a],)) for a in "AKQJT987") == 10


# --- the auction ------------------------------------------------------------------------
def test_the_dealer_opens_the_first_auction_and_may_not_pass():
    state = dealt()
    assert state.current_player() == 3 and state.phase_name() == "auction"
    assert state.check("pass").code == "opening-pass"
    assert state.check("bid:2") is None and state.check("bid:12") is None
    assert state.check("bid:1").code == "unknown-action"


def test_after_the_opening_bid_each_player_passes_or_raises_by_exactly_one():
    state = play(dealt(), "bid:3")
    assert state.check("bid:5").code == "raise-by-one"
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["bid:4", "pass"]
    play(state, "pass", "bid:4", "pass")  # seat 0 passes; seat 1 raises; seat 2 passes
    assert state.current_player() == 3  # the opener bids again: seat 0's pass was final
    play(state, "pass")
    assert state.phase_name() == "lay" and state.current_player() == 1
    assert state.vars["high"] == 4


def test_no_bid_is_above_four_per_other_player():
    assert [max_bid(n) for n in (4, 7, 10)] == [12, 24, 36]
    state = play(dealt(), "bid:12")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]


def test_the_last_high_bidder_opens_the_next_auction():
    state = play(dealt(), "bid:2", "bid:3", "pass", "pass", "pass",  # seat 0 bids 3
                 "ribs:AS+KS", "lay:7H+8H", "lay:7D+8D", "lay:7C+8C")
    assert state.phase_name() == "auction" and state.current_player() == 0


# --- laying -------------------------------------------------------------------------------
def test_only_the_high_bidder_lays_ribs_and_the_bidder_cannot_fold():
    state = play(dealt(), "bid:2", "pass", "pass", "pass")
    assert state.check("lay:AC+KC").code == "ribs-expected"
    assert state.check("fold:AC+KC").code == "ribs-expected"
    assert state.check("ribs:AS+KS").code == "card-not-in-hand"
    assert state.check("bid:3").code == "pair-expected"
    play(state, "ribs:AC+KC")
    assert state.check("ribs:AS+KS").code == "not-the-bidder"
    assert state.check("lay:AS+KS") is None and state.check("fold:AS+KS") is None


def test_a_player_folds_once_per_hand():
    state = play(dealt(), "bid:2", "pass", "pass", "pass", "ribs:AC+KC",
                 "fold:7S+8S", "lay:7H+8H", "lay:7D+8D", "bid:2", "pass", "pass", "pass")
    play(state, "ribs:QC+JC")
    assert state.check("fold:9S+TS").code == "folded-twice"
    assert "fold:TS+9S" not in [state.action_to_string(a) for a in state.legal_actions()]


def test_a_pair_is_read_in_either_order():
    assert GAME.string_to_action("lay:7H+QS") == GAME.string_to_action("lay:QS+7H")
    assert GAME.action_to_string(GAME.string_to_action("ribs:7h+as")) == "ribs:AS+7H"


def test_two_cards_of_the_same_face_make_a_pair():
    game = rules.load("ribs", players=5)  # spades twice
    hands = [[r + "S" for r in "AKQJT987"], [r + "S" for r in "AKQJT987"]] + \
        [[r + s for r in "AKQJT987"] for s in "HDC"]
    state = dealt([hands[0][:4] + hands[1][:4], hands[0][4:] + hands[1][4:]] + hands[2:],
                  dealer=0, game=game)
    play(state, "bid:2", "pass", "pass", "pass", "pass")
    assert state.check("ribs:AS+AS") is None


# --- judging a trick ------------------------------------------------------------------------
def test_the_pair_rules_read_pair_against_pair_sorted():
    assert cracks(ranks("Q7"), ranks("7Q"))
    assert beats(ranks("KT"), ranks("J9"))
    assert beats(ranks("TK"), ranks("9J"))  # sorted first
    assert not beats(ranks("AJ"), ranks("J9"))  # shares the jack: the ribs win
    assert not beats(ranks("Q8"), ranks("J9"))  # the low card does not beat theirs
    assert not beats(ranks("AA"), ranks("AK")) and not cracks(ranks("AA"), ranks("AK"))
    assert not beats(ranks("77"), ranks("Q7"))


def test_the_first_pair_to_crack_the_ribs_takes_every_face_up_card():
    state = play(dealt(), "bid:2", "pass", "pass", "pass", "ribs:QC+7C",
                 "lay:QS+7S", "lay:QH+7H", "lay:AD+KD")
    assert won(state, 0) == codes("QS 7S QH 7H AD KD QC 7C")
    assert state.vars["rows"][-1] == {"bidder": 3, "bid": 2, "outcome": "cracked",
                                      "cracker": 0}
    assert points(state) == [11, 0, 0, 0]


def test_a_made_bid_takes_the_losing_pairs_and_the_ribs_a_winning_pair_is_kept():
    state = play(dealt(), "bid:5", "pass", "pass", "pass", "ribs:JC+9C",
                 "lay:AS+JS", "lay:KH+TH", "lay:QD+8D")
    assert won(state, 1) == codes("KH TH")
    assert won(state, 3) == codes("AS JS QD 8D JC 9C")
    assert points(state) == [0, 3, 0, 8]
    assert state.vars["rows"][-1]["outcome"] == "made"


def test_a_missed_bid_discards_the_ribs_and_each_loser_keeps_its_pair():
    state = play(dealt(), "bid:6", "pass", "pass", "pass", "ribs:JC+9C",
                 "lay:AS+JS", "lay:KH+TH", "lay:QD+8D")
    assert points(state) == [2, 3, 3, 0]
    assert state.game.pack.codes(state.table.of("discards")) == ["JC", "9C"]
    assert state.vars["rows"][-1]["outcome"] == "missed"


def test_when_everyone_else_folds_the_bid_is_missed():
    state = play(dealt(), "bid:2", "pass", "pass", "pass", "ribs:JC+9C",
                 "fold:AS+JS", "fold:KH+TH", "fold:QD+8D")
    assert points(state) == [0, 0, 0, 0]
    assert state.vars["rows"][-1]["outcome"] == "missed"
    assert len(state.table.of("discards")) == 2


def test_judge_on_ranks():
    verdict = judge(ranks("J9"), [(0, ranks("AJ")), (1, ranks("KT")), (2, ranks("Q8"))], 5)
    assert (verdict.cracker, verdict.winners, verdict.losers, verdict.points, verdict.made) \
        == (None, (1,), (0, 2), 5, True)


# --- what each seat sees ------------------------------------------------------------------
def test_ribs_stay_hidden_until_the_trick_is_judged_and_folds_for_ever():
    state = play(dealt(), "bid:2", "pass", "pass", "pass", "ribs:JC+9C", "fold:AS+JS")
    seen = state.observation(1)
    assert seen["events"][-2:] == ["?", "?"]
    assert seen["table"]["ribs"][3] == {"count": 2}
    assert state.observation(3)["events"][-2] == "ribs:JC+9C"
    assert state.observation(0)["events"][-1] == "fold:AS+JS"
    play(state, "lay:KH+TH", "lay:QD+8D")
    seen = state.observation(1)
    assert seen["events"][4:] == ["ribs:JC+9C", "?", "lay:KH+TH", "lay:QD+8D"]
    assert seen["table"]["won"][3] == ["JC", "9C", "QD", "8D"]  # captured cards are public
    assert seen["table"]["folded"][0] == {"count": 2}


# --- the hand and the match ---------------------------------------------------------------
FULL_HAND = ["bid:2", "pass", "pass", "pass", "ribs:QC+7C", "lay:QS+7S", "lay:AH+KH",
             "lay:AD+KD",  # seat 0 cracks: 3 + 2 + 2 + 3 = 10
             "bid:2", "bid:3", "pass", "pass", "pass", "ribs:AS+KS", "lay:QH+7H",
             "fold:QD+7D", "lay:9C+8C",  # seat 0 makes 3: QH 7H, 9C 8C and AS KS: 7
             "bid:2", "pass", "pass", "pass", "ribs:JS+TS", "lay:JH+TH", "lay:JD+TD",
             "lay:JC+TC",  # seat 1 cracks: 4 * 3 = 12
             "bid:2", "pass", "pass", "pass", "ribs:9S+8S", "lay:9H+8H", "lay:9D+8D",
             "lay:AC+KC"]  # seat 1 cracks again: 2 + 2 + 2 + 2 = 8


def test_the_highest_captured_total_wins_the_hand_and_scores_one():
    state = play(dealt(), *FULL_HAND)
    entry = state.hand_log[0]
    assert entry["summary"]["points"] == [17, 20, 0, 0]
    assert entry["summary"]["won"] == [False, True, False, False]
    assert entry["scores"] == [0, 1, 0, 0] and state.hands_won == [0, 1, 0, 0]
    assert [r["outcome"] for r in entry["summary"]["trick_results"]] == \
        ["cracked", "made", "cracked", "cracked"]


def test_tied_players_each_win_the_hand():
    sheet = {"points": [9, 9, 3, 0]}
    scores, problems = GAME.score_summary(GAME.new_match(seed=1), sheet)
    assert scores == [1, 1, 0, 0] and problems == []


def test_the_match_ends_when_a_player_has_won_the_set_number_of_hands():
    game = rules.load("ribs", hands_to_win=2)
    record = {"game": "ribs", "options": {"players": 4, "hands_to_win": 2}, "seats": SEATS,
              "hands": [{"summary": {"points": p}} for p in
                        ([10, 4, 0, 0], [0, 9, 9, 1], [3, 12, 2, 0], [12, 0, 0, 0])]}
    report = rules.check_record(record)
    assert report.totals == [1, 2, 1, 0]
    assert [e.code for e in report.errors] == ["too-many-hands"]
    assert game.ending.count == 2 and GAME.ending.count == 5


def test_players_reaching_the_target_on_the_same_hand_share_the_match():
    record = {"game": "ribs", "options": {"players": 4, "hands_to_win": 1}, "seats": SEATS,
              "hands": [{"summary": {"points": [8, 8, 1, 0]}}]}
    report = rules.check_record(record)
    assert report.valid and report.complete and report.winner == [0, 1]


# --- the scoresheet -----------------------------------------------------------------------
def sheet_errors(summary, players=4):
    record = {"game": "ribs", "options": {"players": players}, "seats": SEATS[:players],
              "hands": [{"summary": summary}]}
    return [(e.seat, e.field, e.code) for e in rules.check_record(record).errors]


ROWS = [{"bidder": 3, "bid": 2, "outcome": "cracked", "cracker": 0},
        {"bidder": 0, "bid": 3, "outcome": "made", "cracker": None},
        {"bidder": 0, "bid": 2, "outcome": "cracked", "cracker": 1},
        {"bidder": 0, "bid": 2, "outcome": "cracked", "cracker": 1}]


def test_a_played_hand_is_scored_the_same_from_its_scoresheet():
    state = play(dealt(), *FULL_HAND)
    summary = state.hand_log[0]["summary"]
    assert summary["trick_results"] == ROWS
    assert GAME.score_summary(GAME.new_match(seed=0), summary) == ([0, 1, 0, 0], [])


def test_scoresheet_mistakes_name_seat_field_and_code():
    assert sheet_errors({"points": [1, 2, 3]}) == [(None, "summary.points", "bad-shape")]
    assert sheet_errors({"points": [1, -2, 3, 4]}) == [(1, "summary.points", "points-range")]
    assert sheet_errors({"points": [40, 2, 0, 0]}) == [(None, "summary.points", "points-sum")]
    assert sheet_errors({"points": [5, 2, 0, 0], "won": [False, True, False, False]}) == \
        [(0, "summary.won", "winner-mismatch"), (1, "summary.won", "winner-mismatch")]
    rows = copy.deepcopy(ROWS)
    rows[1]["bid"] = 9
    assert sheet_errors({"points": [5, 12, 0, 0], "trick_results": rows}) == \
        [(0, "summary.points", "points-below-bids")]
    rows = copy.deepcopy(ROWS)
    rows[0]["cracker"] = 3
    rows[1].update(outcome="won")
    rows[2]["bidder"] = 4
    rows[3]["bid"] = 1
    assert sheet_errors({"points": [17, 20, 0, 0], "trick_results": rows}) == [
        (3, "summary.trick_results", "cracker-range"), (0, "summary.trick_results",
                                                        "bad-outcome"),
        (None, "summary.trick_results", "bidder-range"),
        (0, "summary.trick_results", "bid-range")]
    assert sheet_errors({"points": [17, 20, 0, 0], "trick_results": ROWS[:3]}) == \
        [(None, "summary.trick_results", "bad-shape")]


# --- card-by-card records -------------------------------------------------------------------
def hand_made_record():
    """A record as a club would write it by hand: pairs in any order, no seed."""
    return {"game": "ribs", "options": {"players": 4, "hands_to_win": 1}, "seats": SEATS,
            "first_dealer": 3,
            "hands": [{"dealer": 3, "deal": {"hands": SUITED},
                       "events": [e.replace("QS+7S", "7S+QS") for e in FULL_HAND],
                       "summary": {"points": [17, 20, 0, 0], "won": [False, True, False, False],
                                   "trick_results": ROWS},
                       "scores": [0, 1, 0, 0], "running": [0, 1, 0, 0]}],
            "totals": [0, 1, 0, 0]}


def test_a_hand_made_record_is_judged_right():
    report = rules.check_record(hand_made_record())
    assert report.valid and report.complete, report.errors
    assert report.winner == [1] and report.scores == [[0, 1, 0, 0]]
    assert report.tricks == [[2, 2, 0, 0]]  # cracks and bids made


def test_a_hand_made_record_checks_without_its_deal():
    record = hand_made_record()
    del record["hands"][0]["deal"]
    report = rules.check_record(record)
    assert report.valid and report.complete, report.errors


def test_a_ten_written_10_reads_as_in_a_play_in_ribs_pairs_and_folds_too():
    # docs/records.md reads "10S" for "TS"; a pair may hold it in either place
    record = hand_made_record()
    events = record["hands"][0]["events"]
    events[22:25] = ["lay:10H+JH", "lay:JD+10D", "lay:10C+JC"]
    events[21] = "ribs:JS+10S"
    report = rules.check_record(record)
    assert report.valid and report.scores == [[0, 1, 0, 0]], report.errors
    state = dealt()
    assert state.string_to_action("fold:10S+7S") == state.string_to_action("fold:TS+7S")


def test_record_mistakes_name_hand_seat_field_and_code():
    record = hand_made_record()
    record["hands"][0]["events"][6] = "lay:AS+KH"  # seat 1 does not hold the ace of spades
    assert [(e.hand, e.seat, e.field, e.code) for e in rules.check_record(record).errors] == \
        [(1, 1, "events", "card-not-in-hand")]
    record = hand_made_record()
    record["hands"][0]["scores"] = [1, 0, 0, 0]
    codes_ = {(e.seat, e.code) for e in rules.check_record(record).errors}
    assert codes_ == {(0, "score-mismatch"), (1, "score-mismatch")}
    record = hand_made_record()
    record["hands"][0]["summary"]["points"][0] = 16
    assert [(e.seat, e.field, e.code) for e in rules.check_record(record).errors] == \
        [(0, "summary.points", "summary-mismatch")]
    record = hand_made_record()
    del record["hands"][0]["events"][-1]
    assert [e.code for e in rules.check_record(record).errors] == ["hand-incomplete"]
    record = hand_made_record()
    record["hands"][0]["events"][4] = "ribs:QC+7C+9C"
    assert [e.code for e in rules.check_record(record).errors] == ["unknown-action"]


def build_golden():
    options, seed = GOLDEN_CASE
    game = rules.load("ribs", **options)
    return golden_playthrough(random_match(game, seed), seed, ["Ann", "Bob", "Cy", "Di", "Ed"],
                              options=options)


def test_the_golden_playthrough_replays_exactly():
    golden = json.loads(GOLDEN.read_text())
    assert build_golden() == golden
    report = rules.check_record(golden["record"])
    assert report.valid and report.complete


@pytest.mark.parametrize("players", range(4, 11))
def test_a_random_match_at_every_table_size_replays_and_checks_clean(players):
    game = rules.load("ribs", players=players, hands_to_win=1)
    state = game.new_match(seed=players)
    rng = random.Random(players)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        assert Counter(state.table.every_card()) == Counter(game.pack.ids())
    record = json.loads(json.dumps(state.to_record()))
    report = rules.check_record(record)
    assert report.valid and report.complete and report.totals == state.returns()
    again = game.replay(state.seed, [state.action_to_string(a) for a in state.history])
    assert again.to_record() == state.to_record()


if __name__ == "__main__" and "--regenerate" in sys.argv[1:] + ["--regenerate"]:
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
    print("wrote", GOLDEN)


def test_a_deal_naming_the_discards_pile_is_deal_field():
    """Only play fills the discards (a missed bid's ribs): a deal has none to write."""
    from games.bots import play_match

    record = play_match(rules.load("ribs", players=4), ["random"] * 4, seed=1)
    record["hands"][0]["deal"]["discards"] = ["AS"]
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (1, "deal.discards", "deal-field")
    assert "discards" not in json.dumps(rules.record_schema("ribs"))  # nor in the schema
