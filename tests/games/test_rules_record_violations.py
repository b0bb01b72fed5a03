"""Every play-rule violation is caught in card-by-card records, with its own code.

A valid random match is recorded; then, at the first moment a player could have
broken the wanted rule, that player's card is swapped with the one they played
there, giving a record whose first error is exactly that violation.
"""

import copy

import pytest
from rules_helpers import random_playout

from games import rules
from games.bluke.cards import cards_of


def find_violation(state_seed_pairs, code):
    for game, seed in state_seed_pairs:
        finished = random_playout(game, seed)
        record = finished.to_record()
        state = game.new_match(seed=seed)
        for action in finished.history:
            if state.phase == "play" and action < 54:
                seat = state.to_move
                for card in cards_of(state.hands[seat]):
                    violation = state.check(card)
                    if violation is not None and violation.code == code:
                        return swapped(record, state, card, action)
            state.apply(action)
    raise AssertionError(f"no chance to break {code!r} found")


def swapped(record, state, card, action):
    record = copy.deepcopy(record)
    plays = record["hands"][state.hand_index]["plays"]
    here = len(state.plays)
    later = plays.index(rules.card_code(card), here + 1)
    plays[here], plays[later] = plays[later], rules.action_to_string(action)
    return record, state.hand_index + 1


@pytest.mark.parametrize("name,options,code", [
    ("bluke", {"players": 4}, "revoke"),
    ("bluke", {"players": 4, "variant": "new-jersey"}, "revoke"),
    ("back-alley", {}, "trump-lead"),
    ("back-alley", {}, "blooper-obligation"),
    ("back-alley", {}, "revoke"),
    ("back-alley-individual", {"players": 4}, "must-trump"),
    ("back-alley-individual", {"players": 4}, "must-overtrump"),
    ("back-alley-individual", {"players": 3}, "revoke"),
])
def test_first_error_is_the_violation(name, options, code):
    game = rules.load(name, **options)
    record, hand = find_violation(((game, seed) for seed in range(40)), code)
    report = rules.check_record(record)
    assert not report.valid
    first = report.errors[0]
    assert (first.code, first.hand, first.field) == (code, hand, "plays"), report.errors[:3]
    assert first.message.startswith(f"hand {hand}: trick ")


def test_deal_count_and_replacement_missing():
    game = rules.load("back-alley")
    for seed in range(400):
        state = random_playout(game, seed)
        record = state.to_record()
        hands = [h for h in record["hands"] if "replacement" in h]
        if hands:
            break
    else:
        pytest.skip("no Blooper exchange in the seeds tried")
    broken = copy.deepcopy(record)
    for hand in broken["hands"]:
        hand.pop("replacement", None)
    assert "replacement-missing" in [e.code for e in rules.check_record(broken).errors]
    broken = copy.deepcopy(record)
    broken["hands"][0]["deal"] = broken["hands"][0]["deal"][:3]
    assert [e.code for e in rules.check_record(broken).errors] == ["deal-count"]


def test_joker_suit_not_used_in_back_alley_records():
    record = random_playout(rules.load("back-alley"), 3).to_record()
    for hand in record["hands"]:
        for index, play in enumerate(hand["plays"]):
            if play in ("HI", "LO"):
                hand["plays"][index] = play + ":S"
                codes = [e.code for e in rules.check_record(record).errors]
                assert "joker-suit-not-used" in codes
                return
    pytest.skip("no Blooper played")


def test_total_and_running_counts():
    record = random_playout(rules.load("bluke", players=3), 1).to_record()
    record["totals"] = [1, 2]
    record["hands"][0]["running"] = [1]
    codes = [e.code for e in rules.check_record(record).errors]
    assert "total-count" in codes and "running-count" in codes
