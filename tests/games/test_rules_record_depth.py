"""A value nested thousands of lists deep anywhere in a record is refused with
`bad-shape`, naming its hand and field; the checker never raises on it (it used to
raise RecursionError while showing the value in a message)."""

import pytest

from games import rules
from games.bots import play_match
from games.rules.record_depth import MAX_DEPTH


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = nested(50_000)


def first_hand_record(name: str) -> dict:
    cls = rules.GAMES[name]
    record = play_match(name, ["random"] * cls.min_players, seed=1)
    record["hands"] = record["hands"][:1]
    record.pop("places", None)
    record.pop("totals", None)
    return record


def sheet_fields(name: str) -> list[str]:
    return sorted(getattr(rules.GAMES[name], "SUMMARY_SCHEMA", {}))


CASES = [(name, field) for name in sorted(rules.GAMES)
         for field in sheet_fields(name) or ["tricks"]]


@pytest.mark.parametrize(("name", "field"), CASES)
def test_a_deeply_nested_scoresheet_field_is_bad_shape_named_by_hand_and_field(name, field):
    record = first_hand_record(name)
    hand = record["hands"][0]
    if rules.writes_summaries(rules.GAMES[name]):
        hand.setdefault("summary", {})[field] = DEEP
    else:
        hand[field] = DEEP
    report = rules.check_record(record)
    assert not report.readable
    assert [(e.code, e.hand, e.field) for e in report.errors] == \
        [("bad-shape", 1, f"summary.{field}" if "summary" in hand else field)]
    assert f"more than {MAX_DEPTH} deep" in report.errors[0].message


@pytest.mark.parametrize("name", ["pitch", "california-jack"])
def test_a_scoresheet_line_alone_with_a_deep_field_is_refused_too(name):
    record = first_hand_record(name)
    hand = record["hands"][0]
    hand.pop("events"), hand.pop("deal")
    hand["summary"]["high"] = DEEP
    report = rules.check_record(record)
    assert [(e.code, e.hand, e.field) for e in report.errors] == \
        [("bad-shape", 1, "summary.high")]


@pytest.mark.parametrize("where", ["seats", "options", "game", "totals", "first_dealer"])
def test_a_deeply_nested_record_field_is_bad_shape_named_by_field(where):
    record = first_hand_record("pitch")
    record[where] = DEEP
    report = rules.check_record(record)
    assert [(e.code, e.hand, e.field) for e in report.errors] == [("bad-shape", None, where)]


def test_ordinary_nesting_is_checked_as_before():
    record = first_hand_record("six-pack-bezique")
    assert rules.check_record(record).valid
    # record, hands, the hand, its summary, then lists to the limit: the game's own error
    record["hands"][0]["summary"]["cut"] = nested(MAX_DEPTH - 5)
    errors = rules.check_record(record).errors
    assert errors and not any("deep" in e.message for e in errors)
