"""Hand review (games/bots/review.py): every decision judged from what its seat saw."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rules
from games.bots.match import play_match
from games.bots.review import (
    KINDS,
    ReviewError,
    decision_points,
    is_costly,
    judge_for,
    review_decision,
    review_record,
    summarize,
)


def first_hands(name: str, seed: int, hands: int = 1) -> dict:
    game = rules.load(name)
    record = play_match(name, ["heuristic"] * game.num_players, seed=seed)
    record["hands"] = record["hands"][:hands]
    record.pop("totals", None)
    record.pop("places", None)
    return record


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000))
@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_game_reviews_a_played_hand(name, seed):
    record = first_hands(name, seed)
    decisions = review_record(record, seed=seed, budget=1)
    game = rules.load(name)
    assert decisions, "a hand has decisions"
    for d in decisions:
        assert d.hand == 1 and 0 <= d.seat < game.num_players
        assert d.kind in KINDS
        assert d.loss >= 0 and d.choices >= 2
        assert d.costly == (d.samples > 0 and is_costly(d.loss, d.stakes))
    again = []  # seeded, no clock: the same review again (its first decisions here)
    judge = judge_for(game, 1)
    for hand, event, state, action in decision_points(record, game):
        if len(again) == 12:
            break
        decision = review_decision(judge, state, action, seed=seed, hand=hand, event=event)
        again += [decision] if decision is not None else []
    assert again == decisions[:len(again)]


def test_the_played_action_is_what_the_record_says_and_the_bot_prefers_a_legal_one():
    record = first_hands("bluke", 4)
    decisions = review_record(record, seed=1, budget=3)
    hand = record["hands"][0]
    bids = len(hand["bids"])
    plays = [d for d in decisions if d.kind == "play"]
    for d in plays:
        assert d.played == hand["plays"][d.event - bids]
    assert any(d.preferred != d.played for d in decisions) or all(d.loss == 0 for d in decisions)
    assert all(d.played == d.preferred for d in decisions if d.loss == 0 and d.samples)


def test_random_play_gives_more_away_than_the_heuristic_and_some_of_it_is_costly():
    game = rules.load("pitch")
    record = play_match("pitch", ["random"] * game.num_players, seed=11)
    record["hands"] = record["hands"][:3]
    record.pop("totals", None)
    record.pop("places", None)
    decisions = review_record(record, seed=2, budget=6)
    assert any(d.costly for d in decisions)
    random_loss = summarize(decisions)
    good = first_hands("pitch", 11, hands=3)
    good_loss = summarize(review_record(good, seed=2, budget=6))
    mean = lambda rows: sum(r["loss"] for r in rows.values()) / sum(  # noqa: E731
        r["decisions"] for r in rows.values())
    assert mean(random_loss) > mean(good_loss)  # random play gives more away


def test_an_invalid_record_is_refused():
    record = first_hands("pitch", 3)
    record["hands"][0]["events"][5] = "AS" if record["hands"][0]["events"][5] != "AS" else "KS"
    with pytest.raises(ReviewError):
        review_record(record)


# --- the information set ------------------------------------------------------------
def _state_at(record, game, hand, event):
    for number, position, state, action in decision_points(record, game):
        if (number, position) == (hand, event):
            return state, action
    raise AssertionError("no such decision")


def _hidden_redeal(record, game, hand, event, rng):
    """A copy of the record whose hand `hand` deals every card the acting seat could
    not see at `event` afresh (other seats' cards not yet played, the undealt stock),
    each seat keeping its count and never getting a suit it showed void in; None if
    the deal found breaks the hand's events before `event`."""
    state, _ = _state_at(record, game, hand, event)
    seat = state.current_player()
    observation = state.observation(seat)
    written = record["hands"][hand - 1]["deal"]
    flat = isinstance(written, list)
    dealt = written if flat else written["hands"]
    played = (observation["played"] if flat else
              [[game.pack.code(c) for c in cards] for cards in state.played])
    stock = [] if flat else list(written.get("stock", []))
    keep = [list(played[s]) for s in range(game.num_players)]
    pool = [c for s in range(game.num_players) if s != seat
            for c in dealt[s] if c not in played[s]] + stock
    counts = [len(dealt[s]) - len(played[s]) for s in range(game.num_players)]
    voids = observation["voids"]
    for _ in range(50):
        rng.shuffle(pool)
        rest, hands = list(pool), []
        for s in range(game.num_players):
            if s == seat:
                hands.append(list(dealt[s]))
                continue
            fits = [c for c in rest if _suit(c) not in voids[s]][:counts[s]]
            if len(fits) < counts[s]:
                break
            for c in fits:
                rest.remove(c)
            hands.append(keep[s] + fits)
        else:
            other = copy.deepcopy(record)
            if flat:
                other["hands"][hand - 1]["deal"] = hands
            else:
                other["hands"][hand - 1]["deal"] = {**written, "hands": hands, "stock": rest} \
                    if "stock" in written else {**written, "hands": hands}
            try:
                moved, _ = _state_at(other, game, hand, event)
            except Exception:  # the events before `event` no longer fit this deal
                continue
            if moved.observation(seat) == observation and hands != list(dealt):
                return other
    return None


def _suit(code: str) -> str:
    return code[-1]


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
@pytest.mark.parametrize("name", ["bluke", "back-alley", "pitch", "joker"])
def test_redealing_what_the_seat_could_not_see_leaves_its_review_unchanged(name, data):
    seed = data.draw(st.integers(0, 1000), label="seed")
    game = rules.load(name)
    record = first_hands(name, seed)
    points = [(h, e) for h, e, state, _ in decision_points(record, game)
              if len(state.legal_actions()) > 1]
    hand, event = data.draw(st.sampled_from(points), label="decision")
    other = _hidden_redeal(record, game, hand, event, random.Random(seed))
    if other is None:
        return  # nothing the seat could not see can move (the last trick)
    judge = judge_for(game, 4)
    state, action = _state_at(record, game, hand, event)
    before = review_decision(judge, state, action, seed=7, hand=hand, event=event)
    state, action = _state_at(other, game, hand, event)
    after = review_decision(judge, state, action, seed=7, hand=hand, event=event)
    assert before.samples and after == before


# --- par -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["bluke", "pitch", "back-alley"])
def test_par_is_the_mean_of_seeded_bot_playouts_on_the_boards(name):
    from games.bots.review import _played_boards, board_par

    game = rules.load(name)
    boards = rules.deal_boards(name, game.num_players, seed=9, count=3)
    par = board_par(game, boards, seed=4, playouts=3)
    assert len(par) == 3 and all(len(row) == len(game.teams) for row in par)
    runs = [_played_boards(game, boards, 4, playout, "heuristic") for playout in range(3)]
    for index, row in enumerate(par):
        for unit, value in enumerate(row):
            mean = sum(run[index][unit] for run in runs) / 3
            assert value == pytest.approx(mean, abs=0.01)
    assert board_par(game, boards, seed=4, playouts=3) == par  # seeded: the same again
    # other boards, other par: the playouts play the boards given
    other = rules.deal_boards(name, game.num_players, seed=10, count=3)
    assert board_par(game, other, seed=4, playouts=3) != par
