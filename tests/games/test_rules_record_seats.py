"""Record messages name seats and sides as people count them, from 1, and an event list
that stops early names the seat whose turn it is."""

import pytest

from games import rules
from games.bots import play_match

SEATS = ["Ann", "Bob", "Cy", "Di"]


def one_hand(name: str, **changes) -> dict:
    """The first hand of a random-bot match of `name`, as its scoresheet line alone."""
    cls = rules.GAMES[name]
    record = play_match(name, ["random"] * cls.min_players, seed=2,
                        seats=SEATS[:cls.min_players])
    hand = record["hands"][0]
    record["hands"] = [{"summary": {**hand["summary"], **changes}}]
    for key in ("places", "totals"):
        record.pop(key, None)
    return record


def message(record, field: str) -> str:
    errors = [e for e in rules.check_record(record).errors if e.field == field]
    assert errors, rules.check_record(record).errors
    return errors[0].message


@pytest.mark.parametrize(("name", "field", "choices"), [
    ("pitch", "pitcher", "0 (seat 1) to 3 (seat 4)"),
    ("pitch", "high", "0 (seats 1 and 3) or 1 (seats 2 and 4)"),
    ("pitch", "game", "0 (seats 1 and 3) or 1 (seats 2 and 4), or null"),
    ("california-jack", "high", "0 (seat 1) or 1 (seat 2)"),
    ("california-jack", "game", "0 (seat 1) or 1 (seat 2) or null"),
    ("mighty", "declarer", "0 (seat 1) to 4 (seat 5)"),
    ("twenty-nine", "bidder", "0 (seat 1) to 3 (seat 4)"),
    ("twenty-nine", "royals", "0 (seat 1) to 3 (seat 4) or null"),
    ("buck-euchre", "maker", "0 (seat 1) to 3 (seat 4) or null"),
    ("minnesota-whist", "grander", "0 (seat 1) to 3 (seat 4) or null"),
    ("couillon", "accepted", "0 (seat 1) to 3 (seat 4) or null"),
    ("six-pack-bezique", "last_trick", "0 (seat 1) or 1 (seat 2)"),
])
def test_a_seat_or_side_out_of_range_is_asked_for_with_the_seats_counted_from_1(
        name, field, choices):
    text = message(one_hand(name, **{field: 7}), f"summary.{field}")
    assert choices in text and "7" in text


def test_a_side_in_a_message_is_named_by_its_seats():
    text = message(one_hand("couillon", points=[99, 10]), "summary.points")
    assert text.startswith("hand 1: seats 1 and 3' points 99")
    text = message(one_hand("minnesota-whist", tricks=[99, 0]), "summary.tricks")
    assert "the tricks of seats 1 and 3, 99," in text


def test_first_dealer_out_of_range_is_asked_for_with_the_seats_counted_from_1():
    record = one_hand("pitch")
    record["first_dealer"] = 4
    assert "0 (seat 1) to 3 (seat 4)" in message(record, "first_dealer")


def test_a_seat_the_record_does_not_name_is_counted_from_1():
    record = play_match("pitch", ["random"] * 4, seed=2, seats=SEATS)
    record["seats"] = SEATS[:3]  # Di's name left out
    record["hands"][0]["scores"][1] = 99
    text = message(record, "scores")
    assert "Bob & seat 4's scores written as 99" in text


ENGINE_GAMES = sorted(name for name, cls in rules.GAMES.items() if rules.writes_summaries(cls))


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_events_that_stop_early_name_the_seat_to_act_next(name):
    cls = rules.GAMES[name]
    seats = [f"Player {seat + 1}" for seat in range(cls.min_players)]
    record = play_match(name, ["random"] * cls.min_players, seed=3, seats=seats)
    hand = record["hands"][0]
    stop = len(hand["events"]) // 2
    hand["events"] = hand["events"][:stop]
    hand.pop("summary", None)
    record["hands"] = [hand]
    for key in ("places", "totals"):
        record.pop(key, None)
    state = rules.load(name, **record["options"]).new_match(
        seed=0, first_dealer=record.get("first_dealer", 0), auto_deal=False)
    state.deal(hand["deal"])
    for event in hand["events"]:
        state.apply(event)
    to_act = state.current_player()
    errors = rules.check_record(record).errors
    assert [(e.code, e.hand, e.seat) for e in errors] == [("hand-incomplete", 1, to_act)]
    assert errors[0].message.endswith(f"{seats[to_act]} is to act next")
