"""California Jack, the two-player All Fours game with a face-up stock, on the engine.

Rules (the Denexa Games article "California Jack", with the product decisions; our own
decisions are in docs/rules/california-jack.md):

* Two players. A pack of 52, ace high. Six cards each; the other 40 form the stock,
  face up: both players see its top card, and each card as it is drawn. The suit
  of the top stock card at the deal is trump for the hand.
* The non-dealer leads. The second player must follow suit or play a trump; only
  holding neither may they play any card (void in the led suit, a player holding a
  trump must play one). The highest trump wins the trick, else the higher card of
  the led suit.
* After each trick, while the stock lasts, the winner draws its top card
  (``draw:QH``), then the loser draws the next; the winner leads. With the stock
  gone the last six tricks are played without drawing (26 tricks in all).
* Points, counted in this order: High (capturing the ace of trumps), Low (the two
  of trumps), Jack (the jack of trumps), Game (more card points: ten 10, ace 4,
  king 3, queen 2, jack 1; a tie gives nobody the point). The count is
  ``all_fours``, shared with Pitch.
* The count stops the moment a player reaches 10 (``target``): that player wins
  and the hand's later points are not scored. The deal alternates.
"""

from __future__ import annotations

from games.engine import (
    HAND,
    HIGHER_WINS,
    STOCK,
    TRICK,
    WON,
    EngineGame,
    Option,
    RuleViolation,
    TargetScore,
    Vocabulary,
)
from games.engine.boards import trump_against_card
from games.engine.text import N_, Card, Text
from games.engine.tricks import FollowRule
from games.shared import all_fours
from games.shared.wording import seat_choices

CARDS = 6
STOCK_SIZE = 40
TRICKS = 26
# a point of the All Fours count: the seat (0-based) that took it
SEAT = {"type": "integer", "minimum": 0, "maximum": 1, "x-names": "seat"}


def counted(taken: dict, totals: list[int], target: int) -> list[int]:
    """Points scored this hand: High, Low, Jack, Game in turn to their takers,
    stopping the moment a player's total reaches `target`."""
    scores = [0] * len(totals)
    for point in all_fours.POINTS:
        unit = taken.get(point)
        if unit is None:
            continue
        scores[unit] += 1
        if totals[unit] + scores[unit] >= target:
            break
    return scores


class FollowOrTrumpAnyTime(FollowRule):
    """The led suit or a trump; holding neither, any card. Unlike Pitch, a player void
    in the led suit who holds a trump must play one."""

    def allowed(self, state, seat, hand):
        if state.led is None:
            return list(hand)
        suit = state.game.card_suit
        either = [c for c in hand if suit(state, c, seat) in (state.led, state.trump)]
        return either or list(hand)

    def violation(self, state, seat, card):
        suit = state.game.card_suit
        if any(suit(state, c, seat) == state.led for c in state.table.of("hand", seat)):
            return RuleViolation("revoke", Text(N_("must follow the led suit or play a trump")))
        return RuleViolation("must-trump", Text(N_("void in the led suit: must play a trump")))


class StockPlay(all_fours.TrumpAnyTime):
    """Tricks, each followed while the stock lasts by two draws: winner, then loser
    (``state.vars["drawers"]`` lists the seats still to draw)."""

    def __init__(self):
        super().__init__()
        self.follow = FollowOrTrumpAnyTime()

    def begin(self, state):
        super().begin(state)
        state.vars["drawers"] = []

    def legal(self, state):
        if state.vars["drawers"]:
            top = state.table.of("stock")[0]
            return [state.game.vocab.families["draw"].start + state.game.pack.face_of[top]]
        return super().legal(state)

    def check(self, state, action):
        game, draws = state.game, state.game.vocab.families["draw"]
        if state.vars["drawers"]:
            if action not in draws:
                return RuleViolation("draw-expected", Text(N_("the stock is drawn after each trick "
                                     "(winner first): write draw:<card>")))
            top = game.pack.code(state.table.of("stock")[0])
            if action != self.legal(state)[0]:
                return RuleViolation("draw-order", Text(N_("the top card of the stock is %(card)s"), card=Card(top)))
            return None
        if action in draws:
            return RuleViolation("card-expected", Text(N_("it is time to play a card, not to draw")))
        return super().check(state, action)

    def apply(self, state, action):
        if not state.vars["drawers"]:
            seat, led = state.to_move, state.led
            super().apply(state, action)
            suit = state.game.card_suit(state, state.played[seat][-1], seat)
            if led is not None and state.trump is not None and suit not in (led, state.trump):
                state.voids[seat].add(state.trump)  # neither followed nor trumped
            return
        game, seat = state.game, state.vars["drawers"].pop(0)
        face = action - game.vocab.families["draw"].start
        stock = state.table.of("stock")
        card = next((c for c in stock if game.pack.face_of[c] == face), None)
        if card is None:  # an unchecked replay whose stock is not known
            card = game.pack.ids_of[face][0]
        else:
            state.table.take("stock", card)
        state.table.put("hand", [card], seat)
        state.table.show(card)  # both saw it drawn
        state.voids[seat].discard(game.card_suit(state, card, seat))  # no longer void
        if stock:
            state.table.show(stock[0])
        state.to_move = state.vars["drawers"][0] if state.vars["drawers"] else state.vars["leader"]

    def done(self, state):
        return not state.vars["drawers"] and super().done(state)


class CaliforniaJack(EngineGame):
    name = "california-jack"
    title = "California Jack"
    min_players = max_players = 2
    areas = (HAND, WON, TRICK, STOCK)
    turns_trump = False
    ranking = HIGHER_WINS
    OPTIONS = (Option("target", "int", 10, "the score that wins; the count stops the "
                      "moment a player reaches it", minimum=1, maximum=100),)
    SUMMARY_SCHEMA = {
        "trump": {"title": "Trump", "x-per": "hand", "enum": ["S", "H", "D", "C"],
                  "description": "the suit of the stock's top card at the deal"},
        "high": {"title": "High", "x-per": "hand", **SEAT,
                 "description": "the player who captured the ace of trumps"},
        "low": {"title": "Low", "x-per": "hand", **SEAT,
                "description": "the player who captured the two of trumps"},
        "jack": {"title": "Jack", "x-per": "hand", **SEAT,
                 "description": "the player who captured the jack of trumps"},
        "game": {"title": "Game", "x-per": "hand", "type": ["integer", "null"],
                 "minimum": 0, "maximum": 1, "x-names": "seat",
                 "description": "the player with more card points (ten 10, ace 4, king 3, "
                                "queen 2, jack 1); none on a tie"},
    }

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.cards(self.pack)
        vocab.family("draw", self.pack.faces)
        return vocab

    def build_phases(self):
        return [StockPlay()]

    def build_ending(self):
        return TargetScore(self.options["target"], cards=CARDS)

    def tricks_in_hand(self, state):
        return TRICKS

    # --- the deal: the stock's top card sets trump ---------------------------
    def after_deal(self, state):
        stock = state.table.of("stock")
        if stock:
            state.trump = self.pack.suit_of[self.pack.face_of[stock[0]]]
            state.table.show(stock[0])

    def deal_needs(self, state):
        return ("stock",)

    def deal_from_events(self, state, deal, events):
        """With no hands nor stock written, the stock is the 40 draws in order."""
        if "stock" in deal:
            return deal
        draws = self.vocab.families["draw"]
        stock = [self.vocab.text(action)[len("draw:"):] for action in
                 map(state.string_to_action, events) if action in draws]
        return {**deal, "stock": stock} if len(stock) == STOCK_SIZE else deal

    def place_written_deal(self, state, written):
        if isinstance(written, dict) and "hands" in written and "stock" not in written:
            return [{"seat": None, "field": "deal.stock", "code": "missing-field",
                     "message": Text(N_("the deal must list the stock, top card first"))}]
        stock = written.get("stock") if isinstance(written, dict) else None
        if isinstance(stock, list) and len(stock) != STOCK_SIZE and "hands" in written:
            return [{"seat": None, "field": "deal.stock", "code": "deal-size",
                     "message": Text(N_("the stock holds the %(size)s cards not dealt, not %(count)s"), size=STOCK_SIZE, count=len(stock))}]
        return super().place_written_deal(state, written)

    def board_problems(self, board, summary):
        """The trump a line states is the suit of its board's stock top card."""
        stock = board["deal"].get("stock") or [None]
        return trump_against_card(self.pack, summary, stock[0], "stock's top card")

    def after_trick(self, state, winner):
        state.vars["leader"] = winner
        if len(state.tricks) <= STOCK_SIZE // 2:  # (counted, for a replay with no stock)
            state.vars["drawers"] = [winner, 1 - winner]

    # --- scoring ------------------------------------------------------------
    def taken(self, state) -> dict:
        return all_fours.count(all_fours.captured(state), self.pack.suits[state.trump])

    def summary(self, state):
        taken = self.taken(state)
        out = {"trump": self.pack.suits[state.trump]}
        out.update({point: taken[point] for point in all_fours.POINTS})
        return out

    def score_hand(self, state):
        return counted(self.taken(state), state.totals, self.options["target"])

    def score_summary(self, state, summary):
        missing = [point for point in ("trump", "high", "low", "jack") if point not in summary]
        if missing:  # (game may be left out: a tie)
            return None, [{"seat": None, "field": f"summary.{point}", "code": "missing-field",
                           "message": Text(N_("a %(game)s scoresheet line needs %(field)s"), game="California Jack", field=point)}
                          for point in missing]
        problems = []
        if summary.get("trump") not in ("S", "H", "D", "C"):
            problems.append({"seat": None, "field": "summary.trump", "code": "trump-value",
                             "message": Text(N_("trump must be S, H, D or C"))})
        elif state.trump is not None and summary["trump"] != self.pack.suits[state.trump]:
            top = self.pack.code(state.table.of("stock")[0])  # a stock written on the line
            problems.append({"seat": None, "field": "summary.trump", "code": "trump-mismatch",
                             "message": Text(N_("trump is written as %(trump)s but the stock's top card, %(card)s, makes it %(suit)s"), trump=repr(summary["trump"]), card=Card(top), suit=Card(self.pack.suits[state.trump]))})
        for point in all_fours.POINTS:
            value = summary.get(point)
            if value is None and point == "game":
                continue
            if type(value) is not int or value not in (0, 1):
                need = seat_choices(state.n, or_null=point == "game")
                problems.append({"seat": None, "field": f"summary.{point}",
                                 "code": "seat-range", "message": Text(N_("%(point)s must name the seat that took it, written %(need)s; not %(value)s"), point=point, need=need, value=repr(value))})
        if problems:
            return None, problems
        taken = {point: summary.get(point) for point in all_fours.POINTS}
        return counted(taken, state.totals, self.options["target"]), []
