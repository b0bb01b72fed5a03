"""Playing a determinized hand to its end, fast, for the search bot.

The rollout policy is the heuristic's plan with the expensive parts removed: it
reads the State's public fields directly (no observation, no view), wins with the
cheapest winning card while its side needs tricks, and otherwise sheds its highest
losing card. Bids still go through the heuristic bidder, once per seat and hand.
"""

from __future__ import annotations

import random

from games.bluke import actions as A
from games.bluke.bots.bidding import choose_bid
from games.bluke.bots.play import choose_play, overtrick_value
from games.bluke.bots.view import View
from games.bluke.game import LED_STRENGTH, TRUMP_STRENGTH, WILD, WILD_STRENGTH


def strength(state, card: int) -> int:
    suit = state.suit_table[card]
    if suit == WILD:
        return WILD_STRENGTH + state.power[card]
    if suit == state.trump_suit:
        return TRUMP_STRENGTH + state.power[card]
    if suit == state.led:
        return LED_STRENGTH + state.power[card]
    return 0


def lead_strength(state, card: int) -> int:
    """How strong a card is when it leads (its own suit is led)."""
    suit = state.suit_table[card]
    base = WILD_STRENGTH if suit == WILD else TRUMP_STRENGTH if suit == state.trump_suit else 0
    return base + state.power[card]


class Rollout:
    """Plays one hand to its end with a cheap policy; `score(unit)` when done."""

    def __init__(self, state, policy: str = "fast"):
        self.state = state
        self.policy = policy
        n = state.n
        self.team_of = state.game.team_of
        self.teams = state.game.teams
        self.pays = [None] * n  # does a trick beyond the contract score? (per seat, lazily)

    def run(self, unit: int) -> float:
        state = self.state
        logs, attempt = len(state.hand_log), state.attempt
        while len(state.hand_log) == logs and not state.is_terminal():
            if state.attempt != attempt:  # everyone passed: the hand is thrown in
                return 0.0
            seat = state.current_player()
            state.apply(self.action(seat, state.legal_actions()))
        return state.hand_log[-1]["scores"][unit]

    def action(self, seat: int, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        state = self.state
        if A.is_bid(legal[0]):
            return choose_bid(View.from_state(state, seat), legal)
        if self.policy == "heuristic":
            return choose_play(View.from_state(state, seat), legal)
        return self.fast_play(seat, legal)

    def need(self, seat: int) -> int:
        state = self.state
        team = self.teams[self.team_of[seat]]
        bids = state.bids
        if any(bids[s] == A.BOARD for s in team):
            return state.cards - sum(state.tricks_won[s] for s in team)
        return sum(bids[s] - A.BID_BASE for s in team) - sum(state.tricks_won[s] for s in team)

    def wants(self, seat: int) -> bool:
        if self.need(seat) > 0:
            return True
        if self.pays[seat] is None:
            self.pays[seat] = overtrick_value(View.from_state(self.state, seat)) > 0
        return self.pays[seat]

    def fast_play(self, seat: int, legal: list[int]) -> int:
        state = self.state
        want = self.wants(seat)
        if not state.trick:
            key = lambda a: lead_strength(state, A.split_play(a)[0])  # noqa: E731
            return max(legal, key=key) if want and self.need(seat) > 0 else min(legal, key=key)
        best = state.best_strength
        power = {a: strength(state, a) for a in legal}
        winners = [a for a in legal if power[a] > best]
        partner_wins = self.team_of[state.best_seat] == self.team_of[seat]
        if want and winners and not partner_wins:
            if len(state.trick) == state.n - 1:
                return min(winners, key=power.__getitem__)
            plain = [a for a in winners if state.suit_table[a] != WILD]
            return max(plain, key=power.__getitem__) if plain else min(winners,
                                                                        key=power.__getitem__)
        losers = [a for a in legal if power[a] <= best]
        if losers and not want:
            return max(losers, key=lambda a: (power[a], lead_strength(state, a)))
        return min(legal, key=lambda a: (power[a], lead_strength(state, a)))


def play_out(state, unit: int, rng: random.Random, policy: str = "fast") -> float:
    """Score of `unit` (seat, or team in partnership games) for the rest of this hand."""
    return Rollout(state, policy).run(unit)
