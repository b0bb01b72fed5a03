"""Minnesota Whist on the rules engine.

Rules (the Denexa Games article "Minnesota Whist", with the product decisions where the
text is silent; our own decisions are in docs/rules/minnesota-whist.md):

* Four players in two fixed partnerships, partners opposite (seats 0 and 2 against
  1 and 3). A standard 52-card pack, ace high; never a trump. All thirteen cards are
  dealt, one at a time from the dealer's left.
* Bidding: each player, in turn from the dealer's left, picks a bid card from the
  hand face down (``bid:2C``; other seats see ``?``): black asks for a high hand, red
  for a low one. Then the bid cards are shown from the dealer's left until the first
  black one: that player grands and the hand is high. Shown bid cards are public (a
  revealed ``bid:`` event is shown to everyone, and the card is shown in its owner's
  hand until played); the cards after the grander's stay hidden. All four red: the
  hand is low. Every bid card stays in its owner's hand.
* High: the player to the right of the grander leads the first trick; low: the
  dealer's left. Follow suit if able, else any card; the highest card of the led suit
  wins and its player leads the next trick.
* Score per hand, per side: high, the side with more tricks scores one point per
  trick over six; low, the side with more tricks loses one point per trick over six.
  The first side to 13 points or more wins (option ``target``).
"""

from __future__ import annotations

from games.engine import (
    FOLLOW_SUIT,
    HAND,
    HIGHER_WINS,
    STOCK,
    TRICK,
    WON,
    EngineGame,
    Option,
    Phase,
    RuleViolation,
    TargetScore,
    TrickPlay,
    Vocabulary,
)
from games.engine.text import N_, Card, Text
from games.shared.wording import seat_choices, side_name

SIDES = ((0, 2), (1, 3))  # partners across

CARDS = 13
BOOK = 6  # tricks over six count
BLACK = ("S", "C")
HIGH, LOW = "high", "low"


def is_black(code: str) -> bool:
    return code[-1] in BLACK


def side_points(high: bool, tricks: list[int]) -> list[int]:
    """Points of each side for one hand, from the tricks per side."""
    points = [0, 0]
    for side, won in enumerate(tricks):
        if won > BOOK:
            points[side] = (won - BOOK) * (1 if high else -1)
    return points


def reveal(bid_cards: list[str], dealer: int) -> int | None:
    """The grander: the first black bid card from the dealer's left (None: all red)."""
    n = len(bid_cards)
    for step in range(1, n + 1):
        seat = (dealer + step) % n
        if is_black(bid_cards[seat]):
            return seat
    return None


class BidCards(Phase):
    """Each player picks a bid card face down, from the dealer's left; then they are
    shown in the same order up to the first black one."""

    name = "bid"

    def begin(self, state):
        state.to_move = (state.dealer + 1) % state.n
        state.vars.update(picked=[None] * state.n, grander=None, high=False, shown_seats=[])

    def _card(self, state, seat, action):
        game = state.game
        face = action - game.vocab.families["bid"].start
        return next((c for c in state.table.of("hand", seat)
                     if game.pack.face_of[c] == face), None)

    def legal(self, state):
        game = state.game
        start = game.vocab.families["bid"].start
        faces = {game.pack.face_of[c] for c in state.table.of("hand", state.to_move)}
        return [start + face for face in sorted(faces)]

    def check(self, state, action):
        game = state.game
        if action not in game.vocab.families["bid"]:
            return RuleViolation("bid-card-expected", Text(N_("each player first picks a bid card "
                                 "from the hand (bid:2C for high, bid:2H for low)")))
        if self._card(state, state.to_move, action) is None:
            face = action - game.vocab.families["bid"].start
            return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the hand"), card=Card(game.pack.faces[face])))
        return None

    def apply(self, state, action):
        seat = state.to_move
        card = self._card(state, seat, action)
        if card is None:  # an unchecked replay whose deal is not known yet
            face = action - state.game.vocab.families["bid"].start
            card = state.game.pack.ids_of[face][0]
        state.vars["picked"][seat] = card
        state.to_move = (seat + 1) % state.n
        if all(c is not None for c in state.vars["picked"]):
            self._show(state)

    def _show(self, state):
        pack, picked = state.game.pack, state.vars["picked"]
        codes = [pack.code(c) for c in picked]
        grander = reveal(codes, state.dealer)
        for step in range(1, state.n + 1):
            seat = (state.dealer + step) % state.n
            state.table.show(picked[seat])
            state.bids[seat] = codes[seat]
            state.vars["shown_seats"].append(seat)
            if seat == grander:
                break
        state.vars["grander"], state.vars["high"] = grander, grander is not None

    def done(self, state):
        return all(c is not None for c in state.vars["picked"])


class MinnesotaWhist(EngineGame):
    name = "minnesota-whist"
    title = "Minnesota Whist"
    min_players = max_players = 4
    partnership = True
    areas = (HAND, WON, TRICK, STOCK)  # (the stock stays empty: all 52 are dealt)
    turns_trump = False
    ranking = HIGHER_WINS
    secret_families = ("bid",)
    OPTIONS = (Option("target", "int", 13, "points a side needs to win the match",
                      minimum=1, maximum=100),)
    SUMMARY_SCHEMA = {
        "bid": {"title": "High or low", "x-per": "hand", "enum": [HIGH, LOW],
                "description": "high when someone granded (showed a black bid card)"},
        "grander": {"title": "Granded", "x-per": "hand", "type": ["integer", "null"],
                    "minimum": 0, "maximum": 3, "x-names": "seat",
                    "description": "the player who showed the first black bid card; none "
                                   "on a low hand"},
        "tricks": {"title": "Tricks", "x-per": "side", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 13},
                   "minItems": 2, "maxItems": 2,
                   "description": "the tricks each side took"},
    }

    def build_teams(self):
        return [list(side) for side in SIDES]

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.family("bid", self.pack.faces)
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        return [BidCards(), TrickPlay(follow=FOLLOW_SUIT)]

    def build_ending(self):
        return TargetScore(self.options["target"], cards=CARDS, limit=500)

    def event_revealed(self, state, index):
        """A bid card shown in the reveal is public; the ones after the grander's
        are not."""
        return index < state.n and state.event_seats[index] in state.vars.get(
            "shown_seats", ())

    def first_leader(self, state):
        grander = state.vars["grander"]
        if grander is None:
            return (state.dealer + 1) % state.n
        return (grander - 1) % state.n  # the grander's right

    # --- scoring ---------------------------------------------------------------------
    def side_tricks(self, state) -> list[int]:
        return [sum(state.tricks_won[s] for s in team) for team in self.teams]

    def score_hand(self, state):
        return side_points(state.vars["high"], self.side_tricks(state))

    def summary(self, state):
        return {"bid": HIGH if state.vars["high"] else LOW,
                "grander": state.vars["grander"], "tricks": self.side_tricks(state)}

    def score_summary(self, state, summary):
        problems = sheet_problems(state.n, summary)
        if any(p["code"] not in ("grander-mismatch", "tricks-sum") for p in problems):
            return None, problems
        return side_points(summary["bid"] == HIGH, summary["tricks"]), problems


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}


def sheet_problems(n: int, summary) -> list[dict]:
    """What is wrong with a scoresheet line (an empty list: nothing)."""
    problems = []
    bid, grander, tricks = summary.get("bid"), summary.get("grander"), summary.get("tricks")
    if bid not in (HIGH, LOW):
        problems.append(_problem(None, "bid", "bad-bid", Text(N_("bid must be %(high)s or %(low)s, not %(bid)s"), high=repr(HIGH), low=repr(LOW), bid=repr(bid))))
    if grander is not None and (type(grander) is not int or not 0 <= grander < n):
        problems.append(_problem(None, "grander", "grander-range", Text(N_("the grander must be a seat, written %(choices)s; not %(grander)s"), choices=seat_choices(n, or_null=True), grander=repr(grander))))
    elif bid == HIGH and grander is None:
        problems.append(_problem(None, "grander", "grander-mismatch",
                                 Text(N_("a high hand names the seat that granded"))))
    elif bid == LOW and grander is not None:
        problems.append(_problem(grander, "grander", "grander-mismatch",
                                 Text(N_("nobody grands on a low hand"))))
    if not isinstance(tricks, list) or len(tricks) != 2:
        problems.append(_problem(None, "tricks", "bad-shape",
                                 Text(N_("tricks must list two numbers, one per side"))))
        return problems
    for side, won in enumerate(tricks):
        if type(won) is not int or not 0 <= won <= CARDS:
            problems.append(_problem(side, "tricks", "trick-range", Text(N_("the tricks of %(side)s, %(won)s, are not a number from 0 to %(cards)s"), side=side_name(SIDES[side]), won=repr(won), cards=CARDS)))
    numbers = all(type(won) is int for won in tricks)
    if numbers and all(0 <= won <= CARDS for won in tricks) and sum(tricks) != CARDS:
        problems.append(_problem(None, "tricks", "tricks-sum",
                                 Text(N_("tricks add up to %(total)s, not %(cards)s"), total=sum(tricks), cards=CARDS)))
    return problems
