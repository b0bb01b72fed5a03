"""Mighty on the rules engine.

Rules (the Mighty section of rule text ``004_…``, with ../shared/rules/decisions.md
where the text is silent or miscounts; our own decisions are in docs/rules/mighty.md):

* Five players, each for themselves; partnerships are secret and last one hand.
  53 cards: the usual 52, ace high, and one joker (``JK``). Ten cards each and a
  widow of three, face down.
* Auction: the dealer bids first on the first hand, the last declarer on every later
  hand. A bid is 13 to 20 points with a suit or no trump (``bid:15H``,
  ``bid:16NT``); a bid must be a higher number, or the same number in no trump over
  a suit. A pass is final. The last bidder left is the declarer; if everyone
  passes, the same dealer deals again.
* The declarer takes the widow and discards three cards face down (``discard:7C``;
  the others see ``?``). Point cards there count for the declarer's side.
* The declarer then names trump (``trump:S`` … ``trump:NT``). Keeping the bid's
  suit costs nothing; another suit, or a suit after no trump, raises the contract by
  2; no trump after a suit by 1; the contract never passes 20.
* The declarer calls a partner by a card (``call:AS``, ``call:JK``) or plays alone
  (``call:none``). Whoever holds that card is the partner and stays secret until it
  is played. A card in the declarer's own hand or discards means playing alone.
* Special cards: the mighty is the ace of spades (the ace of diamonds when spades
  are trump) and always takes the trick; the joker is next and takes the trick
  unless the mighty is played; the ripper is the three of clubs (the three of spades
  when clubs are trump): when it leads, a player holding the joker must play it and
  the joker then has no power. On the last trick the joker has no power either.
* Play: the declarer leads; the winner of a trick leads the next. Follow the led
  suit if able, else any card; the mighty and the joker may always be played.
  Neither may lead the first trick. A joker that leads names the suit to follow
  (``JK:S``); one that follows is ``JK``. A trick goes to the mighty, else a joker
  with power, else the highest trump, else the highest card of the led suit (a
  powerless joker that led takes it only when none of these was played).
* Points: A K Q J 10 are worth one each, 20 in all. The declarer's side has 20 minus
  what the defenders took. With u = contract - 12: made, the declarer scores 2u,
  the partner u and each defender -u; missed, the reverse. Alone, the declarer
  scores 4u (or -4u) against four defenders. Twenty points to the declarer's side
  (a run) or eleven or more to the defenders (a back run) doubles every score of
  the hand (option ``runs``). The five scores of a hand add up to zero.
* The deal then passes to the partner (to the declarer when alone). A match is a
  set number of hands (option ``hands``); the highest total wins.
"""

from __future__ import annotations

from games.engine import (
    ALL,
    DISCARDS,
    HAND,
    JOKER,
    NOBODY,
    TRICK,
    Area,
    EngineGame,
    Exchange,
    FollowRule,
    Option,
    Pack,
    Phase,
    RuleViolation,
    SetNumberOfHands,
    State,
    TrickPlay,
    Vocabulary,
)
from games.engine.tricks import WILD
from games.rules.rng import shuffle

JOKER_CODE = "JK"
NO_TRUMP = "NT"
TRUMPS = ("S", "H", "D", "C", NO_TRUMP)
LOWEST_BID, HIGHEST_BID = 13, 20
POINT_RANKS = "AKQJT"
WIDOW_SIZE, TRICKS = 3, 10
WIDOW = Area("widow", NOBODY)
WON_OPEN = Area("won", ALL, per_seat=True)  # every trick is seen by all


def bid_rank(number: int, trump: str) -> int:
    """Order of bids: a higher number, or the same number in no trump over a suit."""
    return 2 * number + (trump == NO_TRUMP)


def raised_contract(contract: int, bid_trump: str, trump: str) -> int:
    """The contract after the declarer names trump (capped at 20)."""
    if trump == bid_trump:
        return contract
    cost = 1 if trump == NO_TRUMP else 2
    return min(HIGHEST_BID, contract + cost)


def hand_scores(n: int, declarer: int, partner: int | None, contract: int,
                side_points: int, runs: bool = True) -> list[int]:
    """Each seat's score for a hand; the scores add up to zero."""
    unit = contract - 12
    if side_points < contract:
        unit = -unit
    if runs and (side_points == 20 or side_points <= 9):
        unit *= 2
    scores = [-unit] * n
    if partner is None:
        scores[declarer] = 4 * unit
    else:
        scores[declarer], scores[partner] = 2 * unit, unit
    return scores


def run_word(side_points: int) -> str:
    return "run" if side_points == 20 else "back-run" if side_points <= 9 else "none"


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": field, "code": code, "message": message}


# --- the phases ----------------------------------------------------------------
class MightyAuction(Phase):
    """Rising bids of points and trump; a pass is final (see the module docstring)."""

    name = "auction"

    def begin(self, state):
        state.to_move = state.vars["opener"] = state.game.first_bidder(state)
        state.vars.update(passed=set(), contract=None, declarer=None, bid_trump=None)

    def legal(self, state):
        vocab = state.game.vocab
        best = self.best(state)
        return [vocab.parse("pass")] + [a for a in vocab.families["bid"]
                                        if bid_rank(*state.game.bid_of(a)) > best]

    @staticmethod
    def best(state) -> int:
        contract = state.vars["contract"]
        return -1 if contract is None else bid_rank(contract, state.vars["bid_trump"])

    def check(self, state, action):
        game = state.game
        if action != game.vocab.parse("pass") and action not in game.vocab.families["bid"]:
            return RuleViolation("bid-expected", "the auction is on: bid (bid:13S … "
                                 "bid:20NT) or pass")
        if action in self.legal(state):
            return None
        number, trump = state.vars["contract"], state.vars["bid_trump"]
        return RuleViolation("bid-not-higher", f"a bid must beat {number}{trump}: a "
                             "higher number, or the same number in no trump")

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        state.bid_order.append(seat)
        if action == game.vocab.parse("pass"):
            state.vars["passed"].add(seat)
        else:
            number, trump = game.bid_of(action)
            state.vars.update(contract=number, bid_trump=trump, declarer=seat)
            state.bids[seat] = f"{number}{trump}"
        if self.done(state):
            if state.vars["declarer"] is None:
                state.throw_in()
            return
        nxt = (seat + 1) % state.n
        while nxt in state.vars["passed"]:
            nxt = (nxt + 1) % state.n
        state.to_move = nxt

    def done(self, state):
        passed = state.vars["passed"]
        return len(passed) == state.n or (state.vars["declarer"] is not None
                                          and len(passed) == state.n - 1)


class WidowExchange(Exchange):
    """The declarer takes the widow into hand, then discards three face down."""

    def __init__(self):
        super().__init__(lambda state: state.vars["declarer"], lambda state: WIDOW_SIZE)

    def begin(self, state):
        widow = list(state.table.of("widow"))
        for card in widow:
            state.table.take("widow", card)
        state.table.put("hand", widow, state.vars["declarer"])
        super().begin(state)

    def check(self, state, action):
        game = state.game
        if action not in game.vocab.families["discard"]:
            return RuleViolation("discard-expected", "the declarer discards three cards "
                                 "(discard:7C …)")
        if action in self.legal(state):
            return None
        return RuleViolation("card-not-in-hand", f"{game.vocab.text(action)[8:]} is not "
                             "in the declarer's hand")


class Announce(Phase):
    """One announcement by the declarer from a family of actions (trump, call)."""

    def __init__(self, name: str, effect):
        self.name, self.effect = name, effect

    def begin(self, state):
        state.to_move = state.vars["declarer"]
        state.vars[f"{self.name}-done"] = False

    def legal(self, state):
        return list(state.game.vocab.families[self.name])

    def check(self, state, action):
        if action in state.game.vocab.families[self.name]:
            return None
        words = "trump:S … trump:NT" if self.name == "trump" else "call:AS … call:none"
        return RuleViolation(f"{self.name}-expected", f"the declarer now announces {words}")

    def apply(self, state, action):
        self.effect(state, state.game.vocab.text(action).split(":")[1])
        state.vars[f"{self.name}-done"] = True

    def done(self, state):
        return state.vars[f"{self.name}-done"]


def name_trump(state, trump: str) -> None:
    game = state.game
    state.vars["contract_bid"] = state.vars["contract"]
    state.vars["contract"] = raised_contract(state.vars["contract"], state.vars["bid_trump"],
                                             trump)
    state.vars["trump_named"] = trump
    state.trump = None if trump == NO_TRUMP else game.pack.suit_index(trump)


def call_partner(state, card: str) -> None:
    state.vars["called"] = None if card == "none" else state.game.pack.parse(card)


class MightyFollow(FollowRule):
    """Who may play what (see the module docstring); `problem` names the breach."""

    def allowed(self, state, seat, hand):
        game = state.game
        if not state.trick:
            if state.tricks:
                return list(hand)
            special = (game.mighty(state), game.joker_face)
            return [c for c in hand if game.pack.face_of[c] not in special]
        face_of, suit_of = game.pack.face_of, game.pack.suit_of
        jokers = [c for c in hand if face_of[c] == game.joker_face]
        if jokers and face_of[state.trick[0][1]] == game.ripper(state):
            return jokers
        follow = [c for c in hand if suit_of[face_of[c]] == state.led]
        if not follow:
            return list(hand)
        mighty = game.mighty(state)
        return [c for c in hand if c in follow or face_of[c] in (mighty, game.joker_face)]

    def violation(self, state, seat, card):
        game = state.game
        if not state.trick:
            return RuleViolation("first-lead", "neither the mighty nor the joker may lead "
                                 "the first trick")
        if game.pack.face_of[state.trick[0][1]] == game.ripper(state):
            return RuleViolation("ripper-joker", "the ripper led: the joker must be played")
        return RuleViolation("revoke", "must follow the led suit "
                             f"({game.pack.suits[state.led]}) while holding it")


def mighty_winner(state) -> int:
    """Index of the winning play in ``state.trick`` (the order in the docstring)."""
    game, pack = state.game, state.game.pack
    faces = [pack.face_of[c] for _, c in state.trick]
    mighty = game.mighty(state)
    if mighty in faces:
        return faces.index(mighty)
    if game.joker_face in faces and game.joker_has_power(state, faces[0]):
        return faces.index(game.joker_face)
    for suit in (state.trump, state.led):
        if suit is None:
            continue
        plays = [(pack.power[f], i) for i, f in enumerate(faces)
                 if f != game.joker_face and pack.suit_of[f] == suit]
        if plays:
            return max(plays)[1]
    return 0  # a powerless joker led, and nobody followed or trumped


class MightyTrickPlay(TrickPlay):
    """Trick play where a joker that leads names a suit (``JK:S``)."""

    def __init__(self):
        super().__init__(follow=MightyFollow(), winner=mighty_winner)

    def play_actions(self, state, seat, cards):
        game = state.game
        actions = super().play_actions(state, seat, cards)
        if not state.trick and game.joker_action in actions:
            actions.remove(game.joker_action)
            actions += list(game.vocab.families[JOKER_CODE])
        return actions

    def card_of(self, state, seat, action):
        game = state.game
        if action in game.vocab.families[JOKER_CODE]:
            action = game.joker_action
        return super().card_of(state, seat, action)

    def apply(self, state, action):
        seat, game = state.to_move, state.game
        face = game.joker_face if action in game.vocab.families[JOKER_CODE] else \
            action - game.vocab.families["play"].start
        if face == state.vars["called"] and seat != state.vars["declarer"]:
            state.vars["partner_shown"] = seat  # the called card shows the partner
        super().apply(state, action)

    def check(self, state, action):
        game = state.game
        named = action in game.vocab.families[JOKER_CODE]
        if self.card_of(state, state.to_move, action) is not None:
            if named and state.trick:
                return RuleViolation("joker-suit", "only a joker that leads names a suit "
                                     "(JK)")
            if action == game.joker_action and not state.trick:
                return RuleViolation("joker-suit", "a joker that leads names the suit to "
                                     "follow (JK:S, JK:H, JK:D, JK:C)")
        if named and self.card_of(state, state.to_move, action) is None:
            return RuleViolation("card-not-in-hand", "JK is not in the hand")
        return super().check(state, action)


# --- the game ---------------------------------------------------------------------
class MightyState(State):
    """The engine's State; its observation adds the hand's public facts (who bid
    first, the declarer, the contract, the called card, the partner once shown)."""

    def observation(self, seat):
        view = super().observation(seat)
        view.update(self.game.public_facts(self))
        return view

    def clone(self):
        other = super().clone()
        other.__class__ = type(self)
        return other


class Mighty(EngineGame):
    name = "mighty"
    title = "Mighty"
    min_players = max_players = 5
    pack = Pack(jokers=(JOKER_CODE,))
    areas = (HAND, WON_OPEN, TRICK, WIDOW, DISCARDS)
    turns_trump = False
    secret_families = ("discard",)
    OPTIONS = (
        Option("hands", "int", 10, "hands in a match", minimum=1, maximum=200),
        Option("runs", "bool", True, "a run (all 20 points to the declarer's side) or a "
               "back run (11 or more to the defenders) doubles every score of the hand"),
        Option("joker_first_trick", "bool", True, "the joker has its power on the first "
               "trick (false: a joker played to the first trick never wins it)"),
    )
    SUMMARY_SCHEMA = {
        "declarer": {"title": "Declarer", "x-per": "hand", "type": "integer",
                     "minimum": 0, "maximum": 4,
                     "description": "seat (0-based) that won the auction"},
        "contract": {"title": "Contract", "x-per": "hand", "type": "integer",
                     "minimum": LOWEST_BID, "maximum": HIGHEST_BID,
                     "description": "points to make, after any raise for a trump change"},
        "trump": {"title": "Trump", "x-per": "hand", "enum": list(TRUMPS),
                  "description": "trump named after the exchange (NT: no trump)"},
        "called": {"title": "Called card", "x-per": "hand",
                   "enum": sorted(pack.faces) + ["none"],
                   "description": "the card that named the partner, or none"},
        "partner": {"title": "Partner", "x-per": "hand", "type": ["integer", "null"],
                    "minimum": 0, "maximum": 4,
                    "description": "seat of the partner; null when the declarer played alone"},
        "points": {"title": "Declarer side's points", "x-per": "hand", "type": "integer",
                   "minimum": 0, "maximum": 20,
                   "description": "20 minus the point cards the defenders took"},
        "run": {"title": "Run", "x-per": "hand", "enum": ["none", "run", "back-run"],
                "description": "run: all 20 points to the declarer's side; back-run: 11 "
                               "or more to the defenders"},
    }

    def build_vocabulary(self):
        vocab = Vocabulary()
        vocab.word("pass")
        vocab.family("bid", [f"{n}{t}" for n in range(LOWEST_BID, HIGHEST_BID + 1)
                             for t in TRUMPS])
        vocab.family("discard", self.pack.faces)
        vocab.family("trump", TRUMPS)
        vocab.family("call", self.pack.faces + ("none",))
        vocab.cards(self.pack)
        vocab.family(JOKER_CODE, "SHDC")
        self.joker_face = self.pack.parse(JOKER_CODE)
        self.joker_action = vocab.families["play"].start + self.joker_face
        self.special_faces = tuple(self.pack.parse(c) for c in ("AD", "AS", "3S", "3C"))
        return vocab

    def build_phases(self):
        return [MightyAuction(), WidowExchange(), Announce("trump", name_trump),
                Announce("call", call_partner), MightyTrickPlay()]

    def build_ending(self):
        return SetNumberOfHands(self.options["hands"], cards=TRICKS)

    def new_match(self, seed=None, first_dealer: int = 0, auto_deal: bool = True):
        return MightyState(self, seed=seed, first_dealer=first_dealer, auto_deal=auto_deal)

    def bid_of(self, action: int) -> tuple[int, str]:
        index = action - self.vocab.families["bid"].start
        return LOWEST_BID + index // len(TRUMPS), TRUMPS[index % len(TRUMPS)]

    # --- special cards ---------------------------------------------------------
    def mighty(self, state) -> int:
        return self.special_faces[0] if state.trump == 0 else self.special_faces[1]

    def ripper(self, state) -> int:
        return self.special_faces[2] if state.trump == 3 else self.special_faces[3]

    def joker_has_power(self, state, lead_face: int) -> bool:
        trick = len(state.tricks)
        if trick == TRICKS - 1 or lead_face == self.ripper(state):
            return False
        return trick > 0 or self.options["joker_first_trick"]

    def card_suit(self, state, card, seat):
        face = self.pack.face_of[card]
        if face == self.joker_face or face == self.mighty(state):
            return WILD  # may be played at any time: playing one shows no void
        return self.pack.suit_of[face]

    def led_suit(self, state, card, action):
        if action in self.vocab.families[JOKER_CODE]:
            return self.pack.suit_index(self.vocab.text(action)[-1])
        suit = self.pack.suit_of[self.pack.face_of[card]]
        return None if suit == JOKER else suit

    # --- who deals, who bids first, who leads ------------------------------------
    @staticmethod
    def previous_summary(state) -> dict | None:
        """The scoresheet of the hand before, when this state played or entered it."""
        if state.hand_index and len(state.hand_log) == state.hand_index:
            return state.hand_log[-1]["summary"]
        return None

    def dealer_for(self, state):
        last = self.previous_summary(state)
        if last is None:  # the first hand, or a state rebuilt at a later hand
            return (state.first_dealer + state.hand_index) % state.n
        return last["declarer"] if last["partner"] is None else last["partner"]

    def first_bidder(self, state):
        last = self.previous_summary(state)
        if last is not None:
            return last["declarer"]
        if state.hand_index == 0:
            return state.dealer
        return getattr(state, "opener_hint", state.dealer)

    def first_leader(self, state):
        return state.vars["declarer"]

    def tricks_in_hand(self, state):
        return TRICKS

    # --- the deal -------------------------------------------------------------
    def deal(self, state, rng):
        deck = self.pack.ids()
        shuffle(deck, rng)
        n = state.n
        for k in range(n):
            state.table.put("hand", deck[k:n * TRICKS:n], (state.dealer + 1 + k) % n)
        state.table.put("widow", deck[n * TRICKS:])

    def written_deal(self, state):
        deal = super().written_deal(state)
        deal.pop("discards", None)
        return deal

    def deal_needs(self, state):
        return ()  # the events show every card but the widow's, and that needs no telling

    def place_written_deal(self, state, written):
        if isinstance(written, dict) and "discards" in written:
            return [_problem(None, "deal.discards", "deal-field", "the discards are not "
                             "dealt: the declarer's discard events make them")]
        written = self._widow_from_hands(written)
        problems = super().place_written_deal(state, written)
        if problems or not isinstance(written, dict) or "hands" not in written:
            if not problems and isinstance(written, dict) and "widow" in written:
                problems = self._widow_size(written["widow"])
            return problems
        if "widow" not in written:  # the widow is what the hands leave
            on_table = set(state.table.every_card())
            state.table.put("widow", [c for c in self.pack.ids() if c not in on_table])
        return self._widow_size(self.pack.codes(state.table.of("widow")))

    @staticmethod
    def _widow_from_hands(written):
        """Hands learned from the events give the declarer 13 cards (its 10 and the
        widow): any three of them will do as the widow, since the widow is taken
        before any card is played."""
        if not isinstance(written, dict) or "widow" in written:
            return written
        hands = written.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            return written
        sizes = sorted(len(h) for h in hands)
        if sizes != [TRICKS] * (len(hands) - 1) + [TRICKS + WIDOW_SIZE]:
            return written
        hands = [list(h) for h in hands]
        big = next(h for h in hands if len(h) > TRICKS)
        widow = big[TRICKS:]
        del big[TRICKS:]
        return {**written, "hands": hands, "widow": widow}

    @staticmethod
    def _widow_size(widow) -> list[dict]:
        if isinstance(widow, list) and len(widow) == WIDOW_SIZE:
            return []
        count = len(widow) if isinstance(widow, list) else widow
        return [_problem(None, "deal.widow", "deal-size",
                         f"the widow holds {WIDOW_SIZE} cards, not {count}")]

    # --- the partner and the points ------------------------------------------------
    def partner_of(self, state) -> int | None:
        """The partner as far as the cards played show (None: alone, or not yet seen)."""
        return state.vars.get("partner_shown")

    def is_point(self, card: int) -> bool:
        face = self.pack.face_of[card]
        return face != self.joker_face and self.pack.faces[face][0] in POINT_RANKS

    def points_won(self, state) -> list[int]:
        """Point cards each seat has taken in tricks."""
        return [sum(self.is_point(c) for c in state.table.of("won", seat))
                for seat in range(state.n)]

    def side_points(self, state) -> int:
        side = {state.vars["declarer"], self.partner_of(state)}
        won = self.points_won(state)
        return 20 - sum(p for seat, p in enumerate(won) if seat not in side)

    def public_facts(self, state) -> dict:
        vars_ = state.vars
        called = vars_.get("called", False)
        return {
            "opener": vars_.get("opener"),
            "declarer": vars_.get("declarer"),
            "contract": vars_.get("contract"),
            "bid_trump": vars_.get("bid_trump"),
            "called": None if called is False else
            "none" if called is None else self.pack.faces[called],
            "partner": self.partner_of(state) if "called" in vars_ else None,
            "points": self.points_won(state),
        }

    # --- scoring ----------------------------------------------------------------
    def summary(self, state):
        called = state.vars["called"]
        points = self.side_points(state)
        return {
            "declarer": state.vars["declarer"], "contract": state.vars["contract"],
            "trump": state.vars["trump_named"],
            "called": "none" if called is None else self.pack.faces[called],
            "partner": self.partner_of(state), "points": points, "run": run_word(points),
        }

    def score_hand(self, state):
        s = self.summary(state)
        return hand_scores(state.n, s["declarer"], s["partner"], s["contract"], s["points"],
                           self.options["runs"])

    def score_summary(self, state, summary):
        problems = self._summary_problems(state, summary)
        if problems:
            return None, problems
        s = summary
        return hand_scores(state.n, s["declarer"], s["partner"], s["contract"], s["points"],
                           self.options["runs"]), []

    def _summary_problems(self, state, s) -> list[dict]:
        def number(key, low, high):
            value = s.get(key)
            return type(value) is int and low <= value <= high

        out = []
        if not number("declarer", 0, state.n - 1):
            return [_problem(None, "summary.declarer", "seat-range", "the declarer must be "
                             f"a seat from 0 to {state.n - 1}, not {s.get('declarer')!r}")]
        declarer = s["declarer"]
        if not number("contract", LOWEST_BID, HIGHEST_BID):
            out.append(_problem(declarer, "summary.contract", "contract-range",
                                f"the contract must be {LOWEST_BID} to {HIGHEST_BID}, "
                                f"not {s.get('contract')!r}"))
        if s.get("trump") not in TRUMPS:
            out.append(_problem(declarer, "summary.trump", "trump-unknown",
                                f"trump must be one of {', '.join(TRUMPS)}"))
        called = s.get("called")
        if called != "none" and self.pack.parse(called) is None:
            out.append(_problem(declarer, "summary.called", "card-unknown",
                                f"{called!r} is not a card of this pack (or none)"))
        partner = s.get("partner", False)
        if partner is not None and not (number("partner", 0, state.n - 1)
                                        and partner != declarer):
            out.append(_problem(None, "summary.partner", "partner-invalid",
                                "the partner is another seat, or null when alone"))
        elif partner is not None and called == "none":
            out.append(_problem(partner, "summary.partner", "partner-without-call",
                                "no card was called: the declarer played alone"))
        if not number("points", 0, 20):
            out.append(_problem(declarer, "summary.points", "points-range",
                                "the declarer side's points are 0 to 20"))
        elif s.get("run") != run_word(s["points"]):
            out.append(_problem(declarer, "summary.run", "run-mismatch",
                                f"{s['points']} points make the run "
                                f"{run_word(s['points'])!r}, not {s.get('run')!r}"))
        return out
