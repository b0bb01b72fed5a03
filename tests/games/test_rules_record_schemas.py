"""Every registered game's published record schema accepts the card codes and deal
shapes check_record accepts, and refuses the ones it refuses: a record valid for the
checker must not fail schema validation (docs/records.md, "JSON Schemas")."""

import copy
import json
import re

import jsonschema
import pytest

from games import rules
from games.rules.record_shape import engine_shape_hand
from tests.games.helpers import GOLDEN_FILES

# a ten as a whole code or inside an action ("TD", "discard:TC", "ribs:JS+TS"), not
# the T of a longer word such as Mighty's "NT"
TEN = re.compile(r"(?<![0-9A-Z])T(?=[SHDC](?![0-9A-Z]))")


def golden_record(name: str) -> dict:
    """The record of the first golden playthrough of game `name`."""
    for path in GOLDEN_FILES:
        record = json.loads(path.read_text()).get("record")
        if record and record["game"] == name:
            return record
    raise AssertionError(f"no golden playthrough holds a {name} record")


def shapes(name: str) -> list[dict]:
    """The golden record, and in the engine's shape too for a game whose hands are
    stored flat (the Bluke family reads both)."""
    record = golden_record(name)
    if "plays" not in record["hands"][0]:
        return [record]
    game = rules.load(name, **record["options"])
    engine = {**record, "hands": [engine_shape_hand(game, hand) for hand in record["hands"]]}
    return [record, engine]


def tens_written_10(value):
    """`value` with every ten written "10" instead of "T"."""
    if isinstance(value, str):
        return TEN.sub("10", value)
    if isinstance(value, list):
        return [tens_written_10(item) for item in value]
    if isinstance(value, dict):
        return {key: tens_written_10(item) for key, item in value.items()}
    return value


def schema_errors(record: dict) -> list[str]:
    validator = jsonschema.Draft202012Validator(rules.record_schema(record["game"]))
    return [error.message for error in validator.iter_errors(record)]


GAMES = sorted(rules.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_tens_written_10_match_the_schema_and_check_clean(name):
    for record in shapes(name):
        written = {**record, "hands": [tens_written_10(hand) for hand in record["hands"]]}
        changed = {key for before, after in zip(record["hands"], written["hands"], strict=True)
                   for key in before if before[key] != after[key]}
        # tens in the deal and in what was played (events, or the flat form's plays)
        assert "deal" in changed and changed & {"events", "plays"}, changed
        assert schema_errors(written) == []
        report = rules.check_record(written)
        assert report.valid, report.errors
        assert report.totals == rules.check_record(record).totals


@pytest.mark.parametrize("made_up", ["1S", "10X", "TT", "ZZ"])
@pytest.mark.parametrize("name", GAMES)
def test_a_made_up_card_in_the_deal_is_refused_by_schema_and_checker(name, made_up):
    for record in shapes(name):
        bad = copy.deepcopy(record)
        deal = bad["hands"][0]["deal"]
        hand = deal["hands"][0] if isinstance(deal, dict) else deal[0]
        hand[0] = made_up
        assert schema_errors(bad)
        report = rules.check_record(bad)
        assert "card-unknown" in {error.code for error in report.errors}, report.errors


def one_code_and_list_swapped(deal: dict) -> list[tuple[str, dict]]:
    """The deal with one shared part written the other way: a one-card list as its
    code alone, a code alone as a one-card list."""
    out = []
    for part, cards in deal.items():
        if part == "hands":
            continue
        if isinstance(cards, list) and len(cards) == 1:
            out.append((part, {**deal, part: cards[0]}))
        elif isinstance(cards, str):
            out.append((part, {**deal, part: [cards]}))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_part_written_as_a_code_or_a_list_is_judged_alike(name):
    """Couillon's bottom card may be a code or a list of one, the turned card only a
    code: whatever the checker takes, the schema takes, and no more."""
    for record in shapes(name):
        for index, hand in enumerate(record["hands"]):
            if not isinstance(hand.get("deal"), dict):
                continue
            for part, deal in one_code_and_list_swapped(hand["deal"]):
                hands = copy.deepcopy(record["hands"])
                hands[index]["deal"] = deal
                written = {**record, "hands": hands}
                checked = rules.check_record(written).valid
                assert (schema_errors(written) == []) == checked, (index, part, checked)
