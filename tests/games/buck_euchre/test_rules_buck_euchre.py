"""Buck Euchre: each rule and each decision of docs/rules/buck-euchre.md on fixed deals,
and both record forms through `rules.check_record`.

Regenerate the golden playthrough (only after a deliberate rules change):
`python tests/games/buck_euchre/test_rules_buck_euchre.py`."""

import copy
import json
import pathlib
import random
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))

from games import rules  # noqa: E402
from games.buck_euchre.rules import hand_points  # noqa: E402
from tests.games.helpers import golden_playthrough, legal_texts, play, random_match  # noqa: E402

GAME = rules.load("buck-euchre")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "buck-euchre.json"
GOLDEN_SEED = 59

# Deal A: hearts turned; seat 0 holds both bowers. Seat 3 deals.
DEAL_A = {"hands": [["JH", "JD", "AH", "9S", "TC"], ["9C", "KS", "QS", "9D", "TD"],
                    ["AC", "KC", "QC", "AS", "TH"], ["QH", "9H", "AD", "KD", "JC"]],
          "turned": "KH", "stock": ["JS", "TS", "QD"]}
HAND_A = ["order-up", "discard:JC", "drop", "stay", "stay",
          "JH", "TH", "9H", "JD", "AC", "QH", "AH", "KC", "KH", "9S", "AS", "AD",
          "QC", "KD", "TC"]
SUMMARY_A = {"trump": "H", "maker": 0, "stayed": [True, False, True, True],
             "tricks": [3, 0, 2, 0]}
# Deal B: the nine of hearts turned; seat 1's only "diamond" is the jack.
DEAL_B = {"hands": [["AD", "KS", "QS", "9S", "TS"], ["JD", "AC", "KC", "QC", "JC"],
                    ["KD", "QD", "TD", "9D", "AS"], ["AH", "KH", "QH", "JH", "TH"]],
          "turned": "9H", "stock": ["JS", "TC", "9C"]}


def dealt(deal, game=GAME):
    """A state at hand 1, seat 3 dealing (seat 0 speaks and leads first)."""
    state = game.new_match(seed=0, first_dealer=3, auto_deal=False)
    assert state.deal(copy.deepcopy(deal)) == []
    return state


def record(hands, first_dealer=3, **options):
    return {"game": "buck-euchre", "options": {"players": 4, **options}, "seats": SEATS,
            "first_dealer": first_dealer, "hands": hands}


def sheet_hand(trump, maker, stayed, tricks):
    return {"summary": {"trump": trump, "maker": maker, "stayed": stayed, "tricks": tricks}}


IN = [True] * 4


# --- pack, deal, start ------------------------------------------------------------------
def test_it_uses_24_cards_nine_to_ace():
    codes = GAME.pack.faces
    assert len(codes) == 24 and {c[0] for c in codes} == set("9TJQKA")


def test_it_deals_five_each_and_turns_the_upcard_on_a_three_card_stub():
    state = GAME.new_match(seed=3)
    assert [len(h) for h in state.dealt["hands"]] == [5, 5, 5, 5]
    assert state.dealt["turned"] and len(state.dealt["stock"]) == 3


def test_everyone_starts_at_25_and_a_club_may_choose_another_start():
    assert GAME.new_match(seed=1).returns() == [25] * 4
    assert rules.load("buck-euchre", start=15).new_match(seed=1).returns() == [15] * 4
    with pytest.raises(rules.RulesError):
        rules.load("buck-euchre", start=0)


# --- trump making -----------------------------------------------------------------------
def test_a_club_upcard_makes_clubs_trump_at_once_and_nobody_may_drop():
    deal = copy.deepcopy(DEAL_A)
    deal["turned"], deal["hands"][3][4] = "JC", "KH"
    state = dealt(deal)
    assert GAME.pack.suits[state.trump] == "C" and state.phase_name() == "play"
    assert state.check("order-up").code == "card-expected"
    assert state.table.of("turned") and state.observation(0)["table"]["turned"] == ["JC"]
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    summary = state.hand_log[-1]["summary"]
    assert summary["maker"] is None and summary["stayed"] == IN and summary["trump"] == "C"


def test_ordering_up_makes_the_maker_and_the_dealer_takes_the_upcard_and_discards():
    state = play(dealt(DEAL_A), "order-up")
    assert state.vars["maker"] == 0 and GAME.pack.suits[state.trump] == "H"
    assert state.current_player() == 3 and state.phase_name() == "discard"
    assert "KH" in GAME.pack.codes(state.table.of("hand", 3))
    assert state.observation(1)["table"]["hand"][3] == {"count": 6, "shown": ["KH"]}
    assert state.check("discard:KH").code == "discard-upcard"
    assert state.check("discard:AS").code == "card-not-in-hand"
    assert state.check("JC").code == "discard-expected"
    play(state, "discard:JC")
    assert state.observation(1)["events"] == ["order-up", "?"]
    assert state.observation(3)["events"] == ["order-up", "discard:JC"]
    assert state.observation(1)["table"]["discards"] == {"count": 1}


def test_the_dealer_may_take_the_upcard_last():
    state = play(dealt(DEAL_B), "pass", "pass", "pass")
    assert state.current_player() == 3 and legal_texts(state) == ["order-up", "pass"]
    assert state.check("name:S").code == "order-or-pass"
    play(state, "order-up", "discard:TH")
    assert state.vars["maker"] == 3 and state.phase_name() == "drop"


def test_round_two_names_another_suit_from_the_dealers_left():
    state = play(dealt(DEAL_B), "pass", "pass", "pass", "pass")
    assert state.phase_name() == "name" and state.current_player() == 0
    assert state.check("name:H").code == "upcard-suit"
    assert state.check("order-up").code == "name-or-pass"
    assert legal_texts(state) == ["name:C", "name:D", "name:S", "pass"]
    play(state, "pass", "name:C")
    assert state.vars["maker"] == 1 and GAME.pack.suits[state.trump] == "C"
    assert state.current_player() == 2 and state.phase_name() == "drop"
    assert "9H" in GAME.pack.codes(state.table.of("turned"))  # turned down, not taken


def test_everyone_passing_twice_plays_at_no_trump_without_bowers_or_drops():
    state = play(dealt(DEAL_B), *["pass"] * 8)
    assert state.trump is None and state.phase_name() == "play"
    play(state, "AD")
    assert legal_texts(state) == ["JD"]  # no trump: the jack is a plain diamond
    play(state, "JD", "KD", "AH")
    assert state.tricks[-1][1] == 0
    while state.hand_index == 0:
        state.apply(state.legal_actions()[0])
    summary = state.hand_log[-1]["summary"]
    assert summary["trump"] == "none" and summary["maker"] is None
    assert state.hand_log[-1]["scores"] == hand_points(None, IN, summary["tricks"])


# --- staying and dropping -------------------------------------------------------------------
def test_the_others_stay_or_drop_clockwise_from_the_makers_left():
    state = play(dealt(DEAL_B), "pass", "order-up", "discard:TH")
    assert [state.current_player(), state.phase_name()] == [2, "drop"]
    assert state.check("pass").code == "stay-or-drop"
    play(state, "stay")
    assert state.current_player() == 3
    play(state, "drop", "drop")
    assert state.vars["stayed"] == [False, True, True, False]


def test_when_the_first_seat_dropped_the_next_player_in_leads_and_dropped_seats_are_skipped():
    state = play(dealt(DEAL_A), "order-up", "discard:JC", "drop", "stay", "stay")
    assert state.current_player() == 0
    state = play(dealt(DEAL_B), "pass", "order-up", "discard:TH", "stay", "stay", "drop")
    assert state.current_player() == 1  # seat 0 dropped
    play(state, "JD")  # the left bower leads: a trump
    assert state.current_player() == 2
    assert legal_texts(state) == ["9D", "AS", "KD", "QD", "TD"]  # void in trumps: any
    play(state, "AS", "JH")
    assert state.tricks[-1][1] == 3 and len(state.tricks[-1][0]) == 3


def test_if_all_three_drop_the_hand_is_not_played_and_the_maker_scores_minus_five():
    state = play(dealt(DEAL_A), "order-up", "discard:JC", "drop", "drop", "drop")
    assert state.hand_index == 1
    entry = state.hand_log[-1]
    assert entry["scores"] == [-5, 0, 0, 0] and entry["summary"]["tricks"] == [0] * 4
    assert entry["events"] == ["order-up", "discard:JC", "drop", "drop", "drop"]


# --- play ---------------------------------------------------------------------------------
def test_the_left_bower_is_a_trump_and_does_not_follow_its_own_suit():
    state = play(dealt(DEAL_B), "pass", "pass", "pass", "order-up", "discard:TH",
                 "stay", "stay", "stay", "AD")
    assert legal_texts(state) == ["AC", "JC", "JD", "KC", "QC"]
    play(state, "QC")
    assert state.check("AS").code == "revoke"
    play(state, "KD", "JH")
    assert state.tricks[-1][1] == 3  # the right bower


def test_the_right_bower_beats_the_left_and_the_left_beats_the_ace():
    state = play(dealt(DEAL_A), "order-up", "discard:JC", "stay", "stay", "stay")
    hearts = GAME.pack.suit_index("H")
    power = {c: GAME.card_power(state, GAME.pack.ids_of[GAME.pack.parse(c)][0])
             for c in ("JH", "JD", "AH", "KH", "9H")}
    assert power["JH"] > power["JD"] > power["AH"] > power["KH"] > power["9H"]
    assert GAME.card_suit(state, GAME.pack.ids_of[GAME.pack.parse("JD")][0], 0) == hearts


def test_a_whole_hand_scores_maker_stayers_and_dropped_seats():
    state = play(dealt(DEAL_A), *HAND_A)
    entry = state.hand_log[-1]
    assert entry["summary"] == SUMMARY_A
    assert entry["scores"] == [-3, 0, -2, 5] and entry["running"] == [22, 25, 23, 30]


# --- scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("maker,stayed,tricks,points", [
    (0, [True, True, True, True], [3, 1, 1, 0], [-3, -1, -1, 5]),
    (0, [True, True, True, True], [2, 1, 1, 1], [5, -1, -1, -1]),
    (2, [False, True, True, False], [0, 4, 1, 0], [0, -4, 5, 0]),
    (1, [False, True, False, False], [0, 0, 0, 0], [0, -5, 0, 0]),
    (None, [True, True, True, True], [0, 2, 3, 0], [5, -2, -3, 5]),
])
def test_hand_points(maker, stayed, tricks, points):
    assert hand_points(maker, stayed, tricks) == points


def test_a_sweep_with_an_opponent_in_wins_at_once_even_from_a_higher_score():
    lift = sheet_hand("S", 1, [False, True, True, False], [0, 3, 2, 0])
    hands = [copy.deepcopy(lift) for _ in range(5)]  # Bob to 10, Cy to 15
    hands.append(sheet_hand("D", 0, IN, [5, 0, 0, 0]))
    report = rules.check_record(record(hands))
    assert report.valid and report.complete, report.errors
    assert report.totals == [20, 15, 20, 30] and report.winner == [0]
    state = GAME.new_match(seed=0, first_dealer=3, auto_deal=False)
    for hand in hands:
        state.deal(None)
        assert state.enter_summary(hand["summary"]) == []
    assert state.is_terminal() and GAME.places(state) == [1, 2, 3, 4]


def test_a_sweep_when_everyone_else_dropped_is_not_a_sweep():
    report = rules.check_record(record([sheet_hand("S", 1, [False, True, False, False],
                                                   [0, 0, 0, 0])]))
    assert report.valid and not report.complete and report.totals == [25, 20, 25, 25]


def test_the_match_ends_at_zero_or_below_and_equal_lowest_scores_share_the_win():
    hand = sheet_hand("S", 1, [False, True, True, False], [0, 3, 2, 0])
    report = rules.check_record(record([copy.deepcopy(hand) for _ in range(9)]))
    assert report.complete and report.totals == [25, -2, 7, 25] and report.winner == [1]
    tie = sheet_hand("H", 1, [False, True, True, False], [0, 4, 1, 0])
    hands = [sheet_hand("S", 2, [False, True, True, False], [0, 1, 4, 0])] * 5 + \
        [sheet_hand("S", 1, [False, True, True, False], [0, 4, 1, 0])] * 4 + [tie]
    report = rules.check_record(record(copy.deepcopy(hands)))
    assert report.complete and report.totals == [25, 0, 0, 25] and report.winner == [1, 2]
    assert GAME.ranking.places([25, 0, 0, 25]) == [3, 1, 1, 3]


# --- records ------------------------------------------------------------------------------
def test_a_hand_made_card_by_card_record_is_judged_right():
    hand = {"dealer": 3, "cards": 5, "deal": copy.deepcopy(DEAL_A), "events": list(HAND_A),
            "summary": copy.deepcopy(SUMMARY_A), "scores": [-3, 0, -2, 5],
            "running": [22, 25, 23, 30]}
    report = rules.check_record(record([hand]))
    assert report.valid and report.scores == [[-3, 0, -2, 5]], report.errors
    assert report.tricks == [[3, 0, 2, 0]]
    hand["deal"] = {"turned": "KH"}  # Bob dropped: his cards are never seen
    assert rules.check_record(record([hand])).valid


def test_a_ten_written_10_reads_as_in_a_play_in_the_dealers_discard_too():
    # docs/records.md reads "10C" for "TC"; a referee who writes tens that way writes
    # the discard so too. Di holds the ten of clubs here instead of the jack (Ann has it).
    deal = copy.deepcopy(DEAL_A)
    deal["hands"][0][4], deal["hands"][3][4] = "JC", "TC"
    events = [text.replace("JC", "@").replace("TC", "JC").replace("@", "10C")
              .replace("TH", "10H") for text in HAND_A]
    assert events[1] == "discard:10C" and "10H" in events
    hand = {"dealer": 3, "cards": 5, "deal": deal, "events": events,
            "summary": copy.deepcopy(SUMMARY_A), "scores": [-3, 0, -2, 5]}
    report = rules.check_record(record([hand]))
    assert report.valid and report.scores == [[-3, 0, -2, 5]], report.errors


def test_a_wrong_card_a_wrong_score_and_a_wrong_summary_name_hand_seat_and_field():
    hand = {"deal": copy.deepcopy(DEAL_A), "events": list(HAND_A), "scores": [-3, 0, -2, 5]}
    bad = copy.deepcopy(hand)
    bad["events"][6] = "AS"  # Cy holds the ten of hearts
    error = rules.check_record(record([bad])).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == (1, 2, "events", "revoke")
    bad = copy.deepcopy(hand)
    bad["events"][2] = "stay"
    bad["events"][5] = "QS"  # Bob is in now, but he leads nothing: Ann leads
    error = rules.check_record(record([bad])).errors[0]
    assert (error.seat, error.code) == (0, "card-not-in-hand")
    bad = copy.deepcopy(hand)
    bad["scores"][3] = -5
    assert [(e.seat, e.code) for e in rules.check_record(record([bad])).errors] == \
        [(3, "score-mismatch")]
    bad = copy.deepcopy(hand)
    bad["summary"] = {"stayed": [True] * 4}
    assert [(e.seat, e.field, e.code) for e in rules.check_record(record([bad])).errors] == \
        [(1, "summary.stayed", "summary-mismatch")]


def test_a_discard_of_the_upcard_in_a_record_is_named():
    hand = {"deal": copy.deepcopy(DEAL_A), "events": ["order-up", "discard:KH"]}
    error = rules.check_record(record([hand])).errors[0]
    assert (error.seat, error.code) == (3, "discard-upcard")


def test_a_card_by_card_hand_must_name_its_upcard():
    hand = {"deal": {}, "events": list(HAND_A)}
    error = rules.check_record(record([hand])).errors[0]
    assert (error.field, error.code) == ("deal.turned", "missing-field")


@pytest.mark.parametrize("summary,found", [
    ({"trump": "X", "maker": 0, "stayed": IN, "tricks": [3, 1, 1, 0]},
     [(None, "summary.trump", "bad-trump")]),
    ({"trump": "S", "maker": 4, "stayed": IN, "tricks": [3, 1, 1, 0]},
     [(None, "summary.maker", "maker-range")]),
    ({"trump": "S", "maker": 0, "stayed": [1, 1, 1, 1], "tricks": [3, 1, 1, 0]},
     [(None, "summary.stayed", "bad-shape")]),
    ({"trump": "S", "maker": 0, "stayed": IN, "tricks": [3, 1, 1, 6]},
     [(3, "summary.tricks", "trick-range")]),
    ({"trump": "S", "maker": 0, "stayed": IN, "tricks": [3, 1]},
     [(None, "summary.tricks", "bad-shape")]),
    ({"trump": "S", "maker": None, "stayed": [True, False, True, True],
      "tricks": [3, 0, 2, 0]},
     [(1, "summary.stayed", "drop-without-maker"), (None, "summary.trump",
                                                    "trump-without-maker")]),
    ({"trump": "none", "maker": 2, "stayed": IN, "tricks": [3, 1, 1, 0]},
     [(2, "summary.trump", "maker-without-trump")]),
    ({"trump": "S", "maker": 2, "stayed": [True, True, False, True], "tricks": [3, 1, 0, 1]},
     [(2, "summary.stayed", "maker-dropped")]),
    ({"trump": "S", "maker": 2, "stayed": [False, True, True, True], "tricks": [1, 1, 3, 0]},
     [(0, "summary.tricks", "dropped-took-trick")]),
    ({"trump": "S", "maker": 2, "stayed": IN, "tricks": [1, 1, 1, 1]},
     [(None, "summary.tricks", "tricks-sum")]),
    # the maker left alone plays no hand: only its count can be wrong, so it is named
    ({"trump": "S", "maker": 2, "stayed": [False, False, True, False], "tricks": [0, 0, 5, 0]},
     [(2, "summary.tricks", "tricks-sum")]),
])
def test_a_scoresheet_line_that_cannot_be_names_seat_field_and_code(summary, found):
    errors = rules.check_record(record([{"summary": summary}])).errors
    assert [(e.seat, e.field, e.code) for e in errors] == found


def test_a_scoresheet_line_scores_from_the_summary_alone():
    report = rules.check_record(record([{"summary": SUMMARY_A, "scores": [-3, 0, -2, 5],
                                         "running": [22, 25, 23, 30]}]))
    assert report.valid and report.scores == [[-3, 0, -2, 5]] and report.totals == \
        [22, 25, 23, 30]


def golden_record():
    return json.loads(GOLDEN.read_text())["record"]


def test_the_golden_playthrough_is_a_whole_match_to_zero():
    data = json.loads(GOLDEN.read_text())
    assert data == build_golden()
    totals = data["record"]["totals"]
    assert min(totals) <= 0 and data["record"]["places"][totals.index(min(totals))] == 1
    history = data["history"]
    for word in ("order-up", "pass", "stay", "drop", "name:"):
        assert any(text.startswith(word) for text in history), word


def test_a_random_match_replays_and_checks_clean_without_its_hands():
    state = GAME.new_match(seed=31)
    rng = random.Random(31)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    made = copy.deepcopy(state.to_record(SEATS))
    for hand in made["hands"]:
        hand["deal"] = {"turned": hand["deal"]["turned"]}
    report = rules.check_record(made)
    assert report.valid and report.complete and report.totals == state.returns()


def test_the_record_schema_takes_the_scoresheet_fields_and_a_played_match():
    import jsonschema

    schema = rules.record_schema("buck-euchre")
    summary = schema["properties"]["hands"]["items"]["properties"]["summary"]["properties"]
    assert all("title" in field and "x-per" in field for field in summary.values())
    jsonschema.Draft202012Validator(schema).validate(golden_record())


def build_golden():
    return golden_playthrough(random_match(GAME, GOLDEN_SEED), GOLDEN_SEED, SEATS,
                              options={"players": 4})


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build_golden(), indent=1) + "\n")
