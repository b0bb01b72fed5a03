"""Pitch (Setback), the four-player partnership game, on the rules engine.

Rules (the Denexa Games article "Pitch", with the product decisions where the text is
silent; our own decisions are in docs/rules/pitch.md):

* Four players, partners across: seats 0 and 2 against seats 1 and 3. A pack of
  52, ace high. Six cards each; the rest is set aside unseen (``stock``).
* Bidding: one round from the dealer's left. Each seat passes (``pass``) or bids
  higher than the high bid so far: ``bid:2``, ``bid:3``, ``bid:4`` or ``smudge``
  (the highest). The dealer bids last and may instead take the high bid at its
  value (``steal``). When the first three pass, the dealer may not pass: a forced
  bid of 2 or higher. The high bidder is the pitcher.
* Play: the pitcher leads; the suit of that first card is trump for the hand.
  Follow suit if able, or play a trump at any time; void in the led suit: any
  card. The highest trump wins the trick, else the highest card of the led suit;
  the winner leads the next.
* Points (the All Fours count, ``all_fours``): High (the highest trump played),
  Low (the lowest trump played, to the side that captured it), Jack (the jack of
  trumps, to its captor, when it was played) and Game (more card points; a tie
  gives nobody the point).
* Scoring: the pitcher's side makes a bid of 2 to 4 by taking at least that many
  points and then scores every point it took; set, it loses the bid. Smudge is
  made by taking all four points and all six tricks: +5; missed: -5. The other
  side always scores the points it took.
* The match: the deal passes left. A side wins at the end of a hand in which it
  pitched, made its bid and stands at 21 or more (``target``); a side above 21
  that did not pitch, or was set, plays on.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import (
    HAND,
    HIGHER_WINS,
    STOCK,
    TRICK,
    WON,
    EngineGame,
    Option,
    Phase,
    RuleViolation,
    Vocabulary,
)
from games.engine.text import N_, Card, Text
from games.shared import all_fours

SMUDGE = 5  # the smudge bid as a number: above 4
BID_TEXT = {2: "2", 3: "3", 4: "4", SMUDGE: "smudge"}
# a point of the All Fours count: the side (0-based) that took it, null when nobody did
SIDE = {"type": ["integer", "null"], "minimum": 0, "maximum": 1, "x-names": "side"}


def bid_text(value: int) -> str:
    return BID_TEXT[value]


def hand_scores(bid: int, side: int, taken: list[int], all_tricks: bool) -> tuple[list[int], bool]:
    """Each side's score and whether the pitching `side` made its `bid` (the points
    `taken` per side; `all_tricks`: the pitching side took all six)."""
    made = taken[side] == 4 and all_tricks if bid == SMUDGE else taken[side] >= bid
    scores = list(taken)
    if bid == SMUDGE:
        scores[side] = SMUDGE if made else -SMUDGE
    elif not made:
        scores[side] = -bid
    return scores, made


class PitchBidding(Phase):
    """One round of bids from the dealer's left (see the module docstring)."""

    name = "bid"

    def begin(self, state):
        state.to_move = (state.dealer + 1) % state.n
        state.vars.update(high=None, pitcher=None, stolen=False, acted=0)

    def legal(self, state):
        game, high = state.game, state.vars["high"]
        dealer = state.to_move == state.dealer
        out = [] if dealer and high is None else [game.PASS]
        if dealer and high is not None:
            out.append(game.STEAL)
        return out + [game.bid_action(v) for v in game.bid_values()
                      if high is None or v > high]

    def check(self, state, action):
        game, high = state.game, state.vars["high"]
        dealer = state.to_move == state.dealer
        if action not in game.bid_actions:
            return RuleViolation("bid-expected", Text(N_("it is time to bid, pass or steal")))
        if action == game.PASS:
            if dealer and high is None:
                return RuleViolation("dealer-must-bid", Text(N_("everyone passed: the dealer "
                                     "must bid 2 or more")))
            return None
        if action == game.STEAL:
            if not dealer:
                return RuleViolation("steal-dealer-only", Text(N_("only the dealer may steal")))
            if high is None:
                return RuleViolation("nothing-to-steal", Text(N_("nobody has bid: there is "
                                     "nothing to steal")))
            return None
        value = game.bid_value(action)
        if value not in game.bid_values():
            return RuleViolation("no-smudge", Text(N_("smudge is not played at this table")))
        if high is not None and value <= high:
            if dealer and value == high:
                return RuleViolation("steal-word", Text(N_("the dealer takes the high bid at %(bid)s by writing steal"), bid=Card(bid_text(high))))
            return RuleViolation("bid-too-low", Text(N_("a bid must be higher than %(bid)s"), bid=Card(bid_text(high))))
        return None

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        state.bid_order.append(seat)
        if action == game.STEAL:
            state.bids[seat] = state.vars["high"]
            state.vars.update(pitcher=seat, stolen=True)
        elif action != game.PASS:
            value = game.bid_value(action)
            state.bids[seat] = value
            state.vars.update(high=value, pitcher=seat)
        state.vars["acted"] += 1
        state.to_move = (seat + 1) % state.n

    def done(self, state):
        return state.vars["acted"] == state.n


class PitchPlay(all_fours.TrumpAnyTime):
    """Trick play where the pitcher's first card names trump."""

    def apply(self, state, action):
        if not state.tricks and not state.trick:
            card = self.card_of(state, state.to_move, action)
            if card is None:  # an unchecked replay with unknown hands
                card = state.game.pack.ids_of[action - state.game.vocab.families["play"].start][0]
            state.trump = state.game.card_suit(state, card, state.to_move)
        super().apply(state, action)


@dataclass(frozen=True)
class BidOut:
    """Ends after a hand in which the pitching side made its bid and stands at the
    target or more. Sides that keep being set may never get there: a match is cut
    short, with no winner, after `limit` hands (games.engine.ending)."""

    target: int
    cards: int = 6
    limit: int = 500

    def over(self, state) -> bool:
        return winning_side(state, self.target) is not None

    def hands(self) -> int | None:
        return None

    def cards_for(self, hand_index: int) -> int:
        return self.cards


def winning_side(state, target: int) -> int | None:
    side = state.vars.get("made_by")
    return side if side is not None and state.totals[side] >= target else None


class Pitch(EngineGame):
    name = "pitch"
    title = "Pitch"
    min_players = max_players = 4
    partnership = True
    areas = (HAND, WON, TRICK, STOCK)
    turns_trump = False
    ranking = HIGHER_WINS  # but the winner is the side that bid out (see `places`)
    OPTIONS = (
        Option("target", "int", 21, "the score a side must reach at the end of a hand "
               "in which it pitched and made its bid", minimum=1, maximum=100),
        Option("smudge", "bool", True, "smudge may be bid (all four points and all six "
               "tricks: 5 made, -5 set)"),
    )
    SUMMARY_SCHEMA = {
        "pitcher": {"title": "Pitcher", "x-per": "hand", "type": "integer",
                    "minimum": 0, "maximum": 3, "x-names": "seat",
                    "description": "the player who won the bidding and led the first card"},
        "bid": {"title": "Bid", "x-per": "hand", "enum": ["2", "3", "4", "smudge"],
                "description": "the pitcher's bid: 2, 3, 4 or smudge (all four points and "
                               "all six tricks)"},
        "trump": {"title": "Trump", "x-per": "hand", "enum": ["S", "H", "D", "C"],
                  "description": "the suit of the pitcher's first card"},
        "high": {"title": "High", "x-per": "hand", **SIDE,
                 "description": "the side that took the highest trump played"},
        "low": {"title": "Low", "x-per": "hand", **SIDE,
                "description": "the side that captured the lowest trump played"},
        "jack": {"title": "Jack", "x-per": "hand", **SIDE,
                 "description": "the side that captured the jack of trumps; none when it "
                                "was not played"},
        "game": {"title": "Game", "x-per": "hand", **SIDE,
                 "description": "the side with more card points (ten 10, ace 4, king 3, "
                                "queen 2, jack 1); none on a tie"},
        "made": {"title": "Made", "x-per": "hand", "type": "boolean",
                 "description": "the pitcher's side made its bid"},
    }

    def build_teams(self):
        return [[0, 2], [1, 3]]

    def build_vocabulary(self):
        vocab = Vocabulary()
        self.PASS = vocab.word("pass")
        vocab.numbers("bid", 2, 4)
        self.SMUDGE = vocab.word("smudge")
        self.STEAL = vocab.word("steal")
        vocab.cards(self.pack)
        self.bid_actions = frozenset((self.PASS, self.SMUDGE, self.STEAL,
                                      *vocab.families["bid"]))
        return vocab

    def build_phases(self):
        return [PitchBidding(), PitchPlay()]

    def build_ending(self):
        return BidOut(self.options["target"])

    def bid_values(self) -> tuple[int, ...]:
        return (2, 3, 4, SMUDGE) if self.options["smudge"] else (2, 3, 4)

    def bid_action(self, value: int) -> int:
        return self.SMUDGE if value == SMUDGE else self.vocab.numbered(value)

    def bid_value(self, action: int) -> int:
        return SMUDGE if action == self.SMUDGE else self.vocab.number(action)

    def first_leader(self, state):
        return state.vars["pitcher"]

    def places(self, state) -> list[int]:
        side = winning_side(state, self.options["target"]) if state.finished() else None
        if side is None:
            return self.ranking.places(state.totals)
        return [1 if unit == side else 2 for unit in range(len(self.teams))]

    # --- scoring ------------------------------------------------------------
    def taken(self, state) -> dict:
        return all_fours.count(all_fours.captured(state), self.pack.suits[state.trump])

    def summary(self, state):
        taken, pitcher = self.taken(state), state.vars["pitcher"]
        side = self.team_of[pitcher]
        tricks = sum(state.tricks_won[s] for s in self.teams[side])
        _, made = hand_scores(state.vars["high"], side,
                              all_fours.points_taken(taken, 2), tricks == state.cards)
        out = {"pitcher": pitcher, "bid": bid_text(state.vars["high"]),
               "trump": self.pack.suits[state.trump]}
        out.update({point: taken[point] for point in all_fours.POINTS})
        out["made"] = made
        return out

    def score_hand(self, state):
        side = self.team_of[state.vars["pitcher"]]
        tricks = sum(state.tricks_won[s] for s in self.teams[side])
        taken = all_fours.points_taken(self.taken(state), 2)
        scores, made = hand_scores(state.vars["high"], side, taken, tricks == state.cards)
        state.vars["made_by"] = side if made else None
        return scores

    def score_summary(self, state, summary):
        from games.pitch.sheet import read_summary

        return read_summary(self, state, summary)
