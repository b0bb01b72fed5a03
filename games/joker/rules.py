"""Georgian Joker on the rules engine.

Rules (the Cats at Cards page on Bluke, which ends with Georgian Joker, with the product
decisions where the text is silent or miscounts; our own decisions are in
docs/rules/joker.md):

* Four players, each for themselves. A pack of 36: hearts and diamonds ace to six,
  spades and clubs ace to seven (``6S`` and ``6C`` are left out), and two jokers
  that are alike (``JK``). Ace is high, six low.
* 24 hands in four sets: 1, 2, … 8 cards each (set 1); 9, 9, 9, 9 (set 2);
  8, 7, … 1 (set 3); 9, 9, 9, 9 (set 4). The deal passes to the left.
* Trump: on the short hands the card after the deal is turned (``deal.turned``)
  and its suit is trump. On 9-card hands the whole pack is dealt: the dealer's last
  card is dealt face up, sets trump and stays in the dealer's hand (the record
  names it as ``deal.turned`` all the same). A joker turned, on any hand: no trump.
* Bidding: one bid each from the dealer's left, 0 to the cards dealt (``bid:0`` …);
  the dealer may not bid so that the bids add up to the cards dealt
  (``dealer-hook``). The dealer's left leads the first trick; a trick's winner
  leads the next.
* Following: a card of the led suit if held, or a joker; void in it, a trump or a
  joker if a trump is held; otherwise any card. A joker may always be played.
* A joker is played with a declaration. Not leading: ``JK:high`` wins the trick
  unless a later joker is also played high (the later wins); ``JK:low`` never wins.
  Leading it names a suit too: ``JK:high:S`` asks for the highest spade from each
  player who holds spades (any spade when spades are trump), and wins unless a
  later joker is played high or, the named suit not being trump, someone trumps
  (the highest trump wins). ``JK:low:S`` asks for any spade and loses unless nobody
  plays a spade, nobody trumps and no other joker is played high; when it loses the
  trick goes to a later high joker, else the highest trump, else the highest spade.
* Scoring per hand: an exact bid scores 50 + 50 per trick; a bid of every card dealt
  made scores 100 + 100 per trick; any other result scores 10 per trick won (option
  ``khishti``: a seat that bid at least one trick and took none loses that many
  points instead; 0, the rule text's game, by default).
* Set bonus: a player who made every bid of a set exactly adds, on the set's last
  hand, their best single-hand score of that set (bonuses not counted).
* After 24 hands the highest total wins; equal totals share the place.
"""

from __future__ import annotations

from games.engine import (
    HIGHER_WINS,
    JOKER,
    BidRound,
    EngineGame,
    FixedSchedule,
    FollowRule,
    Option,
    Pack,
    RuleViolation,
    TrickPlay,
    Vocabulary,
)
from games.engine.text import N_, Card, Text

SETS = ((1, 2, 3, 4, 5, 6, 7, 8), (9, 9, 9, 9), (8, 7, 6, 5, 4, 3, 2, 1), (9, 9, 9, 9))
SCHEDULE = tuple(cards for one_set in SETS for cards in one_set)
JOKER_CODE = "JK"
HIGH, LOW = "high", "low"


def set_bounds(hand_index: int) -> tuple[int, int]:
    """First and last hand index (0-based) of the set holding `hand_index`."""
    start = 0
    for one_set in SETS:
        if hand_index < start + len(one_set):
            return start, start + len(one_set) - 1
        start += len(one_set)
    raise IndexError(Text(N_("hand %(hand)s is beyond the %(hands)s hands"),
                          hand=hand_index + 1, hands=len(SCHEDULE)))


def hand_points(cards: int, bid: int, won: int, khishti: int = 0) -> int:
    """One seat's score for one hand, before any set bonus."""
    if bid == won:
        return 100 + 100 * won if bid == cards else 50 + 50 * won
    if khishti and bid > 0 and won == 0:
        return -khishti
    return 10 * won


class JokerFollow(FollowRule):
    """Follow the led (or named) suit, or play a joker; void: a trump or a joker when
    a trump is held; otherwise anything. Under a joker led high for a suit that is
    not trump, only the highest card of that suit follows."""

    def _parts(self, state, seat, hand):
        suit = state.game.card_suit
        follow = [c for c in hand if suit(state, c, seat) == state.led]
        trumps = [c for c in hand
                  if state.trump is not None and suit(state, c, seat) == state.trump]
        jokers = [c for c in hand if state.game.is_joker(c)]
        return follow, trumps, jokers

    def allowed(self, state, seat, hand):
        if not state.trick:
            return list(hand)
        follow, trumps, jokers = self._parts(state, seat, hand)
        if follow:
            if highest_asked(state):
                follow = [max(follow, key=lambda c: state.game.card_power(state, c))]
            return follow + jokers
        return trumps + jokers if trumps else list(hand)

    def violation(self, state, seat, card):
        follow, trumps, _ = self._parts(state, seat, state.table.of("hand", seat))
        game = state.game
        suit = game.pack.suits[state.led]
        if follow and highest_asked(state) and card in follow:
            top = max(follow, key=lambda c: game.card_power(state, c))
            return RuleViolation("highest-card", Text(N_("a joker led high asks for the "
                                                         "highest %(suit)s held: %(card)s"),
                                                      suit=Card(suit),
                                                      card=Card(game.pack.code(top))))
        if follow:
            return RuleViolation("revoke", Text(N_("must follow the led suit (%(suit)s) "
                                                   "while holding it, or play a joker"),
                                                suit=Card(suit)))
        return RuleViolation("must-trump", Text(N_("void in the led suit: must play a trump "
                                                   "(%(trump)s) or a joker"),
                                                trump=Card(state.game.pack.suits[state.trump])))


def highest_asked(state) -> bool:
    """A joker led high asks for the highest card of a suit that is not trump."""
    calls = state.vars.get("calls") or ()
    return bool(calls) and calls[0] == HIGH and state.led != state.trump


def joker_winner(state) -> int:
    """Index of the winning play (the rules in the module docstring)."""
    calls, trick, game = state.vars["calls"], state.trick, state.game
    later_high = [i for i in range(1, len(trick)) if calls[i] == HIGH]
    if later_high:
        return later_high[-1]

    def best(suit):
        if suit is None:
            return None
        plays = [(game.card_power(state, c), -i) for i, (s, c) in enumerate(trick)
                 if calls[i] is None and game.card_suit(state, c, s) == suit]
        return -max(plays)[1] if plays else None

    trump_best, led_best = best(state.trump), best(state.led)
    if calls[0] == HIGH:
        return trump_best if trump_best is not None and state.led != state.trump else 0
    for index in (trump_best, led_best):
        if index is not None:
            return index
    return 0  # a joker led low that nobody followed or trumped


class JokerTrickPlay(TrickPlay):
    """Trick play whose joker actions carry a declaration (``JK:high``, ``JK:low:H``);
    the declarations of the trick in progress are ``state.vars["calls"]``."""

    def __init__(self):
        super().__init__(follow=JokerFollow(), winner=joker_winner)

    def play_actions(self, state, seat, cards):
        game = state.game
        plays = game.vocab.families["play"]
        actions = sorted({plays.start + game.pack.face_of[c] for c in cards
                          if not game.is_joker(c)})
        if any(game.is_joker(c) for c in cards):
            words = game.led_calls if not state.trick else game.follow_calls
            actions += [game.vocab.parse(f"{JOKER_CODE}:{w}") for w in words]
        return actions

    def card_of(self, state, seat, action):
        game = state.game
        if action in game.vocab.families[JOKER_CODE] or action == game.plain_joker:
            return next((c for c in state.table.of("hand", seat) if game.is_joker(c)), None)
        return super().card_of(state, seat, action)

    def check(self, state, action):
        game = state.game
        if action == game.plain_joker and self.card_of(state, state.to_move, action) is not None:
            return RuleViolation("joker-declaration", Text(N_(
                "a joker is played high or low (JK:high, JK:low; leading, with a suit: "
                "JK:high:S)")))
        if action in game.vocab.families[JOKER_CODE] \
                and self.card_of(state, state.to_move, action) is None:
            return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the hand"),
                                                          card=Card(JOKER_CODE)))
        if action in game.vocab.families[JOKER_CODE]:
            named = game.vocab.text(action).count(":") == 2
            if named and state.trick:
                return RuleViolation("joker-declaration", Text(N_(
                    "only a joker that leads names a suit (JK:high or JK:low)")))
            if not named and not state.trick:
                return RuleViolation("joker-declaration", Text(N_(
                    "a joker that leads names the suit to play (JK:high:S, JK:low:H, …)")))
        return super().check(state, action)

    def apply(self, state, action):
        if not state.trick:
            state.vars["calls"] = []
        text = state.game.vocab.text(action)
        state.vars["calls"].append(text.split(":")[1].lower()
                                   if action in state.game.vocab.families[JOKER_CODE] else None)
        super().apply(state, action)


class GeorgianJoker(EngineGame):
    name = "joker"
    title = "Georgian Joker"
    min_players = max_players = 4
    pack = Pack(ranks="6789TJQKA", jokers=(JOKER_CODE, JOKER_CODE), leave_out=("6S", "6C"))
    ranking = HIGHER_WINS
    OPTIONS = (Option("khishti", "int", 0, "points lost by a seat that bid a trick or "
                      "more and took none (0: such a seat scores 0, as the rule text says)",
                      minimum=0, maximum=1000),)
    SUMMARY_SCHEMA = {
        "bids": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9},
                 "minItems": 4, "maxItems": 4, "title": "Bid", "x-per": "seat",
                 "description": "the tricks each player bid to take"},
        "tricks": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9},
                   "minItems": 4, "maxItems": 4, "title": "Tricks", "x-per": "seat",
                   "description": "the tricks each player took"},
    }
    led_calls = tuple(f"{w}:{s}" for w in (HIGH, LOW) for s in "SHDC")
    follow_calls = (HIGH, LOW)

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.numbers("bid", 0, max(SCHEDULE))
        vocab.alias("pass", vocab.numbered(0))  # the text: a bid of none may be said "pass"
        vocab.cards(self.pack)
        vocab.family(JOKER_CODE, self.follow_calls + self.led_calls)
        self.plain_joker = vocab.families["play"].start + self.pack.parse(JOKER_CODE)
        return vocab

    def build_phases(self):
        return [BidRound(), JokerTrickPlay()]

    def build_ending(self):
        return FixedSchedule(SCHEDULE)

    def is_joker(self, card: int) -> bool:
        return self.pack.suit_of[self.pack.face_of[card]] == JOKER

    # --- the deal and trump ------------------------------------------------
    def led_suit(self, state, card, action):
        if action in self.vocab.families[JOKER_CODE]:
            named = self.vocab.text(action).split(":")
            return self.pack.suit_index(named[2]) if len(named) == 3 else None
        return super().led_suit(state, card, action)

    def full_deal(self, state) -> bool:
        return state.cards * state.n >= self.pack.size

    def deal(self, state, rng):
        super().deal(state, rng)
        if self.full_deal(state):  # nothing left to turn: the dealer's last card is
            self._face_up(state, state.table.of("hand", state.dealer)[-1])

    def _face_up(self, state, card):
        state.vars["faceup"] = card
        state.table.show(card)

    def after_deal(self, state):
        card = state.vars.get("faceup")
        if card is None:
            return super().after_deal(state)
        suit = self.pack.suit_of[self.pack.face_of[card]]
        state.trump = None if suit == JOKER else suit

    def written_deal(self, state):
        deal = super().written_deal(state)
        if state.vars.get("faceup") is not None:
            deal["turned"] = self.pack.code(state.vars["faceup"])
        return deal

    def deal_needs(self, state):
        return ("turned",)

    def place_written_deal(self, state, written):
        if not isinstance(written, dict):
            return super().place_written_deal(state, written)
        if ("hands" in written or "turned" in written) and written.get("turned") is None:
            # every hand has a turned (or face-up) card: without it trump is unknown
            return [{"seat": None, "field": "deal.turned", "code": "missing-field",
                     "message": Text(N_("the deal must name the turned card that sets "
                                        "trump"))}]
        if not self.full_deal(state):
            return super().place_written_deal(state, written)
        rest = {k: v for k, v in written.items() if k != "turned"}
        problems = super().place_written_deal(state, rest)
        turned = written.get("turned")
        if problems or turned is None:
            return problems
        face = self.pack.parse(turned)
        held = [c for c in state.table.of("hand", state.dealer) if self.pack.face_of[c] == face]
        if not held:
            return [{"seat": state.dealer, "field": "deal.turned", "code": "turned-not-dealt",
                     "message": Text(N_("on a 9-card hand the turned card is the dealer's "
                                        "last card: %(card)s is not in the dealer's hand"),
                                     card=Card(turned, quoted=True))}]
        self._face_up(state, held[0])
        return []

    # --- bidding ------------------------------------------------------------
    def bid_forbidden(self, state, seat, bid):
        if seat == state.dealer and sum(state.bids[s] for s in state.bid_order) + bid \
                == state.cards:
            return RuleViolation("dealer-hook", Text(N_("the dealer may not bid %(bid)s: the "
                                                        "bids would add up to the %(cards)s "
                                                        "cards dealt"),
                                                     bid=bid, cards=state.cards))
        return None

    # --- scoring ------------------------------------------------------------
    def score_hand(self, state):
        return self._scores(state, list(state.bids), list(state.tricks_won))

    def _scores(self, state, bids, tricks):
        khishti = self.options["khishti"]
        base = [hand_points(state.cards, b, t, khishti) for b, t in zip(bids, tricks, strict=True)]
        start, last = set_bounds(state.hand_index)
        if state.hand_index != last:
            return base
        earlier = state.hand_log[len(state.hand_log) - (last - start):] if last > start else []
        bonus = [0] * state.n
        for seat in range(state.n):
            lines = [(e["cards"], e["summary"]["bids"][seat], e["summary"]["tricks"][seat])
                     for e in earlier] + [(state.cards, bids[seat], tricks[seat])]
            if all(b == t for _, b, t in lines):
                bonus[seat] = max(hand_points(c, b, t, khishti) for c, b, t in lines)
        return [p + b for p, b in zip(base, bonus, strict=True)]

    def score_summary(self, state, summary):
        problems = []
        for field in ("bids", "tricks"):
            values = summary.get(field)
            if not isinstance(values, list) or len(values) != state.n:
                problems.append({"seat": None, "field": f"summary.{field}", "code": "bad-shape",
                                 "message": Text(N_("%(field)s must list one number per "
                                                    "seat"), field=field)})
                continue
            for seat, value in enumerate(values):
                if type(value) is not int or not 0 <= value <= state.cards:
                    problems.append({"seat": seat, "field": f"summary.{field}",
                                     "code": f"{field[:-1]}-range",
                                     "message": Text(
                                         N_("seat %(seat)s's bid %(value)s is not a number "
                                            "from 0 to %(cards)s") if field == "bids" else
                                         N_("seat %(seat)s's trick %(value)s is not a number "
                                            "from 0 to %(cards)s"),
                                         seat=seat + 1, value=repr(value), cards=state.cards)})
        if problems:
            return None, problems
        bids, tricks = summary["bids"], summary["tricks"]
        if sum(bids) == state.cards:
            problems.append({"seat": state.dealer, "field": "summary.bids",
                             "code": "dealer-hook",
                             "message": Text(N_("the bids add up to the %(cards)s cards "
                                                "dealt; the dealer may not bid so"),
                                             cards=state.cards)})
        if sum(tricks) != state.cards:
            problems.append({"seat": None, "field": "summary.tricks", "code": "tricks-sum",
                             "message": Text(N_("tricks add up to %(total)s, not %(cards)s"),
                                             total=sum(tricks), cards=state.cards)})
        return self._scores(state, bids, tricks), problems
