"""Six-Pack Bezique bots: the heuristic's habits, the search's guess of the unseen
cards, and every bot name through `make_bot` and `play_match`."""

import random

from games import rules
from games.bots import make_bot, play_match
from games.six_pack_bezique.heuristic import choose, info_from_observation, info_from_state
from games.six_pack_bezique.melds import KINDS, Book
from games.six_pack_bezique.search import (
    SixPackBeziqueSearchBot,
    determinize,
    plan,
    policy,
    restore_plays,
    tabled_from_observation,
    tabled_from_state,
)

GAME = rules.load("six-pack-bezique")


def to_step(state, bots, rng, until):
    while not state.is_terminal() and not until(state):
        seat = state.current_player()
        state.apply(bots[seat].step(state.observation(seat), state.legal_actions(), rng))
    return state


def test_every_bot_name_plays_a_whole_match_through_play_match():
    record = play_match(GAME, ["heuristic", "random"], seed=3)
    assert rules.check_record(record).errors == []
    record = play_match("six-pack-bezique", ["search", "random"], seed=4, time_budget=0.002)
    assert rules.check_record(record).errors == []


def test_the_heuristic_guesses_24_and_shows_a_carte_blanche():
    state = GAME.new_match(seed=1)
    bot = make_bot("heuristic", GAME)
    guess = bot.step(state.observation(1), state.legal_actions(), random.Random(0))
    assert state.action_to_string(guess) == "guess:24"
    legal = [GAME.BLANCHE, GAME.NO_BLANCHE]
    assert choose(GAME, legal, info_from_observation(state.observation(0))) == GAME.BLANCHE


def test_the_heuristic_scores_the_best_meld_then_says_done():
    bots = [make_bot("heuristic", GAME)] * 2
    state = to_step(GAME.new_match(seed=7), bots, random.Random(0),
                    lambda s: s.vars.get("step") == "meld")
    seat = state.current_player()
    action = bots[seat].step(state.observation(seat), state.legal_actions(), random.Random(0))
    assert state.action_to_string(action).startswith(("meld:", "score:"))
    state.apply(action)
    if not state.vars["step"] == "meld":
        return
    after = bots[seat].step(state.observation(seat), state.legal_actions(), random.Random(0))
    assert after == GAME.DONE


def test_the_heuristic_beats_random():
    wins = 0
    for seed in range(4):
        for seats in (["heuristic", "random"], ["random", "heuristic"]):
            record = play_match(GAME, seats, seed=seed)
            wins += record["totals"][seats.index("heuristic")] > \
                record["totals"][seats.index("random")]
    assert wins >= 7


def test_the_search_guess_keeps_what_the_seat_knows():
    bots = [make_bot("heuristic", GAME)] * 2
    state = to_step(GAME.new_match(seed=9), bots, random.Random(0),
                    lambda s: len(s.tricks) >= 30 and s.trick)
    seat = state.current_player()
    obs = state.observation(seat)
    guess = determinize(GAME, obs, random.Random(5))
    codes = GAME.pack.codes
    assert sorted(codes(guess.table.of("hand", seat))) == sorted(obs["table"]["hand"][seat])
    other = guess.table.of("hand", 1 - seat)
    assert len(other) == len(state.table.of("hand", 1 - seat))
    assert set(obs["table"]["hand"][1 - seat].get("shown", [])) <= set(codes(other))
    assert len(guess.table.of("stock")) == len(state.table.of("stock"))
    assert sorted(guess.legal_actions()) == sorted(state.legal_actions())
    assert guess.vars["points"] == state.vars["points"]
    assert sorted(g.kind for g in guess.vars["groups"]) == \
        sorted(g.kind for g in state.vars["groups"])


def test_the_search_answers_with_a_legal_action():
    bots = [make_bot("heuristic", GAME)] * 2
    state = to_step(GAME.new_match(seed=11), bots, random.Random(0),
                    lambda s: len(s.tricks) >= 10)
    search = make_bot("search", GAME, time_budget=None, max_samples=1)
    for _ in range(6):
        seat = state.current_player()
        action = search.step(state.observation(seat), state.legal_actions(), random.Random(1))
        assert action in state.legal_actions()
        state.apply(action)


def plan_of(state):
    seat = state.current_player()
    obs = state.observation(seat)
    return plan(GAME, state.legal_actions(), info_from_observation(obs),
                tabled_from_observation(obs), obs["bezique"]["stock"])


def test_the_rollout_policy_plays_as_the_search_plan():
    # the rollouts' shortcuts (state instead of observation, no meld list, unchecked
    # actions) must not change a single choice
    state, seen = GAME.new_match(seed=5), 0
    while not state.is_terminal() and len(state.tricks) < 60:
        legal = state.legal_actions()
        action = plan_of(state) if len(legal) > 1 else legal[0]
        if state.phase_name() == "play" and len(legal) > 1:
            assert policy(GAME, state) == action
            seen += state.vars["step"] == "meld"
        state.apply(action)
    assert seen > 0


def until_a_restore(seed):
    """Both seats on the plan until the seat to lead could restore a scored meld."""
    state = GAME.new_match(seed=seed)
    while not state.is_terminal() and not state.vars.get("endgame"):
        seat, legal = state.current_player(), state.legal_actions()
        if state.phase_name() == "play" and state.vars["step"] == "trick" and not state.trick:
            info = info_from_state(state, seat)
            tabled = tabled_from_state(state, seat)
            if restore_plays(GAME, legal, info, tabled, len(state.table.of("stock"))):
                return state
        state.apply(plan_of(state) if len(legal) > 1 else legal[0])
    return None


def test_the_plan_breaks_a_scored_meld_that_a_fresh_card_restores():
    state = next(s for s in map(until_a_restore, range(1, 40)) if s is not None)
    seat = state.current_player()
    action = plan_of(state)
    text = GAME.vocab.text(action)
    assert text.startswith("table:")
    code = text[len("table:"):]
    assert code in state.observation(seat)["table"]["hand"][seat]  # a concealed copy too
    state.apply(action)
    broken = [g for g in Book(state).groups if g.seat == seat and g.broken and g.scored]
    assert broken
    # the meld may be laid again from its survivors and the fresh copy (so at the next
    # meld turn it scores again)
    book = Book(state)
    assert any((book.find(seat, KINDS[g.kind]) or (None, None))[1] == g for g in broken)


def test_the_search_is_repeatable_under_a_seed():
    bots = [make_bot("heuristic", GAME)] * 2
    state = to_step(GAME.new_match(seed=13), bots, random.Random(0),
                    lambda s: len(s.tricks) >= 20 and s.vars.get("step") == "trick")
    obs, legal = state.observation(state.current_player()), state.legal_actions()
    picks = {make_bot("search", GAME, time_budget=None, max_samples=6)
             .step(obs, legal, random.Random(8)) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)


def test_the_search_keeps_the_heuristic_choice_unless_clearly_better():
    # gains of 10 per guess against the heuristic's choice, steady or noisy
    steady = SixPackBeziqueSearchBot.pick(1, {1: 0.0, 2: 40.0}, {1: 0.0, 2: 400.0}, 4)
    noisy = SixPackBeziqueSearchBot.pick(1, {1: 0.0, 2: 40.0}, {1: 0.0, 2: 40_000.0}, 4)
    assert (steady, noisy) == (2, 1)
