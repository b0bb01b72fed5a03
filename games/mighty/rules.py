"""Mighty on the rules engine.

Rules (the Denexa Games article "Mighty", with the product decisions where the text is
silent or miscounts; our own decisions are in docs/rules/mighty.md):

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
    Option,
    Pack,
    SetNumberOfHands,
    State,
    Vocabulary,
)
from games.engine.rng import shuffle
from games.engine.text import N_, Text
from games.engine.tricks import WILD
from games.mighty.phases import (  # noqa: F401  (the names the game's users import from here)
    HIGHEST_BID,
    JOKER_CODE,
    LOWEST_BID,
    NO_TRUMP,
    POINT_RANKS,
    TRICKS,
    TRUMPS,
    WIDOW_SIZE,
    Announce,
    MightyAuction,
    MightyTrickPlay,
    WidowExchange,
    _problem,
    bid_rank,
    call_partner,
    hand_scores,
    name_trump,
    raised_contract,
    run_word,
)
from games.shared.wording import seat_choices

WIDOW = Area("widow", NOBODY)
WON_OPEN = Area("won", ALL, per_seat=True)  # every trick is seen by all


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
                     "minimum": 0, "maximum": 4, "x-names": "seat",
                     "description": "the player who won the auction"},
        "contract": {"title": "Contract", "x-per": "hand", "type": "integer",
                     "minimum": LOWEST_BID, "maximum": HIGHEST_BID,
                     "description": "points to make, after any raise for a trump change"},
        "trump": {"title": "Trump", "x-per": "hand", "enum": list(TRUMPS),
                  "description": "trump named after the exchange (NT: no trump)"},
        "called": {"title": "Called card", "x-per": "hand",
                   "enum": [*pack.written_codes, "none"],
                   "description": "the card that named the partner, or none"},
        "partner": {"title": "Partner", "x-per": "hand", "type": ["integer", "null"],
                    "minimum": 0, "maximum": 4, "x-names": "seat",
                    "description": "the declarer's partner; none when the declarer played "
                                   "alone"},
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

    def new_match(self, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                  boards=None):
        return MightyState(self, seed=seed, first_dealer=first_dealer, auto_deal=auto_deal,
                          boards=self.prepare_boards(boards))

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
        return self.next_dealer(last)

    dealer_follows_play = True

    def next_dealer(self, summary: dict) -> int | None:
        """Who deals after the hand of this scoresheet line: the partner, or the declarer
        who played alone (None while the line names neither as a seat)."""
        seat = summary.get("partner")
        if seat is None:
            seat = summary.get("declarer")
        if isinstance(seat, bool) or not isinstance(seat, int):
            return None
        return seat if 0 <= seat < self.num_players else None

    def sheet_dealer(self, first_dealer, hand_index, before):
        if hand_index == 0:
            return first_dealer % self.num_players
        return None if before is None else self.next_dealer(before)

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
            return [_problem(None, "deal.discards", "deal-field",
                             Text(N_("the discards are not dealt: the declarer's discard "
                                     "events make them")))]
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
                         Text(N_("the widow holds %(size)s cards, not %(count)s"),
                              size=WIDOW_SIZE, count=count))]

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

        missing = [key for key in self.SUMMARY_SCHEMA if key not in s]
        if missing:
            return [_problem(s.get("declarer") if number("declarer", 0, state.n - 1) else None,
                             f"summary.{key}", "missing-field",
                             Text(N_("a %(game)s scoresheet line needs %(field)s"),
                                  game="Mighty", field=key)) for key in missing]
        out = []
        if not number("declarer", 0, state.n - 1):
            return [_problem(None, "summary.declarer", "seat-range",
                             Text(N_("the declarer must be a seat, written %(choices)s; not "
                                     "%(written)s"), choices=seat_choices(state.n),
                                  written=repr(s.get("declarer"))))]
        declarer = s["declarer"]
        if not number("contract", LOWEST_BID, HIGHEST_BID):
            out.append(_problem(declarer, "summary.contract", "contract-range",
                                Text(N_("the contract must be %(low)s to %(high)s, not "
                                        "%(written)s"), low=LOWEST_BID, high=HIGHEST_BID,
                                     written=repr(s.get("contract")))))
        if s.get("trump") not in TRUMPS:
            out.append(_problem(declarer, "summary.trump", "trump-unknown",
                                Text(N_("trump must be one of %(choices)s"),
                                     choices=", ".join(TRUMPS))))
        called = s.get("called")
        if called != "none" and self.pack.parse(called) is None:
            out.append(_problem(declarer, "summary.called", "card-unknown",
                                Text(N_("%(card)s is not a card of this pack (or none)"),
                                     card=repr(called))))
        partner = s.get("partner", False)
        if partner is not None and not (number("partner", 0, state.n - 1)
                                        and partner != declarer):
            out.append(_problem(None, "summary.partner", "partner-invalid",
                                Text(N_("the partner is another seat, or null when "
                                        "alone"))))
        elif partner is not None and called == "none":
            out.append(_problem(partner, "summary.partner", "partner-without-call",
                                Text(N_("no card was called: the declarer played alone"))))
        if not number("points", 0, 20):
            out.append(_problem(declarer, "summary.points", "points-range",
                                Text(N_("the declarer side's points are 0 to 20"))))
        elif s.get("run") != run_word(s["points"]):
            out.append(_problem(declarer, "summary.run", "run-mismatch",
                                Text(N_("%(points)s points make the run %(run)s, not "
                                        "%(written)s"), points=s["points"],
                                     run=repr(run_word(s["points"])),
                                     written=repr(s.get("run")))))
        return out
