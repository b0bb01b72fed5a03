"""Georgian Joker: each rule and each decision of docs/rules/joker.md on fixed deals,
and both record forms through `rules.check_record`."""

import copy
import json
import pathlib
import random

import pytest

from games import rules
from games.joker.rules import SCHEDULE, hand_points
from tests.games.helpers import legal_texts, play

GAME = rules.load("joker")
SEATS = ["Ann", "Bob", "Cy", "Di"]
GOLDEN = pathlib.Path(__file__).parent / "golden" / "joker.json"


def dealt(hands, turned, bids=(0, 0, 0, 0), game=GAME):
    """A state at the first hand with this many cards, seat 3 dealing (seat 0 bids
    and leads first), dealt as written and bid."""
    index = SCHEDULE.index(len(hands[0]))
    state = game.new_match(seed=0, first_dealer=(3 - index) % 4, auto_deal=False)
    state.start_at(index)
    assert state.deal({"hands": hands, "turned": turned}) == []
    for bid in bids:
        state.apply(f"bid:{bid}")
    return state


def winner_of_last_trick(state):
    return state.tricks[-1][1] if state.tricks else state.hand_log[-1]["tricks"].index(1)


# --- pack, schedule, trump --------------------------------------------------------------
def test_it_uses_36_cards_without_the_black_sixes_and_two_alike_jokers():
    codes = [GAME.pack.code(c) for c in GAME.pack.ids()]
    assert len(codes) == 36
    assert "6S" not in codes and "6C" not in codes and "6H" in codes and "6D" in codes
    assert codes.count("JK") == 2


def test_it_plays_24_hands_in_four_sets():
    assert SCHEDULE == (1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 9, 9, 9)
    state = GAME.new_match(seed=5)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert [h["cards"] for h in state.to_record()["hands"]] == list(SCHEDULE)


def test_it_takes_trump_from_the_turned_card_on_a_short_hand():
    state = dealt([["AS"], ["KS"], ["QS"], ["JS"]], "7H")
    assert GAME.pack.suits[state.trump] == "H"


def test_it_shows_the_dealers_last_card_on_a_nine_card_hand_and_keeps_it_in_hand():
    state = GAME.new_match(seed=9)
    while state.cards != 9:
        state.apply(state.legal_actions()[0])
    deal = state.dealt
    turned = deal["turned"]
    assert turned in deal["hands"][state.dealer] and deal["stock"] == []
    if turned != "JK":
        assert GAME.pack.suits[state.trump] == turned[1]
    other = (state.dealer + 1) % 4
    seen = state.observation(other)["table"]["hand"][state.dealer]
    assert seen == {"count": 9, "shown": [turned]}


def test_a_turned_joker_means_no_trump_on_any_hand():
    assert dealt([["AS"], ["KS"], ["QS"], ["JS"]], "JK").trump is None
    hands = [["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
             ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"],
             ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"],
             ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "JK"]]
    assert dealt(hands, "JK").trump is None
    assert GAME.pack.suits[dealt(hands, "8C").trump] == "C"


# --- bidding ------------------------------------------------------------------------------
def test_the_dealer_may_not_make_the_bids_add_up_to_the_cards():
    state = dealt([["AS", "KS"], ["QS", "JS"], ["TS", "9S"], ["8S", "7S"]], "7H", bids=())
    play(state, "bid:1", "bid:0", "bid:0")
    assert state.check("bid:1").code == "dealer-hook"
    assert legal_texts(state) == ["bid:0", "bid:2"]
    assert state.check("bid:3").code == "bid-range"


def test_pass_is_read_as_a_bid_of_none_and_written_back_as_bid_0():
    state = dealt([["AS", "KS"], ["QS", "JS"], ["TS", "9S"], ["8S", "7S"]], "7H", bids=())
    assert GAME.string_to_action("pass") == GAME.string_to_action("bid:0")
    play(state, "bid:1", "pass", "Pass", "bid:0")
    assert state.bids == [1, 0, 0, 0]
    assert state.hand_log == [] and GAME.action_to_string(GAME.string_to_action("pass")) \
        == "bid:0"


# --- following ----------------------------------------------------------------------------
def test_a_player_must_follow_suit_or_play_a_joker():
    state = dealt([["AS", "7D"], ["KS", "JK"], ["AH", "7H"], ["8S", "9S"]], "6H")
    play(state, "AS")
    assert legal_texts(state) == ["JK:high", "JK:low", "KS"]


def test_void_in_the_led_suit_a_trump_or_a_joker_if_a_trump_is_held():
    state = dealt([["AS", "7D"], ["AH", "JK"], ["KD", "QD"], ["8S", "9S"]], "6H")
    play(state, "AS")
    assert legal_texts(state) == ["AH", "JK:high", "JK:low"]
    assert state.check("JK").code == "joker-declaration"
    play(state, "JK:low")
    assert legal_texts(state) == ["KD", "QD"]  # no spade, no heart: any card


def test_a_card_off_suit_while_holding_the_suit_is_a_revoke():
    state = dealt([["AS", "7D"], ["KS", "AH"], ["KD", "QD"], ["8S", "9S"]], "6H")
    play(state, "AS")
    assert state.check("AH").code == "revoke"
    state = dealt([["AS", "7D"], ["AH", "KD"], ["KC", "QD"], ["8S", "9S"]], "6H")
    play(state, "AS")
    assert state.check("KD").code == "must-trump"


# --- jokers that do not lead ----------------------------------------------------------------
def test_a_joker_played_high_wins_even_against_trumps():
    state = dealt([["AS"], ["JK"], ["AH"], ["KS"]], "6H")
    play(state, "AS", "JK:high", "AH", "KS")
    assert winner_of_last_trick(state) == 1


def test_a_later_high_joker_beats_an_earlier_high_joker():
    state = dealt([["AS", "7D"], ["JK", "8D"], ["JK", "9D"], ["KS", "TD"]], "6H")
    play(state, "AS", "JK:high", "JK:high", "KS")
    assert state.tricks[-1][1] == 2


def test_a_joker_played_low_never_wins():
    state = dealt([["7S"], ["JK"], ["8D"], ["9C"]], "6H")
    play(state, "7S", "JK:low", "8D", "9C")
    assert winner_of_last_trick(state) == 0


def test_only_a_leading_joker_names_a_suit():
    state = dealt([["AS", "7D"], ["JK", "8D"], ["KD", "9D"], ["KS", "TD"]], "6H")
    assert state.check("7D") is None
    play(state, "AS")
    assert state.check("JK:high:S").code == "joker-declaration"


# --- jokers that lead -------------------------------------------------------------------------
def test_a_led_joker_must_name_a_suit():
    state = dealt([["JK", "7D"], ["AS", "8D"], ["KD", "9D"], ["KS", "TD"]], "6H")
    assert state.check("JK:high").code == "joker-declaration"
    assert "JK:low:C" in legal_texts(state)


def test_a_joker_led_high_asks_for_the_highest_card_of_the_named_suit():
    state = dealt([["JK", "7D"], ["AS", "7S"], ["KD", "9D"], ["KS", "TD"]], "6H")
    play(state, "JK:high:S")
    assert legal_texts(state) == ["AS"]
    assert state.check("7S").code == "highest-card"
    play(state, "AS", "KD", "KS")  # seat 2 is void in spades and holds no heart
    assert state.tricks[-1][1] == 0


def test_a_joker_led_high_for_the_trump_suit_lets_any_trump_follow_and_still_wins():
    state = dealt([["JK", "7D"], ["AH", "7H"], ["KD", "9D"], ["KS", "TD"]], "6H")
    play(state, "JK:high:H")
    assert legal_texts(state) == ["7H", "AH"]
    play(state, "7H", "KD", "KS")
    assert state.tricks[-1][1] == 0


def test_a_joker_led_high_loses_to_a_trump_from_a_player_void_in_the_named_suit():
    state = dealt([["JK", "7D"], ["AS", "7S"], ["7H", "9D"], ["8H", "TD"]], "6H")
    play(state, "JK:high:S", "AS", "7H", "8H")
    assert state.tricks[-1][1] == 3  # the highest trump


def test_a_joker_led_high_loses_to_the_other_joker_played_high():
    state = dealt([["JK", "7D"], ["AS", "7S"], ["JK", "9D"], ["8H", "TD"]], "6H")
    play(state, "JK:high:S", "AS", "JK:high", "8H")
    assert state.tricks[-1][1] == 2


def test_a_joker_led_low_lets_any_card_of_the_suit_follow_and_loses_to_the_highest():
    state = dealt([["JK", "7D"], ["AS", "7S"], ["9S", "9D"], ["KD", "TD"]], "6H")
    play(state, "JK:low:S")
    assert legal_texts(state) == ["7S", "AS"]
    play(state, "7S", "9S", "KD")
    assert state.tricks[-1][1] == 2


def test_a_joker_led_low_loses_to_a_trump():
    state = dealt([["JK", "7D"], ["AS", "7S"], ["7H", "9D"], ["KD", "TD"]], "6H")
    play(state, "JK:low:S", "AS", "7H", "KD")
    assert state.tricks[-1][1] == 2


def test_a_joker_led_low_wins_when_nobody_follows_trumps_or_plays_the_other_joker_high():
    state = dealt([["JK", "7D"], ["AC", "7C"], ["JK", "9D"], ["KD", "TD"]], "6H")
    play(state, "JK:low:S", "AC", "JK:low", "KD")
    assert state.tricks[-1][1] == 0
    state = dealt([["JK", "7D"], ["AC", "7C"], ["JK", "9D"], ["KD", "TD"]], "6H")
    play(state, "JK:low:S", "AC", "JK:high", "KD")
    assert state.tricks[-1][1] == 2


# --- scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("cards,bid,won,points", [
    (5, 2, 2, 150), (5, 0, 0, 50), (5, 5, 5, 600), (1, 1, 1, 200), (5, 3, 1, 10),
    (5, 1, 4, 40), (5, 2, 0, 0),
])
def test_hand_points(cards, bid, won, points):
    assert hand_points(cards, bid, won) == points


def test_khishti_option_charges_a_seat_that_bid_and_took_nothing():
    assert hand_points(5, 2, 0, khishti=200) == -200
    assert hand_points(5, 0, 1, khishti=200) == 10
    assert rules.load("joker", khishti=500).options["khishti"] == 500
    with pytest.raises(rules.RulesError):
        rules.load("joker", khishti=-1)


def sheet(hands):
    """A scoresheet-only record of the first len(hands) hands: (bids, tricks) each."""
    return {"game": "joker", "options": {"players": 4}, "seats": SEATS, "hands": [
        {"cards": SCHEDULE[i], "summary": {"bids": list(b), "tricks": list(t)}}
        for i, (b, t) in enumerate(hands)]}


def test_the_set_bonus_adds_the_best_hand_of_a_set_made_throughout():
    # set 1: seat 0 bids and takes every card, seats 1 and 3 bid 0 and take none,
    # seat 2 bids one trick and never takes it
    report = rules.check_record(sheet([([c, 0, 1, 0], [c, 0, 0, 0]) for c in range(1, 9)]))
    assert report.valid, report.errors
    assert report.scores[6] == [800, 50, 0, 50]  # no bonus before the set's last hand
    assert report.scores[7] == [900 + 900, 50 + 50, 0, 50 + 50]


def test_the_set_bonus_is_not_given_after_one_missed_bid():
    hands = [([c, 0, 0, 1], [c, 0, 0, 0]) for c in range(1, 9)]
    hands[3] = ([0, 0, 1, 0], [4, 0, 0, 0])  # seat 0 misses hand 4
    report = rules.check_record(sheet(hands))
    assert report.valid, report.errors
    assert report.scores[7][:2] == [900, 100]


# --- records ------------------------------------------------------------------------------
def golden_record():
    return json.loads(GOLDEN.read_text())["record"]


def test_the_golden_playthrough_has_every_kind_of_joker_play():
    history = json.loads(GOLDEN.read_text())["history"]
    for kind in ("JK:high", "JK:low", "JK:high:", "JK:low:"):
        assert any(text.startswith(kind) for text in history), kind


def test_a_card_by_card_record_with_a_wrong_card_names_hand_seat_and_code():
    record = golden_record()
    hand = record["hands"][1]
    lead_seat = (hand["dealer"] + 1) % 4
    dealt_cards = sum(hand["deal"]["hands"], [])
    stranger = next(c for c in GAME.pack.faces if c not in dealt_cards)
    hand["events"][4] = stranger
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == \
        (2, lead_seat, "events", "card-not-in-hand")


def test_a_hand_written_without_its_turned_card_is_refused():
    record = golden_record()
    del record["hands"][0]["deal"]["turned"]
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (1, "deal.turned", "missing-field")
    record = golden_record()
    record["hands"][2]["deal"] = {}
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (3, "deal.turned", "missing-field")
    record = golden_record()
    record["hands"][8]["deal"]["turned"] = None  # a 9-card hand always shows one
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.field, error.code) == (9, "deal.turned", "missing-field")


def test_a_nine_card_turned_card_must_be_the_dealers():
    record = golden_record()
    hand = record["hands"][8]
    other = hand["deal"]["hands"][(hand["dealer"] + 1) % 4]
    hand["deal"]["turned"] = next(c for c in other if c not in hand["deal"]["hands"][hand["dealer"]])
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.code) == (9, hand["dealer"], "turned-not-dealt")


def test_a_wrong_score_names_the_seat():
    record = golden_record()
    record["hands"][4]["scores"][2] += 10
    codes = {(e.hand, e.seat, e.code) for e in rules.check_record(record).errors}
    assert (5, 2, "score-mismatch") in codes


def test_a_scoresheet_with_the_dealers_forbidden_total_names_the_dealer():
    record = sheet([([1, 0, 0, 0], [1, 0, 0, 0]), ([1, 0, 0, 0], [1, 0, 0, 1])])
    errors = rules.check_record(record).errors
    assert [(e.hand, e.seat, e.field, e.code) for e in errors] == \
        [(1, 0, "summary.bids", "dealer-hook")]
    record = sheet([([0, 0, 0, 0], [0, 0, 1, 1])])
    assert [e.code for e in rules.check_record(record).errors] == ["tricks-sum"]


def test_a_scoresheet_number_out_of_range_names_the_seat():
    record = sheet([([0, 0, 0, 0], [1, 0, 0, 0]), ([0, 3, 0, 0], [1, 1, 0, 0])])
    errors = rules.check_record(record).errors
    assert [(e.hand, e.seat, e.field, e.code) for e in errors] == \
        [(2, 1, "summary.bids", "bid-range")]
    record = sheet([([0, 0, 0, 0], [1, 0, 0, "x"])])
    assert [(e.seat, e.code) for e in rules.check_record(record).errors] == \
        [(3, "trick-range")]


def test_a_joker_declared_by_a_seat_without_a_joker_is_not_in_its_hand():
    state = dealt([["AS", "7D"], ["KS", "9S"], ["AH", "7H"], ["8S", "9D"]], "6H")
    assert state.check("JK:high:S").code == "card-not-in-hand"
    play(state, "AS")
    assert state.check("JK:low").code == "card-not-in-hand"


def test_a_card_by_card_record_checks_without_the_written_hands():
    record = golden_record()
    for hand in record["hands"]:
        hand["deal"] = {"turned": hand["deal"]["turned"]}
    report = rules.check_record(record)
    assert report.valid and report.complete
    assert report.totals == golden_record()["totals"]


def test_equal_totals_share_the_win():
    assert GAME.ranking.places([900, 900, 400, 100]) == [1, 1, 3, 4]


def test_a_random_match_replays_and_checks_clean():
    state = GAME.new_match(seed=31)
    rng = random.Random(31)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    record = copy.deepcopy(state.to_record(SEATS))
    report = rules.check_record(record)
    assert report.valid and report.complete and report.totals == state.returns()


def test_a_turned_card_also_written_in_a_hand_is_named_as_such():
    record = json.loads(GOLDEN.read_text())["record"]
    deal = record["hands"][1]["deal"]
    deal["hands"][2][0] = deal["turned"]  # Cy's first card written as the turned 7S
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == (
        2, 2, "deal.hands", "turned-in-deal")
    assert "'7S' is the turned card" in error.message


def test_with_no_hands_written_a_card_played_twice_is_blamed_on_the_second_player():
    record = json.loads(GOLDEN.read_text())["record"]
    hand = record["hands"][2]  # 3 cards a seat: the bids, then three tricks
    state = GAME.new_match(seed=0, first_dealer=record.get("first_dealer", 0), auto_deal=False)
    state.start_at(2)
    assert state.deal(hand["deal"]) == []
    first, seats = 4, []  # the first card led, and who plays each event
    for text in hand["events"]:
        seats.append(state.current_player())
        state.apply(text)
    again = next(p for p in range(first + 1, len(seats)) if seats[p] != seats[first])
    hand["events"][again] = hand["events"][first]
    hand["deal"] = {k: v for k, v in hand["deal"].items() if k != "hands"}
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.field, error.code) == (
        3, seats[again], "events", "duplicate-card")
    assert f"at event {first + 1}" in error.message


def test_with_no_hands_written_a_card_played_again_by_the_same_seat_is_named_there():
    record = json.loads(GOLDEN.read_text())["record"]
    hand = record["hands"][2]
    state = GAME.new_match(seed=0, first_dealer=record.get("first_dealer", 0), auto_deal=False)
    state.start_at(2)
    assert state.deal(hand["deal"]) == []
    seats = []
    for text in hand["events"]:
        seats.append(state.current_player())
        state.apply(text)
    first = 4  # the first card led; its player's next card is played again instead
    again = next(p for p in range(first + 1, len(seats)) if seats[p] == seats[first])
    hand["events"][again] = hand["events"][first]
    hand["deal"] = {k: v for k, v in hand["deal"].items() if k != "hands"}
    error = rules.check_record(record).errors[0]
    assert (error.hand, error.seat, error.code) == (3, seats[first], "duplicate-card")
    assert f"event {again + 1}" in error.message and f"at event {first + 1}" in error.message
