"""An engine game's checker never raises, whatever a record holds."""

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rules

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(
        ["AS", "bid:1", "bid:9", "KH", "JK", "", "?", "pass"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["hands", "turned", "stock", "bids", "tricks", "x"]), inner,
        max_size=3),
    max_leaves=8,
)
FIELDS = ["dealer", "cards", "deal", "events", "summary", "scores", "running"]


def base_record(game):
    state = game.new_match(seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.to_record(list("ABCD"))


@settings(max_examples=120, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])  # the fixture only registers
@given(data=st.data())
def test_mutated_records_never_crash_the_checker(nomination, data):
    record = copy.deepcopy(base_record(nomination))
    for _ in range(data.draw(st.integers(1, 3))):
        hand = record["hands"][data.draw(st.integers(0, len(record["hands"]) - 1))]
        field = data.draw(st.sampled_from(FIELDS))
        if data.draw(st.booleans()):
            hand[field] = data.draw(junk)
        else:
            hand.pop(field, None)
    report = rules.check_record(record)
    json.dumps(report.to_dict())
    for error in report.errors:
        assert error.code and error.message
