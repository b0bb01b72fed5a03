"""check_record never raises, whatever it is given, and keeps its report JSON-able."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rules
from tests.games.helpers import GOLDEN_FILES, golden_file

BASE = [json.loads(p.read_text())["record"] for p in GOLDEN_FILES
        if not p.name.startswith("scorecard")]
BASE.append(json.loads(golden_file("scorecard-003.json").read_text()))

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(
        ["AS", "HI", "LO", "HI:S", "pass", "board", "double-board", "S", "none", "10D", "", "?"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8,
)
HAND_FIELDS = ["cards", "dealer", "trump", "turned", "deal", "bids", "tricks", "scores",
               "running", "plays", "replacement"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASE), data=st.data())
def test_mutated_records_never_crash_the_checker(base, data):
    record = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        hands = record.get("hands") if isinstance(record, dict) else None
        if isinstance(hands, list) and hands and data.draw(st.booleans()):
            hand = hands[data.draw(st.integers(0, len(hands) - 1))]
            if isinstance(hand, dict):
                field = data.draw(st.sampled_from(HAND_FIELDS))
                value = hand.get(field)
                if isinstance(value, list) and value and data.draw(st.booleans()):
                    value[data.draw(st.integers(0, len(value) - 1))] = data.draw(junk)
                else:
                    hand[field] = data.draw(junk)
        else:
            field = data.draw(st.sampled_from(
                ["game", "options", "seats", "first_dealer", "hands", "totals"]))
            record[field] = data.draw(junk)
    report = rules.check_record(record)
    json.dumps(report.to_dict())
    assert report.valid == (report.readable and not report.errors)


@given(junk)
def test_arbitrary_values_are_unreadable_or_checked(value):
    report = rules.check_record(value)
    json.dumps(report.to_dict())


def _part_cases():
    """(record, where) with one part of a written deal or summary left out, null, or of
    the wrong type."""
    for base in BASE:
        for index, hand in enumerate(base.get("hands", [])[:3]):
            for section in ("deal", "summary"):
                if not isinstance(hand.get(section), dict):
                    continue
                for key in list(hand[section]):
                    for change in ("missing", None, 5, True, "x", {}):
                        record = copy.deepcopy(base)
                        part = record["hands"][index][section]
                        if change == "missing":
                            del part[key]
                        else:
                            part[key] = change
                        yield record, f"{base['game']} hand {index + 1} {section}.{key} {change!r}"


def test_a_deal_or_summary_part_left_out_null_or_mistyped_is_reported_not_raised():
    """The Buck Euchre checker used to crash on a deal with hands and no upcard, the
    Calypso one on `deal.hands` written as a number."""
    for record, where in _part_cases():
        report = rules.check_record(record)
        json.dumps(report.to_dict())
        assert report.valid == (report.readable and not report.errors), where
