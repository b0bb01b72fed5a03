"""The public API of games.rules: load, games(), schemas, observations, actions."""

import json
import subprocess
import sys

import jsonschema
import pytest
from rules_helpers import random_playout

from games import rules


def test_rules_core_does_not_import_django():
    code = ("import sys, games.rules, games.engine, games.engine.any_game_search; "
            "print('django' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_games_lists_each_game_with_options_and_schema():
    infos = {info["name"]: info for info in rules.games()}
    assert {"bluke", "back-alley", "back-alley-individual"} <= set(infos)
    bluke = infos["bluke"]
    assert (bluke["min_players"], bluke["max_players"]) == (2, 15)
    names = [option["name"] for option in bluke["options"]]
    assert names == ["players", "variant", "max_cards", "deal_out_finale", "zero_bids"]
    for option in bluke["options"]:
        assert set(option) == {"name", "type", "choices", "default", "description"}
    assert bluke["record_schema"] == rules.record_schema("bluke")
    json.dumps(infos)


def test_unknown_game_and_schema():
    with pytest.raises(rules.RulesError, match="unknown game"):
        rules.load("euchre")
    with pytest.raises(rules.RulesError):
        rules.record_schema("euchre")


@pytest.mark.parametrize("name", ["bluke", "back-alley", "back-alley-individual"])
def test_records_match_their_schema(name):
    game = rules.load(name, players=4)
    record = json.loads(json.dumps(random_playout(game, seed=4).to_record(list("ABCD"))))
    jsonschema.validate(record, rules.record_schema(name))
    jsonschema.Draft202012Validator.check_schema(rules.record_schema(name))


def test_scorecard_matches_schema():
    record = {"game": "bluke", "options": {"players": 4}, "seats": list("ABCD"),
              "hands": [{"cards": 13, "trump": "S", "bids": [3, 3, 2, 5],
                         "tricks": [4, 0, 4, 5], "scores": [31, -30, 22, 50]}]}
    jsonschema.validate(record, rules.record_schema("bluke"))
    assert rules.check_record(record).valid


def test_action_encoding_round_trips():
    for action in list(range(62)) + [100, 103, 200]:
        assert rules.string_to_action(rules.action_to_string(action)) == action
    assert rules.string_to_action("HI:S") == 58
    assert rules.string_to_action("10D") == rules.string_to_action("TD")
    assert rules.string_to_action("nonsense") is None
    assert rules.action_to_string(100, zero_word="bid") == "bid:0"


def test_state_accepts_text_actions_and_rejects_nonsense():
    state = rules.load("bluke", players=4).new_match(seed=1)
    assert state.check("bid:3") is None
    state.apply("bid:3")
    assert state.history == [103]
    assert state.check("xyz").code == "unknown-action"
    with pytest.raises(rules.IllegalAction):
        state.apply("xyz")
    assert state.check("AS").code == "bid-expected"


def test_observation_keys_and_hidden_information():
    state = rules.load("bluke", players=4).new_match(seed=1)
    for bid in (1, 2, 1, 1):
        state.apply(rules.bid_action(bid))
    state.apply(state.legal_actions()[0])
    obs = state.observation(2)
    assert set(obs) >= {"game", "seat", "hand", "trump", "turned", "bids", "current_trick",
                        "tricks_won", "played", "voids", "scores", "legal_actions", "phase",
                        "dealer", "cards", "current_player", "led_suit", "last_trick"}
    assert len(obs["hand"]) == 13 and obs["bids"] == [1, 1, 2, 1]
    assert obs["current_trick"][0][0] == 1 and obs["legal_actions"] == state.legal_actions()
    assert state.observation(3)["legal_actions"] == []
    json.dumps(obs)


def test_match_is_deterministic_from_seed():
    game = rules.load("back-alley")
    one, two = random_playout(game, seed=9), random_playout(game, seed=9)
    assert one.history == two.history and one.to_record() == two.to_record()
    assert game.new_match(seed=1).hands != game.new_match(seed=2).hands


def test_returns_and_terminal():
    state = random_playout(rules.load("bluke", players=3), seed=2)
    assert state.is_terminal() and state.current_player() == -1 and state.legal_actions() == []
    assert state.check(rules.bid_action(1)).code == "game-over"
    assert len(state.returns()) == 3


@pytest.mark.parametrize("action", [-1, 62, 99, 150, 999, None, 2.5, True, "HI:X"])
def test_out_of_range_actions_are_refused_not_crashing(action):
    state = rules.load("bluke", players=4).new_match(seed=1)
    assert state.check(action) is not None
    for bid in (1, 1, 1, 1):
        state.apply(rules.bid_action(bid))
    assert state.check(action) is not None
    with pytest.raises(rules.IllegalAction):
        state.apply(action)


def test_cards_of_matches_a_plain_bit_scan():
    import random

    from games.bluke.cards import cards_of

    rng = random.Random(5)
    for _ in range(500):
        mask = rng.getrandbits(54)
        assert cards_of(mask) == [c for c in range(54) if mask >> c & 1]
