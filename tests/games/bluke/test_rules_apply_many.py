"""`State.apply_many`, the referee's loop, against `check` and `apply` one action at a time.

The record checker replays each hand with `apply_many`, which lets the phase take what
it can in one go (`apply_run`: the bids it allows, whole tricks). Whatever it does must be what the
one-action-at-a-time State API does: the same state after every legal stretch, and
for a record with a wrong card, the same action refused with the same rule.
"""

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rules
from games.bluke.state import _FIELDS
from games.bots import play_match
from tests.games.bluke.test_rules_properties import CONFIGS


def snapshot(state) -> dict:
    """Everything a State holds that play changes, in comparable form."""
    fields = {name: getattr(state, name) for name in _FIELDS if name not in ("game", "step")}
    fields["step"] = state.phase
    fields["played"] = state.played
    return json.loads(json.dumps(fields, default=repr))


def random_history(game, seed: int) -> list[int]:
    rng, state = random.Random(seed), game.new_match(seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.history


def one_at_a_time(state, actions: list[int]):
    """What `apply_many` promises, spelled out with the single-action API."""
    for index, action in enumerate(actions):
        violation = state.check(action)
        if violation is not None:
            return index, violation
        state.apply(action)
    return None


def outcome(stop):
    return None if stop is None else (stop[0], stop[1].code, stop[1].message)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), data=st.data())
def test_apply_many_is_the_single_action_api(config, seed, data):
    name, options = config
    game = rules.load(name, **options)
    history = random_history(game, seed)
    cut = data.draw(st.integers(0, len(history)), label="stop after")
    actions = list(history[:cut])
    if cut < len(history) and data.draw(st.booleans(), label="a wrong action at the cut"):
        actions.append(data.draw(st.integers(0, 61), label="any card or Bluke lead"))
        actions += history[cut + 1:cut + 9]  # play on past it: it must not be reached
    batch, single = game.new_match(seed=seed), game.new_match(seed=seed)
    assert outcome(batch.apply_many(actions)) == outcome(one_at_a_time(single, actions))
    assert snapshot(batch) == snapshot(single)


def test_a_revoke_is_refused_after_the_legal_cards_of_its_trick():
    game = rules.load("bluke", players=4)
    history = random_history(game, 3)
    state = game.new_match(seed=3)
    index = 0
    while True:  # up to the first trick whose last seat could revoke
        if state.phase == "play" and len(state.trick) == 3:
            seat, led = state.to_move, state.led
            offsuit = [card for card in range(52)
                       if state.hands[seat] >> card & 1 and card // 13 != led]
            if offsuit and state.hands[seat] & state.follow_masks[led]:
                break
        state.apply(history[index])
        index += 1
    wrong = history[:index] + [offsuit[0]] + history[index + 1:]
    referee = game.new_match(seed=3)
    index_refused, violation = referee.apply_many(wrong)
    assert (index_refused, violation.code) == (index, "revoke")
    assert referee.trick == state.trick and len(referee.trick) == 3
    assert referee.hands == state.hands and referee.history == state.history


def test_a_deal_written_in_lower_case_is_read_like_upper_case():
    record = play_match("bluke", ["random"] * 4, seed=5)
    lower = copy.deepcopy(record)
    for hand in lower["hands"]:
        hand["deal"] = [[code.lower() for code in cards] for cards in hand["deal"]]
    report = rules.check_record(lower)
    assert report.valid, report.errors[:3]
    assert report.scores == rules.check_record(record).scores
