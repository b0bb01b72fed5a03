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
        assert d.costly == (d.samples > 0 and is_costly(d.loss, d.stakes, d.noise))
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


# --- costly only beyond the estimate's noise ------------------------------------------
def test_the_paired_loss_is_the_mean_difference_per_guess_with_its_standard_error():
    from games.bots.review import paired_loss

    loss, noise = paired_loss([10, 4, 7, 3], [6, 2, 5, 3])  # differences 4, 2, 2, 0
    assert loss == pytest.approx(2.0)
    assert noise == pytest.approx((8 / 3 / 4) ** 0.5)  # sample variance 8/3 over 4 guesses
    assert paired_loss([5], [1]) == (4, float("inf"))  # one guess: its noise is unknown


class _FixedJudge:
    """Values from the test: {action: its value on each guess}."""

    def __init__(self, runs):
        self.runs = runs

    def values(self, observation, legal, played, rng):
        runs = {a: self.runs[i] for i, a in enumerate(legal[:len(self.runs)])}
        return runs, 1.0, None

    @staticmethod
    def kind(state, action):
        return "play"


def _a_decision_with_choices(name="pitch", seed=3):
    game = rules.load(name)
    record = first_hands(name, seed)
    for _hand, _event, state, _action in decision_points(record, game):
        legal = state.legal_actions()
        if len(legal) >= 2:
            return state, legal
    raise AssertionError("no decision with a choice")


def test_a_loss_that_the_guesses_disagree_on_is_not_costly_and_a_steady_one_is():
    state, legal = _a_decision_with_choices()
    played = legal[1]
    # The first action is better by 4 on average in both; steady: on every guess, noisy:
    # +24 on two guesses and -4 or 0 on the others, a mean the next guess could undo.
    steady = _FixedJudge([[4, 4, 4, 4, 4, 4, 4, 4], [0] * 8])
    noisy = _FixedJudge([[24, 24, -4, -4, -4, -4, 0, 0], [0] * 8])
    sure = review_decision(steady, state, played, seed=1, hand=1, event=0)
    unsure = review_decision(noisy, state, played, seed=1, hand=1, event=0)
    assert sure.loss == unsure.loss == 4.0
    assert sure.noise == 0.0 and sure.costly
    assert unsure.noise > 2.0 and not unsure.costly
    single = review_decision(_FixedJudge([[40], [0]]), state, played, seed=1, hand=1, event=0)
    assert single.loss == 40.0 and not single.costly  # one guess cannot tell its noise


@pytest.mark.parametrize("name", ["bluke", "pitch", "six-pack-bezique"])
def test_every_candidate_is_valued_on_the_same_guesses(name):
    game = rules.load(name)
    judge = judge_for(game, 3)
    record = first_hands(name, 5)
    checked = 0
    for hand, event, state, action in decision_points(record, game):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        action = action if type(action) is int else state.string_to_action(action)
        observation = state.observation(state.current_player())
        from games.bots.review import decision_rng

        runs, _stakes, _usual = judge.values(observation, legal, action,
                                             decision_rng(1, hand, event))
        if runs:
            assert len({len(values) for values in runs.values()}) == 1
            assert action in runs
            checked += 1
        if checked == 5:
            break
    assert checked


def test_the_bar_for_a_costly_loss_rises_with_the_candidates_compared():
    from games.bots.review import chance_margin

    assert chance_margin(1.0, 2) == pytest.approx(1.96, abs=0.01)
    assert chance_margin(1.0, 12) == pytest.approx(2.84, abs=0.01)
    assert chance_margin(2.0, 12) == pytest.approx(2 * chance_margin(1.0, 12))
    assert chance_margin(float("inf"), 2) == float("inf")


# --- decisions after another seat's hidden action -------------------------------------
# (game, the phases whose decisions were "not judged" before their worlds were guessed)
AFTER_HIDDEN = [("twenty-nine", {"auction", "trump"}), ("six-pack-bezique", {"guess"}),
                ("ribs", {"auction", "lay"})]


def _hidden_decisions(name, game, record, phases):
    """(hand, event) of the decisions in `phases`; for Ribs only those after a face-down
    pair (a "?" in what the seat saw)."""
    out = []
    for hand, event, state, _ in decision_points(record, game):
        if state.phase_name() not in phases or len(state.legal_actions()) < 2:
            continue
        seen = state.observation(state.current_player())["events"]
        if name != "ribs" or "?" in seen:
            out.append((hand, event))
    return out


@pytest.mark.parametrize(("name", "phases"), AFTER_HIDDEN)
def test_decisions_after_a_hidden_action_are_judged(name, phases):
    game = rules.load(name)
    record = first_hands(name, 6)
    points = set(_hidden_decisions(name, game, record, phases))
    assert points
    judged = [d for d in review_record(record, seed=3, budget=2)
              if (d.hand, d.event) in points]
    assert len(judged) == len(points)
    assert all(d.samples > 0 for d in judged)


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
@pytest.mark.parametrize(("name", "phases"), AFTER_HIDDEN)
def test_redealing_what_the_seat_could_not_see_leaves_these_judgments_unchanged(
        name, phases, data):
    seed = data.draw(st.integers(0, 1000), label="seed")
    game = rules.load(name)
    record = first_hands(name, seed)
    hand, event = data.draw(st.sampled_from(_hidden_decisions(name, game, record, phases)),
                            label="decision")
    other = _hidden_redeal(record, game, hand, event, random.Random(seed))
    if other is None:
        return
    judge = judge_for(game, 3)
    state, action = _state_at(record, game, hand, event)
    before = review_decision(judge, state, action, seed=7, hand=hand, event=event)
    state, action = _state_at(other, game, hand, event)
    after = review_decision(judge, state, action, seed=7, hand=hand, event=event)
    assert before.samples and after == before


def _faceless(hand, stock, start=0):
    """`hand` with its face cards (K, Q, J) swapped for the stock's first other cards."""
    plain = [i for i, code in enumerate(stock) if i >= start and code[0] not in "KQJ"]
    hand = list(hand)
    for index, code in enumerate(hand):
        if code[0] in "KQJ":
            spot = plain.pop(0)
            hand[index], stock[spot] = stock[spot], code
    return hand


def test_carte_blanche_at_the_opening_is_judged_for_both_players():
    name = "six-pack-bezique"
    game = rules.load(name)
    board = rules.deal_boards(name, 2, seed=4, count=1)[0]
    deal = board["deal"]
    stock = list(deal["stock"])
    deal["hands"] = [_faceless(hand, stock, start=40 * seat)
                     for seat, hand in enumerate(deal["hands"])]
    deal["stock"] = stock
    record = play_match(name, ["heuristic", "heuristic"], seed=2, boards=[board])
    record.pop("totals", None)
    record.pop("places", None)
    opening = [(h, e, state.current_player()) for h, e, state, _ in decision_points(record, game)
               if state.phase_name() == "blanche"]
    assert len(opening) == 2  # both hands without a face card: both are asked
    judged = {(d.hand, d.event): d for d in review_record(record, seed=1, budget=2)}
    for hand, event, seat in opening:
        decision = judged[(hand, event)]
        assert decision.seat == seat and decision.samples > 0
        assert decision.played == decision.preferred == "blanche"  # 250 points, for sure
