"""The one State API, on the example game (tests/games/engine/nomination/)."""

import copy
import json
import random

import jsonschema
import pytest

from games import rules
from games.engine import CHANCE, IllegalAction


def play_randomly(game, seed=3):
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_match_plays_to_its_end_and_replays_exactly(nomination):
    state = play_randomly(nomination)
    assert len(state.hand_log) == 5
    again = nomination.replay(state.seed, [state.action_to_string(a) for a in state.history])
    assert again.returns() == state.returns()
    assert again.to_record() == state.to_record()


def test_check_names_the_broken_rule_and_apply_refuses_it(nomination):
    state = nomination.new_match(seed=1)
    assert state.check("AS").code == "bid-expected"
    assert state.check("bid:3").code == "bid-range"
    assert state.check("shout").code == "unknown-action"
    with pytest.raises(IllegalAction) as caught:
        state.apply("bid:2")
    assert caught.value.violation.code == "bid-range"


def test_the_dealer_may_not_make_the_bids_add_up(nomination):
    state = nomination.new_match(seed=1)  # hand 1: one card each, seat 0 deals
    for _ in range(3):
        state.apply("bid:0")
    assert state.current_player() == state.dealer == 0
    assert state.check("bid:1").code == "dealer-hook"
    assert state.legal_actions() == [state.string_to_action("bid:0")]


def test_a_revoke_is_refused_while_holding_the_led_suit(nomination):
    state = play_randomly(nomination)
    state = nomination.new_match(seed=11)
    while not state.is_terminal():
        if state.phase_name() == "play" and state.trick:
            seat = state.current_player()
            legal = set(state.legal_actions())
            held = {nomination.vocab.parse(code) for code in state.observation(seat)["table"]
                    ["hand"][seat]}
            for action in held - legal:
                assert state.check(action).code == "revoke"
        state.apply(state.legal_actions()[0])


def test_clone_is_independent(nomination):
    state = nomination.new_match(seed=5)
    copy_ = state.clone()
    copy_.apply(copy_.legal_actions()[0])
    assert state.history == [] and len(copy_.history) == 1
    assert state.observation(0)["table"] == nomination.new_match(seed=5).observation(0)["table"]


def test_an_observation_shows_the_own_hand_only(nomination):
    state = nomination.new_match(seed=5)
    while state.cards < 3:
        state.apply(state.legal_actions()[0])
    seen = state.observation(2)
    assert len(seen["table"]["hand"][2]) == 3
    assert seen["table"]["hand"][0] == {"count": 3}
    assert seen["table"]["turned"] and seen["trump"] in "SHDC"
    assert seen["legal_actions"] == ([] if state.current_player() != 2
                                     else state.legal_actions())


def test_both_record_forms_of_a_finished_match_are_valid(nomination):
    record = json.loads(json.dumps(play_randomly(nomination).to_record(list("ABCD"))))
    jsonschema.validate(record, rules.record_schema("nomination"))
    assert rules.check_record(record).valid
    sheet = copy.deepcopy(record)
    for hand in sheet["hands"]:
        del hand["events"], hand["deal"]
    jsonschema.validate(sheet, rules.record_schema("nomination"))
    report = rules.check_record(sheet)
    assert report.valid and report.totals == record["totals"] and report.complete
    unknown_hands = copy.deepcopy(record)
    for hand in unknown_hands["hands"]:
        del hand["deal"]["hands"], hand["deal"]["stock"]
    assert rules.check_record(unknown_hands).valid


def test_record_errors_name_hand_seat_and_field(nomination):
    record = play_randomly(nomination).to_record(list("ABCD"))
    record["hands"][2]["scores"][1] += 1
    record["hands"][3]["events"].insert(0, "bid:1")
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    errors = {(e.hand, e.seat, e.field, e.code) for e in rules.check_record(record).errors}
    assert (3, 1, "scores", "score-mismatch") in errors
    assert any(hand == 4 and field == "events" for hand, _, field, _ in errors)
    no_trump = play_randomly(nomination).to_record()
    del no_trump["hands"][0]["deal"]
    error, *rest = rules.check_record(no_trump).errors
    assert (error.hand, error.field, error.code) == (1, "deal.turned", "missing-field")
    later = f"hands 2-{len(no_trump['hands'])} not checked"
    assert [(e.hand, e.field, e.code) for e in rest] == [(None, "hands", "hands-unchecked")]
    assert rest[0].message.startswith(later)


def test_a_hand_beyond_the_schedule_is_named_by_its_number(nomination):
    record = play_randomly(nomination).to_record()
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    errors = [e for e in rules.check_record(record).errors if e.code == "too-many-hands"]
    assert [e.hand for e in errors] == [6] and "hand 6" in errors[0].message


def test_a_referee_state_waits_for_each_deal(nomination):
    state = nomination.new_match(seed=0, auto_deal=False)
    assert state.current_player() == CHANCE and state.legal_actions() == []
    problems = state.deal({"hands": [["AS"], ["AS"], ["2C"], ["ZZ"]], "turned": "KH"})
    assert {(p["seat"], p["code"]) for p in problems} == {(1, "duplicate-card"),
                                                           (3, "card-unknown")}
    assert state.deal({"hands": [["AS"], ["3S"], ["2C"], ["4D"]], "turned": "KH"}) == []
    assert state.current_player() == 1 and state.trump == 1


def test_the_report_gives_tricks_per_seat_for_both_forms(nomination):
    record = play_randomly(nomination).to_record()
    played = [hand["summary"]["tricks"] for hand in record["hands"]]
    assert rules.check_record(record).tricks == played
    for hand in record["hands"]:
        del hand["events"], hand["deal"]
    assert rules.check_record(record).tricks == played


def test_a_wild_card_may_be_played_while_holding_the_led_suit_and_shows_no_void():
    from nomination import Nomination

    from games.engine import Pack

    class WildNomination(Nomination):
        pack = Pack(jokers=("LO", "HI"))  # jokers belong to no suit: always playable

    state = WildNomination(4).new_match(seed=0, auto_deal=False)
    state.start_at(1)  # the two-card hand; seat 1 deals, seat 2 bids and leads first
    assert state.deal({"hands": [["AS", "HI"], ["KS", "2H"], ["QS", "3H"], ["JS", "4H"]],
                       "turned": "5C"}) == []
    for text in ("bid:0", "bid:0", "bid:0", "bid:0", "QS", "JS"):
        state.apply(text)
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["AS", "HI"]
    state.apply("HI")
    assert state.voids[0] == set()
    state.apply("KS")
    assert state.tricks_won[0] == 1  # the wild card wins
