"""Buck Euchre (Dirty Clubs) on the rules engine.

Rules (the Denexa Games article "Buck Euchre (Dirty Clubs)", with the product decisions
where the text is silent or miscounts; our own decisions are in
docs/rules/buck-euchre.md):

* Four players, each for themselves. A pack of 24: ace, king, queen, jack, ten and
  nine of each suit (the text's "32" is a slip). Everyone starts at 25 (option
  ``start``) and counts down; the lowest score wins.
* Five cards each, dealt one at a time from the dealer's left; the next card is
  turned face up on the 3-card stub (``deal.turned``, the upcard).
* Ranks: in trumps the jack of trumps (right bower), the other jack of the same
  colour (left bower, a trump for every purpose), then A K Q T 9; in the other
  suits A K Q J T 9.
* A club upcard makes clubs trump at once: no bidding, no maker, nobody may drop,
  the upcard stays on the stub.
* Otherwise round one, from the dealer's left: ``order-up`` or ``pass``; the dealer,
  last, may take the upcard the same way. Whoever accepts is the maker (declarer);
  the dealer then takes the upcard into the hand and discards one other card face
  down (``discard:XX``; other seats see ``?``). Round two, when all four passed,
  from the dealer's left: ``name:S`` (any suit but the upcard's) or ``pass``. All
  four pass again: the hand is played at no trump (no bowers), with no maker.
* With a maker, the three others, clockwise from the maker's left, each ``stay`` or
  ``drop``. If all three drop the hand is not played: the maker scores -5.
* The dealer's left leads (the next player still in, when that one dropped); a
  trick's winner leads the next. Follow suit if able (the left bower belongs to the
  trump suit), else any card. The highest trump wins, else the highest card of the
  led suit.
* Score per hand: dropped 0; a maker with fewer than three tricks +5 (euchred); any
  other player in with no trick +5; otherwise -1 per trick taken.
* A player who takes all five tricks while at least one opponent is in wins the
  match at once (the hand is scored all the same). Otherwise the match ends after a
  hand in which someone is at 0 or below: the lowest score wins; equal lowest scores
  share the win.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import (
    DISCARDS,
    HAND,
    LOWER_WINS,
    STOCK,
    TRICK,
    TURNED,
    WON,
    EngineGame,
    Option,
    Pack,
    Phase,
    RuleViolation,
    TargetScore,
    TrickPlay,
    Vocabulary,
)
from games.engine.boards import trump_against_card
from games.engine.text import N_, Card, Text
from games.shared.wording import seat_choices

SUITS = "SHDC"
CLUBS = SUITS.index("C")
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}  # spades-clubs, hearts-diamonds
JACK_RANK = "J"
TRICKS = 5
EUCHRE = 5  # the penalty for a set maker or a stayer without a trick
NO_TRUMP = "none"


def hand_points(maker, stayed, tricks) -> list[int]:
    """Each seat's score for one hand (a count-down: lower is better)."""
    if maker is not None and sum(stayed) == 1:
        return [-EUCHRE if seat == maker else 0 for seat in range(len(stayed))]
    points = []
    for seat, (playing, won) in enumerate(zip(stayed, tricks, strict=True)):
        if not playing:
            points.append(0)
        elif won < (3 if seat == maker else 1):
            points.append(EUCHRE)
        else:
            points.append(-won)
    return points


def sweeper(summary) -> int | None:
    """The seat that took all five tricks with at least one opponent in, if any."""
    stayed, tricks = summary.get("stayed"), summary.get("tricks")
    if not isinstance(stayed, list) or not isinstance(tricks, list) or sum(stayed) < 2:
        return None
    return tricks.index(TRICKS) if TRICKS in tricks else None


@dataclass(frozen=True)
class CountDown(TargetScore):
    """Over when someone is at 0 or below, or after a sweep (it wins at once)."""

    def over(self, state) -> bool:
        if super().over(state):
            return True
        return bool(state.hand_log) and sweeper(state.hand_log[-1]["summary"]) is not None


# --- the phases of a hand -------------------------------------------------------------
class OrderRound(Phase):
    """Round one: order the upcard up or pass, from the dealer's left."""

    name = "order"

    def begin(self, state):
        state.to_move = (state.dealer + 1) % state.n
        state.vars["passes"] = 0

    def legal(self, state):
        return [state.game.ORDER_UP, state.game.PASS]

    def check(self, state, action):
        if action in self.legal(state):
            return None
        return RuleViolation("order-or-pass", Text(N_("round one: order the upcard up or pass")))

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        if action == game.PASS:
            state.vars["passes"] += 1
            state.to_move = (seat + 1) % state.n
            return
        upcard = state.vars["upcard"]
        state.vars["maker"] = seat
        state.vars["ordered"] = True
        state.trump = game.pack.suit_of[game.pack.face_of[upcard]]
        state.table.take("turned", upcard)  # the dealer takes it; everyone saw it
        state.table.put("hand", [upcard], state.dealer)
        state.table.show(upcard)

    def done(self, state):
        return state.trump is not None or state.vars["passes"] == state.n


class DealerDiscard(Phase):
    """After an order-up the dealer discards one card, not the upcard, face down."""

    name = "discard"

    def begin(self, state):
        state.to_move = state.dealer
        state.vars["discard-left"] = 1 if state.vars.get("ordered") else 0

    def legal(self, state):
        game = state.game
        start = game.vocab.families["discard"].start
        faces = {game.pack.face_of[c] for c in state.table.of("hand", state.dealer)
                 if c != state.vars["upcard"]}
        return [start + face for face in sorted(faces)]

    def check(self, state, action):
        game = state.game
        family = game.vocab.families["discard"]
        if action not in family:
            return RuleViolation("discard-expected", Text(N_("the dealer discards one card face down")))
        face = action - family.start
        held = [c for c in state.table.of("hand", state.dealer) if game.pack.face_of[c] == face]
        if not held:
            return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the dealer's hand"), card=Card(game.pack.faces[face])))
        if held[0] == state.vars["upcard"]:
            return RuleViolation("discard-upcard", Text(N_("the dealer keeps the upcard and "
                                 "discards another card")))
        return None

    def apply(self, state, action):
        game = state.game
        face = action - game.vocab.families["discard"].start
        card = next(c for c in state.table.of("hand", state.dealer)
                    if game.pack.face_of[c] == face)
        state.table.take("hand", card, state.dealer)
        state.table.put("discards", [card])
        state.vars["discard-left"] = 0

    def done(self, state):
        return state.vars["discard-left"] == 0


class NameRound(Phase):
    """Round two (everyone passed in round one): name another suit or pass."""

    name = "name"

    def begin(self, state):
        state.to_move = (state.dealer + 1) % state.n
        state.vars["passes"] = 0

    def legal(self, state):
        game = state.game
        upcard_suit = game.pack.suit_of[game.pack.face_of[state.vars["upcard"]]]
        names = game.vocab.families["name"]
        return [names.start + s for s in range(4) if s != upcard_suit] + [game.PASS]

    def check(self, state, action):
        if action in self.legal(state):
            return None
        if action in state.game.vocab.families["name"]:
            return RuleViolation("upcard-suit", Text(N_("round two: the upcard's suit was turned "
                                 "down and cannot be named")))
        return RuleViolation("name-or-pass", Text(N_("round two: name a suit as trump or pass")))

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        if action == game.PASS:
            state.vars["passes"] += 1
            state.to_move = (seat + 1) % state.n
            return
        state.vars["maker"] = seat
        state.trump = action - game.vocab.families["name"].start

    def done(self, state):
        return state.trump is not None or state.vars["passes"] == state.n


class DropRound(Phase):
    """With a maker, the others in turn from the maker's left stay in or drop out."""

    name = "drop"

    def begin(self, state):
        maker = state.vars["maker"]
        state.vars["drops-left"] = 0 if maker is None else state.n - 1
        if maker is not None:
            state.to_move = (maker + 1) % state.n

    def legal(self, state):
        return [state.game.STAY, state.game.DROP]

    def check(self, state, action):
        if action in self.legal(state):
            return None
        return RuleViolation("stay-or-drop", Text(N_("the maker is known: stay in or drop out")))

    def apply(self, state, action):
        seat = state.to_move
        if action == state.game.DROP:
            state.vars["stayed"][seat] = False
        state.vars["drops-left"] -= 1
        state.to_move = (seat + 1) % state.n

    def done(self, state):
        return state.vars["drops-left"] == 0


class BuckTrickPlay(TrickPlay):
    """Tricks among the players still in; a dropped seat is skipped."""

    def begin(self, state):
        state.to_move = next_in(state, state.dealer)

    def apply(self, state, action):
        seat = state.to_move
        card = self.card_of(state, seat, action)
        if card is None:  # an unchecked replay whose deal is not known yet
            face = action - state.game.vocab.families["play"].start
            card = state.game.pack.ids_of[face][0]
        else:
            state.table.take("hand", card, seat)
        state.play_card(seat, card, action)
        if len(state.trick) == sum(state.vars["stayed"]):
            self.finish_trick(state)
        else:
            state.to_move = next_in(state, seat)


def next_in(state, seat: int) -> int:
    """The next seat to the left of `seat` that is still in the hand."""
    stayed = state.vars["stayed"]
    for step in range(1, state.n + 1):
        other = (seat + step) % state.n
        if stayed[other]:
            return other
    return seat


class BuckEuchre(EngineGame):
    name = "buck-euchre"
    title = "Buck Euchre"
    min_players = max_players = 4
    pack = Pack(ranks="9TJQKA")
    areas = (HAND, WON, TRICK, TURNED, STOCK, DISCARDS)
    ranking = LOWER_WINS
    secret_families = ("discard",)
    OPTIONS = (Option("start", "int", 25, "points each player starts with and counts "
                      "down from (the first to 0 or below wins)", minimum=1, maximum=100),)
    SUMMARY_SCHEMA = {
        "trump": {"title": "Trump", "x-per": "hand", "enum": ["S", "H", "D", "C", NO_TRUMP],
                  "description": "the trump suit, or none when everyone passed twice"},
        "maker": {"title": "Maker", "x-per": "hand", "type": ["integer", "null"],
                  "minimum": 0, "maximum": 3, "x-names": "seat",
                  "description": "the player who ordered up or named trump; none when "
                                 "clubs were turned or nobody made trump"},
        "stayed": {"title": "Stayed in", "x-per": "seat", "type": "array",
                   "items": {"type": "boolean"}, "minItems": 4, "maxItems": 4,
                   "description": "per seat: played the hand (the maker always does)"},
        "tricks": {"title": "Tricks", "x-per": "seat", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 5},
                   "minItems": 4, "maxItems": 4,
                   "description": "the tricks each player took (0 when they dropped)"},
    }

    def build_vocabulary(self):
        vocab = Vocabulary()
        self.ORDER_UP = vocab.word("order-up")
        self.PASS = vocab.word("pass")
        vocab.family("name", SUITS)
        self.STAY = vocab.word("stay")
        self.DROP = vocab.word("drop")
        vocab.family("discard", self.pack.faces)
        vocab.cards(self.pack)
        self._tables()
        return vocab

    def _tables(self):
        """Suit and power of every face under each trump (index 0: no trump)."""
        pack = self.pack
        self.suit_under, self.power_under = [list(pack.suit_of)], [list(pack.power)]
        for trump in range(4):
            suits, powers = list(pack.suit_of), list(pack.power)
            for face, code in enumerate(pack.faces):
                if code[0] != JACK_RANK:
                    continue
                if pack.suit_of[face] == trump:
                    powers[face] = 10  # the right bower
                elif pack.suit_of[face] == SAME_COLOUR[trump]:
                    suits[face], powers[face] = trump, 9  # the left bower
            self.suit_under.append(suits)
            self.power_under.append(powers)

    def build_phases(self):
        return [OrderRound(), DealerDiscard(), NameRound(), DropRound(), BuckTrickPlay()]

    def build_ending(self):
        return CountDown(0, direction="down", cards=TRICKS, limit=500)

    def start_totals(self):
        return [self.options["start"]] * self.num_players

    # --- the deal ------------------------------------------------------------------
    def after_deal(self, state):
        turned = state.table.of("turned")
        upcard = turned[0] if turned else None  # (a scoresheet hand need not write it)
        state.vars.update(upcard=upcard, maker=None, ordered=False, stayed=[True] * state.n)
        if upcard is not None and self.pack.suit_of[self.pack.face_of[upcard]] == CLUBS:
            state.trump = CLUBS  # dirty clubs: trump at once, everyone plays

    def deal_needs(self, state):
        return ("turned",)

    def board_problems(self, board, summary):
        """A board whose upcard is a club is played in clubs (dirty clubs)."""
        upcard = board["deal"].get("turned")
        face = self.pack.parse(upcard) if isinstance(upcard, str) else None
        if face is None or self.pack.suit_of[face] != CLUBS:
            return []
        return trump_against_card(self.pack, summary, upcard, "upcard")

    def place_written_deal(self, state, written):
        if isinstance(written, dict) and "hands" in written and written.get("turned") is None:
            # the upcard is no one's: the hands cannot tell it (decision 14)
            return [_problem(None, "deal.turned", "missing-field",
                             Text(N_("the deal must name the upcard (turned)")))]
        return super().place_written_deal(state, written)

    def card_suit(self, state, card, seat):
        trump = state.trump
        return self.suit_under[0 if trump is None else trump + 1][self.pack.face_of[card]]

    def card_power(self, state, card):
        trump = state.trump
        return self.power_under[0 if trump is None else trump + 1][self.pack.face_of[card]]

    def tricks_in_hand(self, state):
        return TRICKS if sum(state.vars["stayed"]) > 1 else 0

    # --- scoring ---------------------------------------------------------------------
    def score_hand(self, state):
        return hand_points(state.vars["maker"], state.vars["stayed"], state.tricks_won)

    def summary(self, state):
        trump = NO_TRUMP if state.trump is None else SUITS[state.trump]
        return {"trump": trump, "maker": state.vars["maker"],
                "stayed": list(state.vars["stayed"]), "tricks": list(state.tricks_won)}

    def places(self, state):
        swept = sweeper(state.hand_log[-1]["summary"]) if state.hand_log else None
        if swept is None:
            return super().places(state)
        totals = state.totals
        return [1 if unit == swept else
                2 + sum(1 for other, t in enumerate(totals)
                        if other not in (unit, swept) and t < totals[unit])
                for unit in range(len(totals))]

    def score_summary(self, state, summary):
        problems = sheet_shape(state.n, summary)
        if problems:
            return None, problems
        maker, stayed, tricks = summary["maker"], summary["stayed"], summary["tricks"]
        return hand_points(maker, stayed, tricks), sheet_sense(summary)


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}


def sheet_shape(n: int, summary) -> list[dict]:
    """Each scoresheet field there and of the right kind."""
    problems = []
    if summary.get("trump") not in (*SUITS, NO_TRUMP):
        problems.append(_problem(None, "trump", "bad-trump", Text(N_("trump must be S, H, D, C or %(none)s, not %(trump)s"), none=repr(NO_TRUMP), trump=repr(summary.get("trump")))))
    maker = summary.get("maker", "missing")
    if maker is not None and (type(maker) is not int or not 0 <= maker < n):
        problems.append(_problem(None, "maker", "maker-range", Text(N_("the maker must be a seat, written %(choices)s; not %(maker)s"), choices=seat_choices(n, or_null=True), maker=repr(maker))))
    stayed, tricks = summary.get("stayed"), summary.get("tricks")
    if not isinstance(stayed, list) or len(stayed) != n \
            or any(type(s) is not bool for s in stayed):
        problems.append(_problem(None, "stayed", "bad-shape",
                                 Text(N_("stayed must list true or false for each seat"))))
    if not isinstance(tricks, list) or len(tricks) != n:
        problems.append(_problem(None, "tricks", "bad-shape",
                                 Text(N_("tricks must list one number per seat"))))
        return problems
    for seat, won in enumerate(tricks):
        if type(won) is not int or not 0 <= won <= TRICKS:
            problems.append(_problem(seat, "tricks", "trick-range", Text(N_("seat %(seat)s's tricks %(won)s is not a number from 0 to %(tricks)s"), seat=seat + 1, won=repr(won), tricks=TRICKS)))
    return problems


def sheet_sense(summary) -> list[dict]:
    """A well-formed scoresheet line that cannot have happened."""
    trump, maker = summary["trump"], summary["maker"]
    stayed, tricks = summary["stayed"], summary["tricks"]
    problems = []
    if maker is None:
        dropped = [seat for seat, playing in enumerate(stayed) if not playing]
        if dropped:
            problems.append(_problem(dropped[0], "stayed", "drop-without-maker",
                                     Text(N_("with no maker (clubs turned, or no trump) everyone "
                                     "plays the hand"))))
        if trump not in ("C", NO_TRUMP):
            problems.append(_problem(None, "trump", "trump-without-maker", Text(N_("a trump other "
                                     "than clubs (turned) needs the maker who chose it"))))
    else:
        if trump == NO_TRUMP:
            problems.append(_problem(maker, "trump", "maker-without-trump",
                                     Text(N_("a maker fixes a trump suit"))))
        if not stayed[maker]:
            problems.append(_problem(maker, "stayed", "maker-dropped",
                                     Text(N_("the maker cannot drop out"))))
    for seat, (playing, won) in enumerate(zip(stayed, tricks, strict=True)):
        if not playing and won:
            problems.append(_problem(seat, "tricks", "dropped-took-trick", Text(N_("seat %(seat)s dropped out and cannot have taken a trick"), seat=seat + 1)))
    expected = 0 if maker is not None and sum(stayed) == 1 else TRICKS
    # one seat left in and the others rightly at 0: only its count can be wrong
    playing = [seat for seat, playing in enumerate(stayed) if playing]
    alone = playing[0] if len(playing) == 1 and sum(tricks) == tricks[playing[0]] else None
    if sum(tricks) != expected:
        problems.append(_problem(alone, "tricks", "tricks-sum", Text(
            N_("tricks add up to %(total)s, not %(expected)s (everyone dropped: the hand is not "
               "played)") if expected == 0 else N_("tricks add up to %(total)s, not %(expected)s"),
            total=sum(tricks), expected=expected)))
    return problems
