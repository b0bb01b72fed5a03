"""The Bluke family reads the engine's record shape (deal object, events, summary)
as well as its stored flat form, and judges both the same way."""

import copy

from rules_helpers import random_playout

from games import rules
from games.rules.record_shape import engine_shape_hand


def as_engine_shape(record):
    game = rules.load(record["game"], **record["options"])
    out = copy.deepcopy(record)
    out["hands"] = [engine_shape_hand(game, hand) for hand in record["hands"]]
    return out


def test_every_game_of_the_family_reads_both_shapes():
    for name, players in (("bluke", 4), ("back-alley", 4), ("back-alley-individual", 3)):
        record = random_playout(rules.load(name, players=players), seed=8).to_record()
        shaped = as_engine_shape(record)
        assert "events" in shaped["hands"][0] and "plays" not in shaped["hands"][0]
        flat, engine = rules.check_record(record), rules.check_record(shaped)
        assert engine.valid and engine.complete, engine.errors
        assert engine.totals == flat.totals and engine.scores == flat.scores


def test_a_scoresheet_line_in_the_engine_shape_is_checked():
    record = {"game": "bluke", "options": {"players": 4}, "seats": list("ABCD"),
              "hands": [{"summary": {"trump": "S", "bids": [3, 3, 2, 5],
                                     "tricks": [4, 0, 4, 5]},
                         "scores": [31, -30, 22, 51]}]}
    (error,) = rules.check_record(record).errors
    assert (error.hand, error.seat, error.field, error.code) == (1, 3, "scores",
                                                                 "score-mismatch")


def test_a_wrong_card_in_the_events_is_found():
    record = as_engine_shape(random_playout(rules.load("bluke", players=4), seed=8)
                             .to_record())
    events = record["hands"][1]["events"]
    events[4], events[8] = events[8], events[4]  # two cards of different tricks
    report = rules.check_record(record)
    assert not report.valid and report.errors[0].hand == 2


def test_both_shapes_match_the_games_schema():
    import jsonschema

    for name in ("bluke", "back-alley", "back-alley-individual"):
        game = rules.load(name, players=4)
        record = random_playout(game, seed=12).to_record()
        schema = rules.record_schema(name)
        jsonschema.validate(record, schema)
        jsonschema.validate(as_engine_shape(record), schema)


def test_an_engine_games_hand_is_laid_out_flat_from_its_summary():
    import sys
    from pathlib import Path

    from games.rules.record_shape import flat_hand

    sys.path.insert(0, str(Path(__file__).parent / "engine"))
    from nomination import Nomination

    game = Nomination(4)
    state = game.new_match(seed=2)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    hand = state.to_record()["hands"][0]
    flat = flat_hand(game, hand, hand["dealer"])
    assert flat["bids"] == hand["summary"]["bids"] and flat["tricks"] == hand["summary"]["tricks"]
    assert flat["events"] == hand["events"] and flat["scores"] == hand["scores"]
