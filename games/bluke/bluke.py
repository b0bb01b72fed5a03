"""Bluke: Oh-Hell-like bidding with two jokers (the Blukes) above every card.

Rules as implemented (decisions and reasons: docs/rules/bluke.md):

* 2 to 15 players, 52 cards plus Lo Bluke (52) and Hi Bluke (53).
* Schedule: the largest hand ``top`` is 13 for 2-4 players, otherwise the most
  cards each player can get while one card is left to turn for trump
  (``53 // players``: 10 for 5, 8 for 6, 7 for 7, 6 for 8, 5 for 9-10, 4 for 11-13,
  3 for 14-15). Standard order: top down to 1 and back up (2 * top - 1 hands);
  New Jersey: 1 up to top and back down. Option ``max_cards`` changes ``top``
  (3 players may go to 17, 2 players to 26); option ``deal_out_finale`` adds a
  last hand that deals the whole deck and is played without trump (only when the
  54 cards divide evenly: 2, 3, 6 or 9 players).
* The card after the deal is turned: its suit is trump; a Bluke turned means no trump.
* Bidding: one round from the dealer's left, each bid 1 to the cards dealt
  (0 allowed with option ``zero_bids``). The dealer's left leads the first trick.
* Play (standard): follow suit if able, but a Bluke may be played at any time.
  A led Bluke names the suit to follow. Hi Bluke beats everything, Lo Bluke
  everything else; then the highest trump; then the highest card of the led suit.
* Play (New Jersey): the Blukes are the top two trumps and follow suit like any
  trump. When a Bluke is turned, the other Bluke is the only trump.
* Score per hand: bid made -> 10 * bid + each trick over the bid; set -> -10 * bid.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.game import WILD, GameRules
from games.bluke.toolkit import check_dealable, down_and_up, largest_hand_with_turn_up, up_and_down
from games.engine.errors import RulesError, RuleViolation
from games.engine.options import Option
from games.engine.text import N_, Card, Text

STANDARD, NEW_JERSEY = "standard", "new-jersey"


def bluke_score(bid: int, won: int) -> int:
    if won >= bid:
        return 10 * bid + (won - bid)
    return -10 * bid


def standard_top(players: int) -> int:
    return min(13, largest_hand_with_turn_up(players))


class Bluke(GameRules):
    name = "bluke"
    title = "Bluke"
    min_players = 2
    max_players = 15
    zero_word = "bid"
    joker_leads_in_records = True  # standard Bluke's led Bluke names a suit
    OPTIONS = (
        Option("variant", "choice", STANDARD,
               "standard: 13 down to 1 and back up, Blukes playable at any time; "
               "new-jersey: 1 up to 13 and back down, Blukes are the top trumps",
               choices=(STANDARD, NEW_JERSEY)),
        Option("max_cards", "int", None,
               "cards on the largest hand (default 13, or fewer for 5+ players); "
               "every hand must leave a card to turn for trump",
               minimum=1, maximum=26),
        Option("deal_out_finale", "bool", False,
               "add a last hand dealing out the whole deck, played without trump "
               "(2, 3, 6 or 9 players)"),
        Option("zero_bids", "bool", False, "allow a bid of zero tricks (the texts start at 1)"),
    )

    def __init__(self, players: int | None = None, **options):
        self.new_jersey = options.get("variant", STANDARD) == NEW_JERSEY
        self.jokers_name_suit = not self.new_jersey
        super().__init__(players, **options)
        self.first_bid = A.BID_BASE + self.lowest_bid()  # bids are checked on every turn

    def build_schedule(self) -> list[int]:
        n = self.options["players"]
        top = self.options["max_cards"] or standard_top(n)
        self.options["max_cards"] = top
        schedule = up_and_down(top) if self.new_jersey else down_and_up(top)
        check_dealable(schedule, n, 54)
        if self.options["deal_out_finale"]:
            if 54 % n:
                raise RulesError(Text(N_(
                    "deal_out_finale: 54 cards cannot be dealt out evenly to %(players)s "
                    "players (possible for 2, 3, 6 or 9 players)"), players=n))
            schedule.append(54 // n)
        return schedule

    # --- cards ------------------------------------------------------------
    def table_key(self) -> tuple:
        return (type(self), self.new_jersey)

    def suit_under(self, card: int, trump: int) -> int:
        if card < 52:
            return card // 13
        return trump if self.new_jersey else WILD

    # --- bidding ----------------------------------------------------------
    def lowest_bid(self) -> int:
        return 0 if self.options["zero_bids"] else 1

    def bid_actions(self, state, seat: int) -> list[int]:
        return list(range(self.first_bid, A.BID_BASE + state.cards + 1))

    def bid_violation(self, state, seat, action):
        if self.first_bid <= action <= A.BID_BASE + state.cards:
            return None
        if action == A.BOARD:
            return RuleViolation("bid-invalid", Text(N_("Bluke has no Board bid")))
        return RuleViolation("bid-range", self.describe_bid_range(state.cards))

    def describe_bid_range(self, cards: int) -> str:
        return Text(N_("bids on a %(cards)s-card hand must be %(low)s to %(cards)s"),
                    cards=cards, low=self.lowest_bid())

    # --- play -------------------------------------------------------------
    # play_mask: the default (follow suit if able; a standard Bluke, being WILD, may
    # always be played; in New Jersey the Blukes count as trumps and follow suit).

    def explain_illegal(self, state, seat, card):
        led = Card("SHDC"[state.led]) if state.led < 4 else Text(N_("trump"))
        if self.new_jersey and card >= 52:
            return RuleViolation(
                "revoke", Text(N_("in New Jersey Bluke a Bluke is a trump; must follow "
                                  "%(led)s"), led=led))
        return RuleViolation("revoke", Text(N_("must follow the led suit (%(led)s) while "
                                               "holding it"), led=led))

    # --- scoring ----------------------------------------------------------
    def score_from_counts(self, cards, bids, tricks, order):
        return [bluke_score(A.bid_value(bid), won) for bid, won in zip(bids, tricks, strict=True)]

