"""Back Alley (partnership): four players, seats 0 and 2 against seats 1 and 3.

Rules as implemented (decisions and reasons: docs/rules/back-alley.md):

* 54 cards: Big Blooper (53) and Little Blooper (52) are the top two trumps.
* 26 deals: 13 down to 1, a second one-card deal, then back up to 13.
* The card after the deal is turned for trump. A Blooper turned means no trump,
  and whoever holds the other Blooper swaps it for the last card of the deck.
* One bidding round from the dealer's left: "pass" (zero) or 1..cards
  (option ``max_bid="twelve"`` caps numeric bids at 12), or Board (the side takes
  every trick). Each later Board in the same hand is Double, Triple, Quadruple Board.
  If all four pass the same dealer deals the same number of cards again; the
  thrown-in deal is not part of the record.
* First lead: the last Board bidder, else the highest bidder (first of equal
  bids in bidding order); option ``first_lead="dealer-left"``.
* Trumps may not be led until trump is broken, unless the leader's side bid Board
  or the leader holds only trumps. Big Blooper led: everyone plays their highest
  trump; Little Blooper led: their lowest. Otherwise follow suit if able.
* Side scores: Board made +10 * cards * level, failed -10 * cards * level; numeric
  contract (sum of both bids) made +5 per trick bid +1 per extra trick, set -5 per
  trick bid; a side whose bids total zero scores +1 per trick won.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import HI, LO, NO_TRUMP, highest, lowest
from games.bluke.game import GameRules
from games.bluke.toolkit import down_twice_up
from games.engine.errors import RuleViolation
from games.engine.options import Option
from games.engine.text import N_, Text

HIGH_BIDDER, DEALER_LEFT = "high-bidder", "dealer-left"
ANY_TRUMP, RUFF = "any-trump", "ruff"


def board_levels(bids, order) -> dict[int, int]:
    levels, count = {}, 0
    for seat in order:
        if bids[seat] == A.BOARD:
            count += 1
            levels[seat] = count
    return levels


def side_score(cards: int, level: int, contract: int, won: int) -> int:
    if level:
        stake = 10 * cards * level
        return stake if won == cards else -stake
    if contract == 0:
        return won
    if won >= contract:
        return 5 * contract + (won - contract)
    return -5 * contract


class BackAlley(GameRules):
    name = "back-alley"
    title = "Back Alley"
    min_players = 4
    max_players = 4
    partnership = True
    tracks_broken = True
    exchanges_joker = True
    board_words = A.BOARD_WORDS  # Board, Double, Triple and Quadruple Board
    OPTIONS = (
        Option("first_lead", "choice", HIGH_BIDDER,
               "who leads the first trick: the (last) Board bidder or highest bidder, "
               "or the dealer's left", choices=(HIGH_BIDDER, DEALER_LEFT)),
        Option("max_bid", "choice", "cards",
               "highest numeric bid: the cards dealt, or at most twelve",
               choices=("cards", "twelve")),
        Option("board_both_sides", "bool", True,
               "may the other side also bid (Double/Triple) Board after a side bid Board"),
        Option("trump_broken_by", "choice", ANY_TRUMP,
               "trump is broken by any trump played in an earlier trick, or only by a "
               "trump played to a non-trump lead", choices=(ANY_TRUMP, RUFF)),
    )

    def build_schedule(self) -> list[int]:
        return down_twice_up(13)

    def build_teams(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def suit_under(self, card: int, trump: int) -> int:
        return card // 13 if card < 52 else trump

    # --- dealing ----------------------------------------------------------
    def deal_cards(self, rng, cards, dealer, hand_index):
        hands, turned, extras = super().deal_cards(rng, cards, dealer, hand_index)
        if turned is not None and turned >= 52:
            other = 1 << (LO + HI - turned)
            if any(hand & other for hand in hands):
                extras["replacement"] = extras["rest"][-1]
        return hands, turned, extras

    def fix_dealt_hands(self, hands, turned, replacement):
        if turned is None or turned < 52 or replacement is None:
            return hands
        other = 1 << (LO + HI - turned)
        return [(hand & ~other) | (1 << replacement) if hand & other else hand
                for hand in hands]

    # --- bidding ----------------------------------------------------------
    def max_numeric(self, cards: int) -> int:
        return min(cards, 12) if self.options["max_bid"] == "twelve" else cards

    def board_allowed(self, state, seat: int) -> bool:
        if self.options["board_both_sides"]:
            return True
        team = self.teams[self.team_of[seat]]
        return all(state.bids[s] != A.BOARD
                   for s in range(4) if s not in team)

    def bid_actions(self, state, seat):
        acts = list(range(A.PASS, A.BID_BASE + self.max_numeric(state.cards) + 1))
        if self.board_allowed(state, seat):
            acts.append(A.BOARD)
        return acts

    def bid_violation(self, state, seat, action):
        if action == A.BOARD:
            if self.board_allowed(state, seat):
                return None
            return RuleViolation(
                "board-not-allowed",
                Text(N_("the other side already bid Board (board_both_sides off)")))
        if A.PASS <= action <= A.BID_BASE + self.max_numeric(state.cards):
            return None
        return RuleViolation("bid-range", self.describe_bid_range(state.cards))

    def describe_bid_range(self, cards):
        return Text(N_("bids on a %(cards)s-card hand are pass, 1 to %(high)s, or Board"),
                    cards=cards, high=self.max_numeric(cards))

    def opening_leader(self, state):
        bids, order = state.bids, state.bid_order
        if all(bid == A.PASS for bid in bids):
            return None
        if self.options["first_lead"] == DEALER_LEFT:
            return (state.dealer + 1) % 4
        boards = [seat for seat in order if bids[seat] == A.BOARD]
        if boards:
            return boards[-1]
        top = max(bids)
        return next(seat for seat in order if bids[seat] == top)

    # --- play -------------------------------------------------------------
    def side_bid_board(self, state, seat: int) -> bool:
        return any(state.bids[s] == A.BOARD for s in self.teams[self.team_of[seat]])

    def play_mask(self, state, seat):
        hand = state.hands[seat]
        trump = state.trump
        if not state.trick:
            if trump == NO_TRUMP or state.broken or self.side_bid_board(state, seat):
                return hand
            return (hand & ~self.suit_masks[trump][trump]) or hand
        first = state.trick[0]
        if first >= 52:
            trumps = hand & self.suit_masks[trump][trump]
            if trumps:
                return 1 << (highest(trumps) if first == HI else lowest(trumps))
        return (hand & self.suit_masks[trump][state.led]) or hand

    def explain_illegal(self, state, seat, card):
        if not state.trick:
            return RuleViolation(
                "trump-lead", Text(N_("trump may not be led before it is broken (unless "
                                      "your side bid Board or you hold only trumps)")))
        if state.trick[0] >= 52:
            return RuleViolation(
                "blooper-obligation",
                Text(N_("the Big Blooper was led: play your highest trump"))
                if state.trick[0] == HI else
                Text(N_("the Little Blooper was led: play your lowest trump")))
        return RuleViolation("revoke", Text(N_("must follow the led suit while holding it")))

    def note_trump_played(self, state) -> None:
        if self.options["trump_broken_by"] == ANY_TRUMP or state.led != state.trump:
            state.broken = True

    # --- scoring ----------------------------------------------------------
    def score_from_counts(self, cards, bids, tricks, order):
        levels = board_levels(bids, order)
        scores = []
        for team in self.teams:
            level = max((levels.get(seat, 0) for seat in team), default=0)
            contract = sum(A.bid_value(bids[s]) for s in team if bids[s] != A.BOARD)
            won = sum(tricks[s] for s in team)
            scores.append(side_score(cards, level, contract, won))
        return scores
