"""Ribs on the rules engine.

Rules (the Denexa Games article "Ribs", with the product decisions where the text is
silent; our own decisions are in docs/rules/ribs.md):

* Four to ten players, each for themselves. The pack holds one eight-card suit
  (ace down to seven) per player: spades, hearts, diamonds, clubs, then the same
  suits again from a second and third pack (five players: two spade suits). Eight
  cards each; the whole pack is dealt. Suits never matter; aces are high.
* Card points: K, Q, J 2 each; T, 9, 8, 7 1 each; an ace 0 (ten per suit).
* Before every trick an auction. The dealer opens the first trick's auction, the
  last trick's high bidder the later ones, with a bid of 2 or more (``bid:2`` …; the
  opener may not pass). Then clockwise each player passes (``pass``, final for this
  trick) or raises by exactly one, until one bidder is left: the high bidder.
  No bid is above 4 per other player (the most their pairs can hold).
* The high bidder lays two cards face down, the ribs (``ribs:AS+7H``). Clockwise,
  every other player lays two cards face up (``lay:QD+QC``) or, once per hand,
  folds two cards face down (``fold:8S+7S``): out of play, never shown.
* The ribs are turned up. A face-up pair with exactly the ribs' two ranks cracks
  them: the first such player clockwise from the bidder takes every face-up card
  and the ribs. Otherwise each pair is set against the ribs, both sorted high to
  low: a pair sharing a rank with a rib loses; a pair whose high card beats the
  ribs' high card and whose low card beats the ribs' low card wins (its player
  keeps those two cards as captured); every other pair loses.
* If the points of the losing pairs reach the bid, the high bidder captures them
  and the ribs; otherwise the ribs are discarded face up and each loser captures
  their own two cards.
* After four tricks the player with the most captured points wins the hand (ties:
  each tied player wins it). A hand won scores 1; the match ends when a player
  has won ``hands_to_win`` hands (option, 5 by default); everyone reaching it on
  the same hand shares the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

from games.engine import (
    ALL,
    HAND,
    HIGHER_WINS,
    OWNER,
    TRICK,
    Area,
    EngineGame,
    HandsWon,
    Option,
    Pack,
    Phase,
    RuleViolation,
    Vocabulary,
    next_bidder,
)
from games.engine.text import N_, Card, Text, joined
from games.ribs.sheet import CRACKED, MADE, MISSED, TRICKS, hand_scores, read_summary

RANKS = "789TJQKA"  # lowest first: a card's power is its place here
POINTS_BY_POWER = (1, 1, 1, 1, 2, 2, 2, 0)  # 7 8 9 T J Q K A
CARDS_EACH = 8
OPENING_BID = 2
PAIR_KINDS = ("ribs", "lay", "fold")

WON = Area("won", ALL, per_seat=True)  # captured cards were all face up on the table
RIBS = Area("ribs", OWNER, per_seat=True)  # face down until the trick is judged
FOLDED = Area("folded", OWNER, per_seat=True)  # never shown to the others
DISCARDS = Area("discards", ALL, dealt=False)  # ribs of a missed bid, turned up first


@dataclass(frozen=True)
class SuitPerPlayerPack(Pack):
    """One suit per player, taken from as many whole packs as needed: the suits come
    in the order S, H, D, C, S, H, … (copy one first)."""

    suit_count: int = 4

    def __post_init__(self):
        super().__post_init__()
        size = self.suit_count * len(self.ranks)
        face_of = self.face_of[:size]
        ids_of = [[] for _ in self.faces]
        for card, face in enumerate(face_of):
            ids_of[face].append(card)
        object.__setattr__(self, "face_of", face_of)
        object.__setattr__(self, "ids_of", tuple(tuple(ids) for ids in ids_of))


def pack_for(players: int) -> SuitPerPlayerPack:
    return SuitPerPlayerPack(ranks=RANKS, copies=-(-players // 4), suit_count=players)


def max_bid(players: int) -> int:
    return 4 * (players - 1)


def pair_points(powers) -> int:
    return sum(POINTS_BY_POWER[p] for p in powers)


def cracks(pair, ribs) -> bool:
    """The same two ranks as the ribs (Q-7 against Q-7)."""
    return sorted(pair) == sorted(ribs)


def beats(pair, ribs) -> bool:
    """A pair beats the ribs when it shares no rank with them and, both sorted high
    to low, its high card beats theirs and its low card beats theirs."""
    if set(pair) & set(ribs):
        return False
    high, low = sorted(pair, reverse=True)
    rib_high, rib_low = sorted(ribs, reverse=True)
    return high > rib_high and low > rib_low


@dataclass(frozen=True)
class Judgement:
    """How a trick ends: `cracker` (a seat or None), the seats whose pairs beat the
    ribs, the losing seats, the losers' points and whether the bid was made."""

    cracker: int | None
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    points: int
    made: bool

    @property
    def outcome(self) -> str:
        return CRACKED if self.cracker is not None else MADE if self.made else MISSED


def judge(ribs, pairs, bid: int) -> Judgement:
    """`ribs`: two powers; `pairs`: (seat, two powers) of the face-up pairs in the
    order they were laid (clockwise from the bidder's left)."""
    for seat, pair in pairs:
        if cracks(pair, ribs):
            return Judgement(seat, (), (), 0, False)
    winners = tuple(seat for seat, pair in pairs if beats(pair, ribs))
    losers = tuple(seat for seat, _ in pairs if seat not in winners)
    points = sum(pair_points(pair) for seat, pair in pairs if seat in losers)
    return Judgement(None, winners, losers, points, points >= bid)


class PairVocabulary(Vocabulary):
    """Reads a pair written in either order ("7H+QS" is "QS+7H")."""

    def parse(self, text):
        action = super().parse(text)
        if action is None and isinstance(text, str) and "+" in text:
            kind, sep, pair = text.strip().rpartition(":")
            first, plus, second = pair.partition("+")
            action = super().parse(f"{kind}{sep}{second}+{first}")
        return action


@cache
def vocabulary_for(players: int):
    """(vocabulary, pair_action, pair_of) of a table size, built once: every game of
    that size shares them, read only (the record checker loads a game per record)."""
    vocab = PairVocabulary()
    vocab.word("pass")
    vocab.numbers("bid", OPENING_BID, max_bid(players))
    pack = pack_for(players)  # the 32 faces are the same at every size

    def high_first(key) -> tuple[int, int]:
        return tuple(sorted(key, key=lambda face: (-pack.power[face], face)))

    keys = list(combinations_with_replacement(range(len(pack.faces)), 2))
    ordered = [high_first(key) for key in keys]
    texts = ["+".join(pack.faces[f] for f in pair) for pair in ordered]
    pair_action, pair_of = {}, {}
    for kind in PAIR_KINDS:
        family = vocab.family(kind, texts)
        pair_action[kind] = dict(zip(keys, family, strict=True))
        pair_of.update(zip(family, ordered, strict=True))
    return vocab, pair_action, pair_of


class TrickAuction(Phase):
    """The auction before trick `number` (0-based): an opening bid of 2 or more, then
    pass (final) or raise by exactly one, until one bidder is left."""

    name = "auction"

    def __init__(self, number: int):
        self.number = number

    def begin(self, state):
        opener = state.dealer if self.number == 0 else state.vars["bidder"]
        state.vars.update(passed=[], high=None, bidder=None, opener=opener)
        state.bids = [None] * state.n
        state.to_move = opener

    def legal(self, state):
        game, high = state.game, state.vars["high"]
        top = max_bid(state.n)
        if high is None:
            return [game.vocab.numbered(b) for b in range(OPENING_BID, top + 1)]
        raise_ = [game.vocab.numbered(high + 1)] if high < top else []
        return [game.pass_action] + raise_

    def check(self, state, action):
        game, high = state.game, state.vars["high"]
        if action == game.pass_action:
            if high is None:
                return RuleViolation("opening-pass", Text(N_("the opener must bid 2 or more")))
            return None
        if action not in game.vocab.families["bid"]:
            return RuleViolation("bid-expected", Text(N_("it is time to bid or pass")))
        if high is not None and game.vocab.number(action) != high + 1:
            return RuleViolation("raise-by-one", Text(N_("the bid is %(high)s: raise to %(high2)s or pass"), high=high, high2=high + 1))
        return None  # (the bid family holds exactly the bids 2 .. max_bid)

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        if action == game.pass_action:
            state.vars["passed"].append(seat)
        else:
            bid = game.vocab.number(action)
            state.vars.update(high=bid, bidder=seat)
            state.bids[seat] = bid
        if self.done(state):
            return
        state.to_move = next_bidder(state, seat)

    def done(self, state):
        return state.vars["bidder"] is not None and len(state.vars["passed"]) == state.n - 1


class TrickLay(Phase):
    """The high bidder lays the ribs; clockwise each other player lays a pair face up
    or folds (once per hand); then the trick is judged."""

    name = "lay"

    def begin(self, state):
        state.vars.update(laid=[], judged=False)
        state.to_move = state.vars["bidder"]

    def kinds(self, state, seat) -> tuple[str, ...]:
        if seat == state.vars["bidder"]:
            return ("ribs",)
        return ("lay",) if seat in state.vars["folders"] else ("lay", "fold")

    def legal(self, state):
        seat, game = state.to_move, state.game
        face_of = game.pack.face_of
        keys = set(combinations(sorted(face_of[c] for c in state.table.of("hand", seat)), 2))
        return sorted(game.pair_action[kind][key] for kind in self.kinds(state, seat)
                      for key in keys)

    def check(self, state, action):
        game, seat = state.game, state.to_move
        kind = game.pair_kind(action)
        if kind is None:
            return RuleViolation("pair-expected", Text(N_("it is time to lay two cards "
                                 "(ribs:AS+7H, lay:QD+9C or fold:8S+7S)")))
        if kind not in self.kinds(state, seat):
            if seat == state.vars["bidder"]:
                return RuleViolation("ribs-expected", Text(N_("the high bidder lays the ribs "
                                     "(ribs:AS+7H)")))
            if kind == "fold":
                return RuleViolation("folded-twice", Text(N_("a player folds once per hand")))
            return RuleViolation("not-the-bidder", Text(N_("only the high bidder lays ribs")))
        if self.cards_of(state, seat, action) is None:
            pair = joined((Card(game.pack.faces[f]) for f in game.pair_of[action]), "+")
            return RuleViolation("card-not-in-hand", Text(N_("%(cards)s is not in the hand"),
                                                          cards=pair))
        return None

    @staticmethod
    def cards_of(state, seat, action) -> list[int] | None:
        """The two card ids of the hand that `action` lays (None: not held)."""
        pack, hand = state.game.pack, list(state.table.of("hand", seat))
        cards = []
        for face in state.game.pair_of[action]:
            card = next((c for c in hand if pack.face_of[c] == face), None)
            if card is None:
                return None
            hand.remove(card)
            cards.append(card)
        return cards

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        kind = game.pair_kind(action)
        cards = self.cards_of(state, seat, action)
        if cards is None:  # an unchecked replay whose deal is not known yet
            cards = [game.pack.ids_of[face][0] for face in game.pair_of[action]]
        else:
            for card in cards:
                state.table.take("hand", card, seat)
        state.played[seat].extend(cards)
        if kind == "ribs":
            state.table.put("ribs", cards, seat)
        elif kind == "fold":
            state.table.put("folded", cards, seat)
            state.vars["folders"].append(seat)
        else:
            state.table.put("trick", cards)
            state.trick.extend((seat, card) for card in cards)
            state.vars["laid"].append((seat, cards))
        nxt = (seat + 1) % state.n
        if nxt == state.vars["bidder"]:
            self.judge_trick(state)
        else:
            state.to_move = nxt

    def judge_trick(self, state):
        game, table, bidder = state.game, state.table, state.vars["bidder"]
        ribs = list(table.of("ribs", bidder))
        laid = state.vars["laid"]
        verdict = judge(game.powers(ribs), [(s, game.powers(c)) for s, c in laid],
                        state.vars["high"])
        for card in ribs:
            table.take("ribs", card, bidder)
        for _, cards in laid:
            for card in cards:
                table.take("trick", card)
        own = dict(laid)
        if verdict.cracker is not None:
            table.put("won", ribs + [c for _, cards in laid for c in cards], verdict.cracker)
            state.tricks_won[verdict.cracker] += 1
        else:
            for seat in verdict.winners:
                table.put("won", own[seat], seat)
            if verdict.made:
                table.put("won", ribs + [c for s in verdict.losers for c in own[s]], bidder)
                state.tricks_won[bidder] += 1
            else:
                table.put("discards", ribs)
                for seat in verdict.losers:
                    table.put("won", own[seat], seat)
        state.trick = []
        state.vars["rows"].append({"bidder": bidder, "bid": state.vars["high"],
                                   "outcome": verdict.outcome, "cracker": verdict.cracker})
        state.vars["revealed"] = len(state.events)
        state.vars["judged"] = True

    def done(self, state):
        return state.vars["judged"]


class Ribs(EngineGame):
    name = "ribs"
    title = "Ribs"
    min_players, max_players = 4, 10
    pack = pack_for(4)  # the table's own pack is set per game (one suit per player)
    areas = (HAND, WON, TRICK, RIBS, FOLDED, DISCARDS)
    ranking = HIGHER_WINS
    turns_trump = False
    secret_families = ("ribs", "fold")
    OPTIONS = (Option("hands_to_win", "int", 5, "hands a player must win to win the match",
                      minimum=1, maximum=50),)
    SUMMARY_SCHEMA = {
        "points": {"title": "Points", "x-per": "seat", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": 100},
                   "minItems": 4, "maxItems": 10,
                   "description": "the card points each player captured in the hand"},
        "won": {"title": "Won", "x-per": "seat", "type": "array",
                "items": {"type": "boolean"}, "minItems": 4, "maxItems": 10,
                "description": "won the hand: the most points captured (ties: each)"},
        "trick_results": {
            "title": "Tricks", "x-per": "list", "type": "array",
            "minItems": TRICKS, "maxItems": TRICKS,
            "description": "each of the four tricks in order: the high bidder, the bid, "
                           "made, missed or cracked, and who cracked the ribs",
            "items": {"type": "object", "required": ["bidder", "bid", "outcome"],
                      "additionalProperties": False, "properties": {
                          "bidder": {"title": "Bidder", "type": "integer",
                                     "minimum": 0, "maximum": 9, "x-names": "seat"},
                          "bid": {"title": "Bid", "type": "integer", "minimum": OPENING_BID,
                                  "maximum": max_bid(10)},
                          "outcome": {"title": "Outcome", "enum": [MADE, MISSED, CRACKED]},
                          "cracker": {"title": "Cracked by", "type": ["integer", "null"],
                                      "minimum": 0, "maximum": 9, "x-names": "seat"}}}},
    }

    def __init__(self, players: int | None = None, **options):
        count = players if players is not None else options.get("players", self.min_players)
        if isinstance(count, int) and self.min_players <= count <= self.max_players:
            self.pack = pack_for(count)  # (a bad count is refused by the base class)
        super().__init__(players, **options)

    def build_vocabulary(self):
        vocab, self.pair_action, self.pair_of = vocabulary_for(self.num_players)
        self.pass_action = vocab.parse("pass")
        return vocab

    def build_phases(self):
        phases = []
        for number in range(TRICKS):
            phases += [TrickAuction(number), TrickLay()]
        return phases

    def build_ending(self):
        return HandsWon(self.options["hands_to_win"], cards=CARDS_EACH)

    def pair_kind(self, action: int) -> str | None:
        for kind in PAIR_KINDS:
            if action in self.vocab.families[kind]:
                return kind
        return None

    def powers(self, cards) -> list[int]:
        return [self.pack.power[self.pack.face_of[c]] for c in cards]

    # --- the deal -----------------------------------------------------------
    def deal(self, state, rng):
        """The whole pack, one card at a time from the dealer's left."""
        deck = self.pack.ids()
        rng.shuffle(deck)  # (engine.rng's fast shuffle stops at 64 cards; ours reach 80)
        n = state.n
        for k in range(n):
            state.table.put("hand", deck[k::n], (state.dealer + 1 + k) % n)

    def after_deal(self, state):
        state.vars.update(rows=[], folders=[], revealed=0)

    def written_deal(self, state):
        return {"hands": [self.pack.codes(cards) for cards in state.table.cards["hand"]]}

    def event_revealed(self, state, index):
        """Ribs are turned up when their trick is judged; folds are never shown."""
        action = state.events[index]
        return index < state.vars.get("revealed", 0) and action in self.vocab.families["ribs"]

    # --- scoring --------------------------------------------------------------
    def captured_points(self, state) -> list[int]:
        return [pair_points(self.powers(state.table.of("won", seat))) for seat in range(state.n)]

    def score_hand(self, state):
        return hand_scores(self.captured_points(state))

    def summary(self, state):
        points = self.captured_points(state)
        return {"points": points, "won": [s == 1 for s in hand_scores(points)],
                "trick_results": [dict(row) for row in state.vars["rows"]]}

    def score_summary(self, state, summary):
        return read_summary(summary, state.n, max_bid(state.n))
