"""Six-Pack Bezique on the rules engine.

Rules (the Denexa Games article "Bezique", with the product decisions; our own decisions
are in docs/rules/six-pack-bezique.md):

* Two players; six 32-card packs (192 cards), ranks A T K Q J 9 8 7 from high to
  low in each suit. One deal is the game.
* The cut: the dealer cuts as near 24 cards as possible and the non-dealer guesses
  the count (``guess:23``); the count is known once the dealer deals from the cut
  (``cut:24``). Exactly 24 scores 250 for the dealer; an exact guess 150 for the
  non-dealer. Each player gets 12 cards; the other 168 are the stock.
* Carte blanche: before play, a player whose hand holds no king, queen or jack may
  show it for 250 (``blanche``, or ``no-blanche``); after that, each card drawn that
  is no face card may be shown at once for another 250, until a face card is drawn
  or a card is not shown.
* Play while the stock lasts: the non-dealer leads; any card may be played; the
  higher card of the led suit wins, or, once trump is set, a trump on another suit;
  equal cards: the leader wins. The trick's winner may then lay melds, each naming
  its cards (``meld:four-J:JS+JD+JD+table:JD``, games/rules/bezique_lays.py), and
  score one meld per trick won, of its choice among those laid in the turn and those
  waiting (``score:four-J``); the turn ends with ``done`` (games/rules/bezique_turn.py).
  The winner draws, then the other.
* Trump is the suit of the first marriage or sequence laid (scored or not).
* Melds (games/rules/bezique_melds.py decides what a meld may use): sequence A-T-K-Q-J
  250 in trumps, 150 otherwise; marriage K-Q 40 in trumps, 20 otherwise; four aces
  100, kings 80, queens 60, jacks 40; four aces of trumps 1000, tens 900, kings 800,
  queens 600, jacks 400; bezique (QS-JD) 40, double 500, triple 1500, quadruple 4500.
* The last twelve tricks, once the stock is gone: the melds go back into the hands;
  the second player must follow suit and win the trick if able, and when void must
  trump if able. The last trick scores 250.
* The higher score gets 1000 more; if the loser has under 3000 points (the Rubicon)
  the winner also adds the loser's score. Equal scores: no bonus.
"""

from __future__ import annotations

from functools import cache

from games.engine import (
    HAND,
    STOCK,
    TRICK,
    WON,
    Choice,
    EngineGame,
    Pack,
    SetNumberOfHands,
    State,
)
from games.engine.boards import mismatch
from games.engine.text import N_, Text
from games.six_pack_bezique.lays import LAYS, BeziqueVocabulary, lay_value
from games.six_pack_bezique.melds import KIND_CODES, SUITS, Book
from games.six_pack_bezique.play import TRICKS, BeziquePlay, OpeningBlanche
from games.six_pack_bezique.sheet import SUMMARY_SCHEMA, score_sheet

__all__ = ["TRICKS", "BeziquePlay", "SixPackBezique", "cut_bonuses", "final_scores"]

CARDS, PLAYERS = 12, 2
CUT_TARGET, MAX_CUT = 24, 96
CUT_BONUS, GUESS_BONUS, LAST_TRICK = 250, 150, 250
GAME_BONUS, RUBICON = 1000, 3000
# how far from 24 the dealer's cut lands: 20% exact, at most 4 away
CUT_OFFSETS = (-4, -3, -3, -2, -2, -2, -1, -1, -1, -1, 0, 0, 0, 0, 0,
               1, 1, 1, 1, 2, 2, 2, 3, 3, 4)


def final_scores(points: list[int]) -> tuple[list[int], list[int], list[int]]:
    """(final scores, game bonus, Rubicon bonus) from the points of the hand."""
    game_bonus, rubicon = [0, 0], [0, 0]
    if points[0] != points[1]:
        winner = 0 if points[0] > points[1] else 1
        loser = 1 - winner
        game_bonus[winner] = GAME_BONUS
        if points[loser] < RUBICON:
            rubicon[winner] = points[loser]
    final = [p + g + r for p, g, r in zip(points, game_bonus, rubicon, strict=True)]
    return final, game_bonus, rubicon


def cut_bonuses(dealer: int, cut: int, guess: int) -> list[int]:
    bonus = [0, 0]
    if cut == CUT_TARGET:
        bonus[dealer] += CUT_BONUS
    if guess == cut:
        bonus[1 - dealer] += GUESS_BONUS
    return bonus


@cache
def shared_vocabulary(pack) -> BeziqueVocabulary:
    """Built once (its 1,600 lays take a while) and shared: a vocabulary is read-only."""
    vocab = BeziqueVocabulary()
    vocab.numbers("guess", 1, MAX_CUT)
    vocab.numbers("cut", 1, MAX_CUT)
    vocab.word("blanche")
    vocab.word("no-blanche")
    vocab.cards(pack)
    vocab.family("table", pack.faces)
    # "meld:four-J" (the short form: the rules pick the cards), then every lay that
    # names its cards ("meld:four-J:JS+JD+JD+table:JD")
    vocab.family("meld", [*KIND_CODES, *(lay_value(kind, lay) for kind, lay in LAYS)])
    vocab.family("score", KIND_CODES)
    vocab.word("done")
    return vocab


# --- the state: its observation adds the public meld table ---------------------------
class BeziqueState(State):
    def clone(self):
        other = super().clone()
        other.__class__ = BeziqueState
        return other

    def observation(self, seat):
        seen = super().observation(seat)
        book, stock = Book(self), self.table.of("stock") if self.phase_index >= 0 else []
        seen["bezique"] = {
            "melds": [book.public(s) for s in range(self.n)],
            "points": list(self.vars.get("points", [0, 0])),
            "stock": len(stock),
            "endgame": bool(self.vars.get("endgame")),
            "step": self.vars.get("step"),
            "scored_now": bool(self.vars.get("scored_now")),
            "blanche_on": list(self.vars.get("blanche_on", [False, False])),
        }
        return seen


class SixPackBezique(EngineGame):
    name = "six-pack-bezique"
    title = "Six-Pack Bezique"
    min_players = max_players = PLAYERS
    pack = Pack(ranks="789JQKTA", copies=6)
    areas = (HAND, WON, TRICK, STOCK)
    turns_trump = False
    OPTIONS = ()
    SUMMARY_SCHEMA = SUMMARY_SCHEMA

    def build_vocabulary(self):
        vocab = shared_vocabulary(self.pack)
        self.BLANCHE, self.NO_BLANCHE = vocab.parse("blanche"), vocab.parse("no-blanche")
        self.DONE = vocab.parse("done")
        start = vocab.families["meld"].start + len(KIND_CODES)
        self.lay_actions = {lay: start + index for index, lay in enumerate(LAYS)}
        return vocab

    def build_phases(self):
        guesser = lambda state: 1 - state.dealer  # noqa: E731
        dealer = lambda state: state.dealer  # noqa: E731
        return [Choice("guess", guesser, lambda state: self.vocab.families["guess"], self._guess),
                Choice("cut", dealer, self._cuts, self._cut),
                OpeningBlanche(), BeziquePlay()]

    def build_ending(self):
        return SetNumberOfHands(1, cards=CARDS)

    def new_match(self, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                  boards=None):
        return BeziqueState(self, seed=seed, first_dealer=first_dealer, auto_deal=auto_deal,
                            boards=self.prepare_boards(boards))

    def meld_of(self, action: int) -> tuple[str, tuple | None]:
        """(meld code, the cards a lay names or None for the short form) of a meld action."""
        index = action - self.vocab.families["meld"].start
        if index < len(KIND_CODES):
            return KIND_CODES[index], None
        return LAYS[index - len(KIND_CODES)]

    def tricks_in_hand(self, state):
        return TRICKS

    # --- the deal and the cut ---------------------------------------------------
    def deal(self, state, rng):
        """Twelve cards each, one at a time from the dealer's left; the rest is the stock
        in drawing order. (The stdlib shuffle: the fast one stops at 64 cards.)"""
        deck = self.pack.ids()
        rng.shuffle(deck)
        for k in range(PLAYERS):
            state.table.put("hand", deck[k:PLAYERS * CARDS:PLAYERS], (state.dealer + 1 + k) % 2)
        state.table.put("stock", deck[PLAYERS * CARDS:])
        state.vars["cut"] = CUT_TARGET + rng.choice(CUT_OFFSETS)  # where the cut lands

    def after_deal(self, state):
        state.vars.update(points=[0, 0], blanches=[0, 0], blanche_on=[False, False],
                          drawn=[None, None], scored=[])

    def deal_needs(self, state):
        return ("stock",)  # the draws come from it

    def place_written_deal(self, state, written):
        """The stock is the whole undealt rest: a short one is named at the stock, not
        at the card play that finds a hand one card short."""
        stock = written.get("stock") if isinstance(written, dict) else None
        rest = self.pack.size - PLAYERS * CARDS
        if isinstance(stock, list) and len(stock) != rest:
            return [{"seat": None, "field": "deal.stock", "code": "deal-size",
                     "message": Text(N_("the stock is the %(rest)s cards left after the deal, not %(count)s"), rest=rest, count=len(stock))}]
        return super().place_written_deal(state, written)

    # --- boards: the board fixes the whole pack order, and the cut chance gave -------
    def board_chance(self, state):
        return {"cut": state.vars["cut"]}

    def place_board_chance(self, state, chance):
        if "cut" in chance:
            state.vars["cut"] = chance["cut"]

    def board_problems(self, board, summary):
        cut = (board.get("chance") or {}).get("cut")
        if cut is None or summary.get("cut") == cut:
            return []
        return [mismatch("summary.cut", Text(
            N_("the cut is written as %(have)s but the board's cut is %(cut)s"),
            have=repr(summary.get("cut")), cut=cut))]

    def _guess(self, state, action):
        state.vars["guess"] = self.vocab.number(action, "guess")

    def _cuts(self, state):
        cut = state.vars.get("cut")
        family = self.vocab.families["cut"]
        return family if cut is None else [self.vocab.numbered(cut, "cut")]

    def _cut(self, state, action):
        state.vars["cut"] = cut = self.vocab.number(action, "cut")
        bonus = cut_bonuses(state.dealer, cut, state.vars["guess"])
        for seat in range(PLAYERS):
            state.vars["points"][seat] += bonus[seat]

    # --- scoring -------------------------------------------------------------------
    def hand_points(self, state) -> list[int]:
        points = list(state.vars["points"])
        points[state.vars["last"]] += LAST_TRICK
        return points

    def score_hand(self, state):
        return final_scores(self.hand_points(state))[0]

    def summary(self, state):
        points = self.hand_points(state)
        final, game_bonus, rubicon = final_scores(points)
        v = state.vars
        return {
            "cut": v["cut"], "guess": v["guess"],
            "cut_bonus": cut_bonuses(state.dealer, v["cut"], v["guess"]),
            "carte_blanche": list(v["blanches"]),
            "trump": None if state.trump is None else SUITS[state.trump],
            "melds": [{"seat": s, "meld": k, "points": p} for s, k, p in v["scored"]],
            "last_trick": v["last"],
            "points": points, "game_bonus": game_bonus, "rubicon_bonus": rubicon,
            "final": final,
        }

    def score_summary(self, state, summary):
        return score_sheet(state.dealer, summary)
