"""The checker's report gives each hand's tricks per seat: the league stores them for a
card-by-card hand that does not write its tricks (its player pages read them)."""

import random

from games import rules


def _played(game="bluke", seed=4):
    state = rules.load(game, players=4).new_match(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record(["Ann", "Bob", "Cy", "Di"])


def test_it_derives_tricks_per_seat_from_the_plays_when_the_record_leaves_them_out():
    record = _played()
    written = [hand.pop("tricks") for hand in record["hands"]]
    report = rules.check_record(record)
    assert report.valid
    assert report.tricks == written


def test_it_gives_no_tricks_for_a_hand_it_cannot_score():
    record = _played(seed=5)
    record["hands"][0]["bids"] = ["lots"] * 4
    report = rules.check_record(record)
    assert report.tricks[0] is None and report.scores[0] is None
