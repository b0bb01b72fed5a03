"""Back Alley, individual play: the older every-player-for-themself game.

Rules as implemented (decisions and reasons: docs/rules/back-alley-individual.md):

* 2 to 4 players, 52 cards, no jokers. The two of diamonds always belongs to the
  trump suit and is its highest card.
* 14 deals: 13 down to 1, then a second one-card deal.
* The card after the deal is turned for trump (the two of diamonds turns diamonds).
  When every card is dealt (4 players, 13 cards) a card is cut at random from the
  shuffled full deck instead; it stays in its owner's hand.
* One bidding round starting at the dealer's right and going clockwise (so the
  dealer bids second); option ``bid_start="dealer-left"``. Bids: "pass" (zero),
  1 to one less than the cards dealt, or Board (every trick). On one-card deals
  only pass or Board. All pass: the same dealer deals again.
* First lead: the highest bid (Board highest); equal bids -> the first to bid it.
* Follow suit; if void and a non-trump suit was led, play a trump if able, and a
  trump higher than any trump already in the trick if able.
* Scores: numeric bid made 3 per trick bid +1 per extra, set -3 per trick bid;
  zero bid +1 per trick won; Board made +6 per card dealt, failed -6 per card.
  One-card deals: Board won +13, lost -13; pass scores 0 even when winning.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import DECK_52, TWO_OF_DIAMONDS, cards_of
from games.bluke.game import TRUMP_STRENGTH, GameRules
from games.bluke.toolkit import check_dealable
from games.engine.errors import RuleViolation
from games.engine.options import Option
from games.engine.pack import Pack
from games.engine.text import N_, Text


def individual_score(cards: int, bid: int, won: int) -> int:
    if cards == 1:
        if bid != A.BOARD:
            return 0
        return 13 if won == 1 else -13
    if bid == A.BOARD:
        return 6 * cards if won == cards else -6 * cards
    tricks = A.bid_value(bid)
    if tricks == 0:
        return won
    return 3 * tricks + (won - tricks) if won >= tricks else -3 * tricks


class BackAlleyIndividual(GameRules):
    name = "back-alley-individual"
    title = "Back Alley (individual play)"
    min_players = 2
    max_players = 4
    deck = DECK_52
    always_trump = True
    board_words = ("board",)
    pack = Pack()  # 52 cards, no jokers
    OPTIONS = (
        Option("bid_start", "choice", "dealer-right",
               "who bids first: the dealer's right (then clockwise), or the dealer's left",
               choices=("dealer-right", "dealer-left")),
    )

    def build_schedule(self) -> list[int]:
        schedule = list(range(13, 0, -1)) + [1]
        check_dealable(schedule, self.options["players"], 52, turned=False)
        return schedule

    def suit_under(self, card, trump):
        if card == TWO_OF_DIAMONDS and trump < 4:
            return trump
        return card // 13 if card < 52 else 4

    def power_under(self, card, trump):
        return 13 if card == TWO_OF_DIAMONDS else card % 13

    def deal_cards(self, rng, cards, dealer, hand_index):
        hands, turned, extras = super().deal_cards(rng, cards, dealer, hand_index)
        if turned is None:  # every card dealt: cut the shuffled deck for a trump card
            turned = rng.randrange(52)
        return hands, turned, extras

    # --- bidding ----------------------------------------------------------
    def first_bidder_after(self, dealer):
        step = -1 if self.options["bid_start"] == "dealer-right" else 1
        return (dealer + step) % self.num_players

    def bid_actions(self, state, seat):
        return list(range(A.PASS, A.BID_BASE + state.cards)) + [A.BOARD]

    def bid_to_record(self, action, level):
        return "board" if action == A.BOARD else super().bid_to_record(action, level)

    def normalize_bid(self, action, cards):
        return A.BOARD if action == A.BID_BASE + cards else action

    def describe_bid_range(self, cards):
        if cards == 1:
            return Text(N_("on a one-card deal the only bids are pass and Board"))
        return Text(N_("bids on a %(cards)s-card deal are pass, 1 to %(high)s, or Board"),
                    cards=cards, high=cards - 1)

    def bid_violation(self, state, seat, action):
        if action == A.BOARD or A.PASS <= action < A.BID_BASE + state.cards:
            return None
        return RuleViolation("bid-range", self.describe_bid_range(state.cards))

    def opening_leader(self, state):
        bids, order = state.bids, state.bid_order
        if all(bid == A.PASS for bid in bids):
            return None
        top = max(bids)
        return next(seat for seat in order if bids[seat] == top)

    # --- play -------------------------------------------------------------
    def play_mask(self, state, seat):
        hand = state.hands[seat]
        if not state.trick:
            return hand
        trump, masks = state.trump, self.suit_masks[state.trump]
        follow = hand & masks[state.led]
        if follow or state.led == trump:
            return follow or hand
        trumps = hand & masks[trump]
        if not trumps:
            return hand
        if state.best_strength >= TRUMP_STRENGTH:
            to_beat = state.best_strength - TRUMP_STRENGTH
            power = state.power
            higher = 0
            for card in cards_of(trumps):
                if power[card] > to_beat:
                    higher |= 1 << card
            if higher:
                return higher
        return trumps

    def explain_illegal(self, state, seat, card):
        hand, masks = state.hands[seat], self.suit_masks[state.trump]
        if hand & masks[state.led]:
            return RuleViolation("revoke", Text(N_("must follow the led suit while holding it")))
        if state.suit_table[card] != state.trump:
            return RuleViolation("must-trump", Text(N_("void in the led suit: must play a "
                                                       "trump")))
        return RuleViolation(
            "must-overtrump",
            Text(N_("must play a trump higher than the trump already in the trick")))

    def note_void(self, state, seat, card):
        suit = state.suit_table[card]
        if suit != state.led:
            state.voids[seat] |= 1 << state.led
            if suit != state.trump:
                state.voids[seat] |= 1 << state.trump

    # --- scoring ----------------------------------------------------------
    def score_from_counts(self, cards, bids, tricks, order):
        return [individual_score(cards, bid, won) for bid, won in zip(bids, tricks, strict=True)]
