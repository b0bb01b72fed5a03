"""Twenty-Nine on the rules engine.

Rules (the Denexa Games article "Twenty-Nine", with the product decisions where the text
is silent; our own decisions are in docs/rules/twenty-nine.md):

* Four players in two partnerships, partners facing: seats 0 and 2 against 1 and 3.
* A pack of 32: seven to ace in each suit. In each suit the jack is highest, then
  the nine, ace, ten, king, queen, eight, seven. Card points: jack 3, nine 2, ace 1,
  ten 1; 28 in all (option ``last_trick``: one more point for the last trick, the
  old twenty-ninth point).
* The deal comes in two halves: four cards each, the auction, the trump choice, then
  four more each. A record writes each seat's eight cards, the four dealt before the
  auction first.
* Auction from the dealer's left: a bid of 15 to 28 points, higher than the last bid,
  or ``pass`` (a pass is final). It ends when all but one have passed after a bid.
  If the first three pass, the dealer must bid 15 and the auction ends at once.
* The high bidder chooses trump in secret (``trump:S`` …; the other seats see
  ``?``). The bidder's side must take at least the bid in card points.
* The dealer's left leads; the winner of a trick leads the next. Follow suit if able,
  otherwise play any card. Before trump is revealed a trick goes to the highest card
  of the led suit.
* The first time a player cannot follow suit, that player asks (``reveal``) before
  playing, and trump is turned up for everybody. From then on, that trick included,
  the highest trump played takes the trick. Nobody ever has to play a trump. (Option
  ``optional_reveal``: a player who cannot follow may ask, or play on without asking.)
* Royals: once trump is revealed, a player who holds both the king and queen of trump
  may show them (``royals``) right after a trick their side wins, or let the moment
  pass (``no-royals``); at most once a hand. Shown by the bidding side they lower the
  contract by 4, shown by the other side they raise it by 4, never below 15 nor above
  28.
* Only the bidding side scores: one game point if its card points reach the contract,
  minus one if not. A side at +6 game points wins the match; a side at -6 loses it
  (option ``target``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import (
    HAND,
    HIGHER_WINS,
    NOBODY,
    TRICK,
    WON,
    Area,
    Auction,
    Choice,
    EngineGame,
    Option,
    Pack,
    RuleViolation,
    TrickPlay,
    Vocabulary,
    by_table_trump,
)
from games.engine.rng import shuffle
from games.engine.text import N_, Text
from games.engine.tricks import FOLLOW_SUIT

FIRST_HALF = 4  # cards each before the auction
CARDS = 8
LOWEST_BID, HIGHEST_BID = 15, 28
ROYALS_STEP = 4
POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}
SUITS = "SHDC"
# the second half of the deal, dealt after the trump choice: nobody sees it before
LATER = Area("later", NOBODY, per_seat=True)


def card_points(code: str) -> int:
    return POINTS.get(code[0], 0)


def adjusted_contract(bid: int, royals_by_bidders: bool | None) -> int:
    """The contract after the royals (None: not shown)."""
    if royals_by_bidders is None:
        return bid
    if royals_by_bidders:
        return max(LOWEST_BID, bid - ROYALS_STEP)
    return min(HIGHEST_BID, bid + ROYALS_STEP)


@dataclass(frozen=True)
class PlusOrMinus:
    """The match ends after the hand in which a side reaches +target or -target."""

    target: int
    limit: int = 5000  # hands: a match still going is cut short (games.engine.ending)

    def over(self, state) -> bool:
        return any(abs(t) >= self.target for t in state.totals)

    def hands(self) -> int | None:
        return None

    def cards_for(self, hand_index: int) -> int:
        return CARDS


class TwentyNineAuction(Auction):
    """The engine's auction, with the dealer's forced 15 after three passes."""

    def dealer_forced(self, state) -> bool:
        return state.vars["declarer"] is None and len(state.vars["passed"]) == state.n - 1

    def legal(self, state):
        if self.dealer_forced(state):
            return [state.game.vocab.numbered(LOWEST_BID)]
        return super().legal(state)

    def check(self, state, action):
        game = state.game
        is_bid = action in game.vocab.families["bid"]
        if not is_bid and action != game.passes:
            return RuleViolation("bid-expected", Text(N_("it is time to bid (15 to 28) or "
                                                         "pass")))
        if self.dealer_forced(state):
            if action != game.vocab.numbered(LOWEST_BID):
                return RuleViolation("dealer-must-bid", Text(N_("the first three passed: the "
                                                                "dealer must bid 15")))
            return None
        current = state.vars["contract"]
        if is_bid and current is not None and game.vocab.number(action) <= current:
            return RuleViolation("bid-too-low", Text(N_("a bid must be higher than "
                                                        "%(current)s"), current=current))
        return None


class TrumpChoice(Choice):
    """The high bidder names trump in secret; then the rest of the deal comes."""

    def __init__(self):
        super().__init__("trump", lambda state: state.vars["declarer"],
                         lambda state: state.game.vocab.families["trump"], choose_trump)

    def check(self, state, action):
        if action in state.game.vocab.families["trump"]:
            return None
        return RuleViolation("trump-expected", Text(N_("the high bidder names trump now "
                                                       "(trump:S, trump:H, trump:D or "
                                                       "trump:C)")))


def choose_trump(state, action) -> None:
    state.vars["hidden_trump"] = action - state.game.vocab.families["trump"].start
    table = state.table
    for seat in range(state.n):
        later = list(table.of("later", seat))
        for card in later:
            table.take("later", card, seat)
        table.put("hand", later, seat)


class TwentyNinePlay(TrickPlay):
    """Tricks with the reveal (asked by a player who cannot follow while trump is
    hidden) and the royals offered after each trick to a holder on the winning side."""

    def __init__(self):
        super().__init__(follow=FOLLOW_SUIT, winner=by_table_trump)

    def may_reveal(self, state) -> bool:
        """The seat to move cannot follow suit while trump is still hidden."""
        if state.vars.get("revealed") or not state.trick or state.vars.get("unknown_hands"):
            return False
        suit = state.game.card_suit
        return all(suit(state, c, state.to_move) != state.led
                   for c in state.table.of("hand", state.to_move))

    def legal(self, state):
        game = state.game
        if state.vars.get("offer") is not None:
            return [game.royals, game.no_royals]
        if self.may_reveal(state):
            cards = super().legal(state) if game.options["optional_reveal"] else []
            return [game.reveal] + cards
        return super().legal(state)

    def check(self, state, action):
        game = state.game
        offer = state.vars.get("offer")
        if action in (game.royals, game.no_royals):
            if offer is None:
                return RuleViolation("royals-not-allowed", Text(N_(
                    "the royals may be shown only by a player holding the king and queen of "
                    "a revealed trump, right after a trick their side won, once a hand")))
            return None
        if offer is not None:
            return RuleViolation("royals-decision", Text(N_(
                "this seat holds the royals after its side's trick: royals or no-royals "
                "first")))
        if action == game.reveal:
            if self.may_reveal(state):
                return None
            why = Text(N_("trump is already revealed")) if state.vars.get("revealed") else \
                Text(N_("only a player who cannot follow suit asks for trump"))
            return RuleViolation("reveal-not-allowed", why)
        if self.may_reveal(state) and not game.options["optional_reveal"] \
                and self.card_of(state, state.to_move, action) is not None:
            return RuleViolation("reveal-first", Text(N_("cannot follow suit with trump "
                                                         "hidden: trump is revealed first "
                                                         "(reveal)")))
        return super().check(state, action)

    def apply(self, state, action):
        game = state.game
        if action in (game.royals, game.no_royals):
            if action == game.royals:
                self.show_royals(state, state.to_move)
            state.vars["offer"] = None
            state.to_move = state.vars.get("leader", state.to_move)
            return
        if action == game.reveal:
            state.vars["revealed"] = len(state.tricks) + 1
            state.trump = state.vars.get("hidden_trump")
            return
        super().apply(state, action)

    def show_royals(self, state, seat) -> None:
        state.vars["royals"] = seat
        for card in state.game.royal_cards(state, seat):
            state.table.show(card)

    def finish_trick(self, state):
        super().finish_trick(state)
        winner = state.to_move
        if not state.vars.get("revealed") or state.vars.get("royals") is not None \
                or state.vars.get("unknown_hands"):
            return
        game = state.game
        for seat in game.teams[game.team_of[winner]]:
            if len(game.royal_cards(state, seat)) == 2:
                state.vars["leader"], state.vars["offer"] = winner, seat
                state.to_move = seat
                return


class TwentyNine(EngineGame):
    name = "twenty-nine"
    title = "Twenty-Nine"
    min_players = max_players = 4
    partnership = True
    pack = Pack(ranks="78QKTA9J")
    areas = (HAND, WON, TRICK, LATER)
    ranking = HIGHER_WINS
    turns_trump = False
    secret_families = ("trump",)
    OPTIONS = (
        Option("target", "int", 6, "game points that win the match (minus as many lose it)",
               minimum=1, maximum=20),
        Option("optional_reveal", "bool", False, "a player who cannot follow may play on "
               "without asking for trump (off: the rule text, trump is revealed at once)"),
        Option("last_trick", "bool", False, "one more card point for the last trick (29 in "
               "all; off: the rule text, 28)"),
    )
    SUMMARY_SCHEMA = {
        "bidder": {"title": "Bidder", "x-per": "hand", "type": "integer",
                   "minimum": 0, "maximum": 3, "x-names": "seat",
                   "description": "the player who won the auction"},
        "bid": {"title": "Bid", "x-per": "hand", "type": "integer",
                "minimum": LOWEST_BID, "maximum": HIGHEST_BID,
                "description": "the winning bid, in card points"},
        "trump": {"title": "Trump", "x-per": "hand", "enum": list(SUITS),
                  "description": "the suit the bidder chose in secret"},
        "revealed": {"title": "Revealed in trick", "x-per": "hand", "type": "integer",
                     "minimum": 0, "maximum": CARDS, "description": "0: never revealed"},
        "royals": {"title": "Royals shown by", "x-per": "hand", "type": ["integer", "null"],
                   "minimum": 0, "maximum": 3, "x-names": "seat",
                   "description": "the player who showed king and queen of trump; none "
                                  "when nobody did"},
        "contract": {"title": "Contract", "x-per": "hand", "type": "integer",
                     "minimum": LOWEST_BID, "maximum": HIGHEST_BID,
                     "description": "the bid after the royals"},
        "points": {"title": "Card points", "x-per": "side", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 29},
                   "minItems": 2, "maxItems": 2,
                   "description": "each side's card points (jack 3, nine 2, ace 1, ten 1)"},
        "game_point": {"title": "Game point", "x-per": "hand", "enum": [1, -1],
                       "description": "the bidding side's result: +1 made, -1 set"},
    }

    def build_teams(self):
        return [[0, 2], [1, 3]]

    def build_vocabulary(self):
        vocab = Vocabulary()
        self.passes = vocab.word("pass")
        vocab.numbers("bid", LOWEST_BID, HIGHEST_BID)
        vocab.family("trump", SUITS)
        self.reveal = vocab.word("reveal")
        self.royals = vocab.word("royals")
        self.no_royals = vocab.word("no-royals")
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        return [TwentyNineAuction(), TrumpChoice(), TwentyNinePlay()]

    def build_ending(self):
        return PlusOrMinus(self.options["target"])

    def bid_range(self, state):
        return LOWEST_BID, HIGHEST_BID

    # --- the deal in two halves ------------------------------------------------
    def deal(self, state, rng):
        deck = self.pack.ids()
        shuffle(deck, rng)
        half = FIRST_HALF * state.n
        for k in range(state.n):
            seat = (state.dealer + 1 + k) % state.n
            state.table.put("hand", deck[FIRST_HALF * k:FIRST_HALF * (k + 1)], seat)
            state.table.put("later", deck[half + FIRST_HALF * k:half + FIRST_HALF * (k + 1)],
                            seat)

    def written_deal(self, state):
        table, pack = state.table, self.pack
        return {"hands": [pack.codes(table.of("hand", s) + table.of("later", s))
                          for s in range(state.n)]}

    def place_written_deal(self, state, written):
        problems = super().place_written_deal(state, written)
        if problems or not isinstance(written, dict) or written.get("hands") is None:
            return problems
        table = state.table
        for seat in range(state.n):  # the last four of each written hand come later
            for card in list(table.of("hand", seat)[FIRST_HALF:]):
                table.take("hand", card, seat)
                table.put("later", [card], seat)
        return problems

    # --- trump and royals ---------------------------------------------------------
    def royal_cards(self, state, seat) -> list[int]:
        """The king and queen of the revealed trump in `seat`'s hand."""
        if state.trump is None:
            return []
        pack = self.pack
        return [c for c in state.table.of("hand", seat)
                if pack.suit_of[pack.face_of[c]] == state.trump
                and pack.faces[pack.face_of[c]][0] in "KQ"]

    # --- scoring --------------------------------------------------------------------
    def side_points(self, state) -> list[int]:
        pack = self.pack
        points = [sum(card_points(pack.code(c)) for s in team for c in state.table.of("won", s))
                  for team in self.teams]
        if self.options["last_trick"] and state.tricks:
            points[self.team_of[state.tricks[-1][1]]] += 1
        return points

    def contract(self, state) -> int:
        royals = state.vars.get("royals")
        by_bidders = None if royals is None else \
            self.team_of[royals] == self.team_of[state.vars["declarer"]]
        return adjusted_contract(state.vars["contract"], by_bidders)

    def side_scores(self, bidder: int, contract: int, points: list[int]) -> list[int]:
        side = self.team_of[bidder]
        result = 1 if points[side] >= contract else -1
        return [result if unit == side else 0 for unit in range(len(self.teams))]

    def score_hand(self, state):
        return self.side_scores(state.vars["declarer"], self.contract(state),
                            self.side_points(state))

    def summary(self, state):
        bidder, contract, points = state.vars["declarer"], self.contract(state), \
            self.side_points(state)
        return {
            "bidder": bidder,
            "bid": state.vars["contract"],
            "trump": SUITS[state.vars["hidden_trump"]],
            "revealed": state.vars.get("revealed") or 0,
            "royals": state.vars.get("royals"),
            "contract": contract,
            "points": points,
            "game_point": self.side_scores(bidder, contract, points)[self.team_of[bidder]],
        }

    def score_summary(self, state, summary):
        from games.twenty_nine.sheet import read_sheet

        return read_sheet(self, summary)
