"""Property tests: random playouts of every game and option combination keep the invariants."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games import rules
from games.bluke.cards import JOKER_MASK

CONFIGS = [
    ("bluke", {"players": p}) for p in (2, 3, 4, 5, 7, 10, 15)
] + [
    ("bluke", {"players": 4, "variant": "new-jersey"}),
    ("bluke", {"players": 3, "variant": "new-jersey", "max_cards": 17}),
    ("bluke", {"players": 3, "max_cards": 17, "deal_out_finale": True}),
    ("bluke", {"players": 6, "deal_out_finale": True, "zero_bids": True}),
    ("bluke", {"players": 9, "variant": "new-jersey", "deal_out_finale": True}),
    ("back-alley", {}),
    ("back-alley", {"first_lead": "dealer-left", "max_bid": "twelve"}),
    ("back-alley", {"board_both_sides": False, "trump_broken_by": "ruff"}),
] + [
    ("back-alley-individual", {"players": p}) for p in (2, 3, 4)
] + [("back-alley-individual", {"players": 4, "bid_start": "dealer-left"})]


def bits(mask):
    return bin(mask).count("1")


class MatchInvariants:
    """Checks run before and after every action of a match."""

    def __init__(self, state):
        self.state = state
        self.start_hand = self.state.hand_index
        self.holdings = list(state.hands)

    def before(self, action):
        state = self.state
        if state.phase == "play":
            if state.hand_index != self.start_hand or not state.plays:
                self.holdings = list(state.hands)
                self.start_hand = state.hand_index
            for seat in range(state.n):  # cards conserved: held + played = what was dealt
                assert state.hands[seat] & state.played[seat] == 0
                assert state.hands[seat] | state.played[seat] == \
                    self.holdings[seat] | state.played[seat]
            assert sum(state.tricks_won) == len(state.plays) // state.n
            legal = state.legal_actions()
            assert action in legal and len(set(legal)) == len(legal)
            check_follow_rules(state, action)

    def after_hand(self, entry, game):
        assert sum(entry["tricks"]) == entry["cards"]
        expected = expected_scores(game, entry)
        assert entry["scores"] == expected


def check_follow_rules(state, action):
    """An independent, simplified reading of the follow rules."""
    if not state.trick or action >= 54:
        return
    game, seat = state.game, state.to_move
    led_mask = game.suit_masks[state.trump][state.led]
    holds_led = state.hands[seat] & led_mask
    plays_led = led_mask >> action & 1
    if game.name == "bluke" and not game.new_jersey:
        assert plays_led or not holds_led or (JOKER_MASK >> action & 1)
    elif game.name == "back-alley" and state.trick[0] >= 52:
        trumps = state.hands[seat] & game.suit_masks[state.trump][state.trump]
        if trumps:
            wanted = trumps.bit_length() - 1 if state.trick[0] == 53 else \
                (trumps & -trumps).bit_length() - 1
            assert action == wanted
    else:
        assert plays_led or not holds_led


def expected_scores(game, entry):
    """Scores written out again from the rule texts, independently of the game modules."""
    bids, tricks, cards = entry["bids"], entry["tricks"], entry["cards"]
    if game.name == "bluke":
        return [10 * (b - 100) + w - (b - 100) if w >= b - 100 else -10 * (b - 100)
                for b, w in zip(bids, tricks, strict=True)]
    if game.name == "back-alley-individual":
        return [individual_points(cards, b, w) for b, w in zip(bids, tricks, strict=True)]
    out, boards, levels = [], 0, {}
    for seat in entry["bid_order"]:
        if bids[seat] == rules.BOARD:
            boards += 1
            levels[seat] = boards
    for team in game.teams:
        level = max(levels.get(s, 0) for s in team)
        contract = sum(bids[s] - 100 for s in team if bids[s] != rules.BOARD)
        won = sum(tricks[s] for s in team)
        if level:
            out.append(10 * cards * level * (1 if won == cards else -1))
        elif contract == 0:
            out.append(won)
        else:
            out.append(5 * contract + won - contract if won >= contract else -5 * contract)
    return out


def individual_points(cards, bid, won):
    if cards == 1:
        return 0 if bid != rules.BOARD else (13 if won else -13)
    if bid == rules.BOARD:
        return 6 * cards if won == cards else -6 * cards
    bid -= 100
    if bid == 0:
        return won
    return 3 * bid + won - bid if won >= bid else -3 * bid


def run_match(game, seed):
    """A full random match (choices from `seed`), checking the invariants at each step."""
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    checks = MatchInvariants(state)
    logged = 0
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        checks.before(action)
        state.apply(action)
        if len(state.hand_log) > logged:
            checks.after_hand(state.hand_log[-1], game)
            logged += 1
    return state


@settings(max_examples=len(CONFIGS) * 5, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_invariants(config, seed):
    name, options = config
    game = rules.load(name, **options)
    state = run_match(game, seed)
    assert len(state.hand_log) == len(game.schedule)
    assert state.returns() == [state.totals[game.team_of[s]] for s in range(game.num_players)]
    replay = game.new_match(seed=state.seed)
    for action in state.history:
        replay.apply(action)
    assert replay.to_record() == state.to_record()
    report = rules.check_record(json.loads(json.dumps(state.to_record())))
    assert report.valid and report.complete, report.errors
    assert report.totals == state.totals


class CloneMachine(RuleBasedStateMachine):
    """Clones must be independent and illegal actions must be refused."""

    @initialize(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000))
    def start(self, config, seed):
        name, options = config
        self.state = rules.load(name, **options).new_match(seed=seed)

    @rule(data=st.data())
    def step(self, data):
        if self.state.is_terminal():
            return
        legal = self.state.legal_actions()
        action = data.draw(st.sampled_from(legal))
        assert self.state.check(action) is None
        twin = self.state.clone()
        before = json.dumps(self.state.observation(self.state.current_player()))
        twin.apply(action)
        assert json.dumps(self.state.observation(self.state.current_player())) == before
        self.state.apply(action)
        assert self.state.history == twin.history

    @rule(data=st.data())
    def illegal_is_refused(self, data):
        if self.state.is_terminal():
            return
        legal = set(self.state.legal_actions())
        candidates = [a for a in list(range(62)) + list(range(100, 128)) + [200]
                      if a not in legal]
        action = data.draw(st.sampled_from(candidates))
        assert self.state.check(action) is not None

    @invariant()
    def observation_hides_other_hands(self):
        if getattr(self, "state", None) is None or self.state.is_terminal():
            return
        seat = self.state.current_player()
        obs = self.state.observation(seat)
        held = {rules.card_code(c) for c in range(54) if self.state.hands[seat] >> c & 1}
        assert set(obs["hand"]) == held
        assert "hands" not in obs


CloneMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60,
                                          deadline=None)
test_clone_machine = CloneMachine.TestCase
