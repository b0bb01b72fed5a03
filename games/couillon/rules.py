"""Couillon on the rules engine.

Rules (the Denexa Games article "Couillon", with the product decisions where the text
miscounts; our own decisions are in docs/rules/couillon.md):

* Four players in two sides, partners across (seats 0 and 2 against 1 and 3).
* A pack of 24: A K Q J T 9 in each suit, ace high. The text's 32 cards contradict
  its 8-card stub and its point list, so the 8s and 7s are left out.
* Four cards each, dealt two at a time from the dealer's left. Of the eight cards
  left (the stub) the top one is turned face up (``deal.turned``, the upcard) and
  the bottom one (``deal.bottom``) waits face down.
* Trump: in turn from the dealer's left (left, partner, right, dealer) each player
  says ``accept`` or ``decline``. The first to accept makes the upcard's suit trump
  and their side the accepting side. When all four decline the bottom card is
  turned face up and its suit is trump; nobody has accepted.
* The dealer's left leads. A trump may always be played; otherwise a player follows
  suit if able, and a player void in the led suit plays any card. The highest trump
  wins, else the highest card of the led suit; the winner leads next.
* Cards score A 4, K 3, Q 2, J 1 (40 in all). The side with more points wins the
  hand; on equal points nobody wins, and the next hand with a winner counts double
  (never more than double).
* The board: each side starts with 5 lines (option ``lines``). A hand won erases one
  item of the winner's board (two on a double hand), marks before lines. When the
  accepting side loses the hand it gains a mark (two on a double hand), which needs
  one more win to erase. The first side with nothing left to erase wins the match.

Scores: a side's total is ``lines - (lines + marks left)``: each item it erases
adds 1, each mark it gains takes 1 away, so the side that reaches ``lines`` has
cleared its board and wins.
"""

from __future__ import annotations

from games.engine import (
    FOLLOW_OR_TRUMP_ANY_TIME,
    HAND,
    HIGHER_WINS,
    NOBODY,
    STOCK,
    TRICK,
    TURNED,
    WON,
    Area,
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
from games.engine.rng import shuffle
from games.engine.text import N_, Card, Text
from games.shared.wording import seat_choices, side_name

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
TOTAL_POINTS = 4 * sum(POINTS.values())
# the 8-card stub is never played; at most it holds the four aces and four kings
LEAST_PLAYED = TOTAL_POINTS - 4 * (POINTS["A"] + POINTS["K"])
# the stub's last card: trump when all decline; written as a code or a list of one
BOTTOM = Area("bottom", NOBODY, code_alone=True)
ACCEPT, DECLINE = "accept", "decline"


class TrumpRound(Phase):
    """Accept or decline the upcard's suit, in turn from the dealer's left."""

    name = "trump"

    def begin(self, state):
        state.to_move = (state.dealer + 1) % state.n
        state.vars["declined"] = 0
        state.vars["acceptor"] = None

    def legal(self, state):
        return [state.game.accept, state.game.decline]

    def check(self, state, action):
        game = state.game
        if action not in (game.accept, game.decline):
            return RuleViolation("trump-expected", Text(N_("first accept or decline the "
                                                           "upcard's suit")))
        if action == game.decline and state.vars["declined"] == state.n - 1 \
                and not state.table.of("bottom"):
            return RuleViolation("bottom-unknown", Text(N_(
                "all four declined: the deal must name the bottom card of the stub "
                "(deal.bottom), which sets trump")))
        return None

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        if action == game.accept:
            state.vars["acceptor"] = seat
            state.trump = game.suit_of_area(state, "turned")
            return
        state.vars["declined"] += 1
        state.to_move = (seat + 1) % state.n
        if state.vars["declined"] == state.n:
            for card in state.table.of("bottom"):
                state.table.show(card)
            state.trump = game.suit_of_area(state, "bottom")

    def done(self, state):
        return state.vars["acceptor"] is not None or state.vars["declined"] == state.n


def board_after(board, winner, accepting, double):
    """The board ``[[lines, marks], [lines, marks]]`` after one hand."""
    board = [list(side) for side in board]
    times = 2 if double else 1
    if winner is None:
        return board
    for _ in range(times):
        side = board[winner]
        if side[1]:
            side[1] -= 1
        elif side[0]:
            side[0] -= 1
    if accepting is not None and accepting != winner:
        board[accepting][1] += times
    return board


def left_to_erase(side) -> int:
    return side[0] + side[1]


class Couillon(EngineGame):
    name = "couillon"
    title = "Couillon"
    min_players = max_players = 4
    partnership = True
    pack = Pack(ranks="9TJQKA")
    areas = (HAND, WON, TRICK, TURNED, BOTTOM, STOCK)
    ranking = HIGHER_WINS
    OPTIONS = (Option("lines", "int", 5, "lines on each side's half of the board: the "
                      "items a side must erase to win", minimum=1, maximum=20),)
    SUMMARY_SCHEMA = {
        "trump": {"title": "Trump", "x-per": "hand", "enum": ["S", "H", "D", "C"],
                  "description": "the upcard's suit when someone accepted, else the bottom "
                                 "card's"},
        "accepted": {"title": "Accepted by", "x-per": "hand", "type": ["integer", "null"],
                     "minimum": 0, "maximum": 3, "x-names": "seat",
                     "description": "the player who accepted trump; none when all declined"},
        "points": {"title": "Card points", "x-per": "side", "type": "array",
                   "items": {"type": "integer", "minimum": 0, "maximum": TOTAL_POINTS},
                   "minItems": 2, "maxItems": 2,
                   "description": "each side's card points (ace 4, king 3, queen 2, jack 1; "
                                  "40 in all)"},
        "winner": {"title": "Winner", "x-per": "hand", "type": ["integer", "null"],
                   "minimum": 0, "maximum": 1, "x-names": "side",
                   "description": "the side with more card points; none on equal points"},
        "double": {"title": "Double", "x-per": "hand", "type": "boolean",
                   "description": "the hand counts double (a tie came before it)"},
        "lines": {"title": "Lines left", "x-per": "side", "type": "array",
                  "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2,
                  "description": "the lines left on each side's board after this hand"},
        "marks": {"title": "Marks", "x-per": "side", "type": "array",
                  "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2,
                  "description": "the marks on each side's board after this hand (a mark "
                                 "is gained when the accepting side loses)"},
    }

    def build_teams(self):
        return [[0, 2], [1, 3]]

    def build_vocabulary(self):
        vocab = Vocabulary()
        self.accept = vocab.word(ACCEPT)
        self.decline = vocab.word(DECLINE)
        vocab.cards(self.pack)
        return vocab

    def build_phases(self):
        return [TrumpRound(), TrickPlay(follow=FOLLOW_OR_TRUMP_ANY_TIME)]

    def build_ending(self):
        return TargetScore(self.options["lines"], cards=4)

    # --- the deal -------------------------------------------------------------
    def deal(self, state, rng):
        """Two cards at a time from the dealer's left; the stub's top card turned, its
        bottom card apart."""
        deck = self.pack.ids()
        shuffle(deck, rng)
        n, at = state.n, 0
        for _ in range(2):
            for k in range(n):
                state.table.put("hand", deck[at:at + 2], (state.dealer + 1 + k) % n)
                at += 2
        stub = deck[at:]
        state.table.put("turned", stub[:1])
        state.table.put("stock", stub[1:-1])
        state.table.put("bottom", stub[-1:])

    def after_deal(self, state):
        state.trump = None  # nothing is trump until accepted or all declined

    def board_problems(self, board, summary):
        """The trump a line states is its board's upcard's suit when someone accepted,
        else its bottom card's."""
        area = "turned" if summary.get("accepted") is not None else "bottom"
        card = board["deal"].get(area)
        card = card[0] if isinstance(card, list) and card else card
        return trump_against_card(self.pack, summary, card,
                                  "upcard" if area == "turned" else "bottom card")

    def suit_of_area(self, state, area):
        cards = state.table.of(area)
        return self.pack.suit_of[self.pack.face_of[cards[0]]] if cards else None

    # --- the board --------------------------------------------------------------
    def fresh_board(self):
        return [[self.options["lines"], 0] for _ in self.teams]

    def history(self, state):
        """The board before this hand and whether this hand counts double, from the
        hands already played (their scoresheet lines)."""
        board, double = self.fresh_board(), False
        for entry in state.hand_log:
            summary = entry["summary"]  # a written line is read by its points, as scored
            winner = self.winner_of(summary["points"])
            board = board_after(board, winner, self._side(summary["accepted"]), double)
            double = winner is None
        if not state.hand_log and state.hand_index:  # a bot's state rebuilt from totals
            lines = self.options["lines"]
            board = [[min(lines - total, lines), max(-total, 0)] for total in state.totals]
        return board, double

    def _side(self, seat):
        return None if seat is None else self.team_of[seat]

    def hand_points(self, state) -> list[int]:
        points = [0, 0]
        for plays, winner in state.tricks:
            for _, card in plays:
                points[self.team_of[winner]] += POINTS.get(self.pack.code(card)[0], 0)
        return points

    @staticmethod
    def winner_of(points):
        return None if points[0] == points[1] else int(points[1] > points[0])

    def _outcome(self, state, points, accepted):
        """(summary without trump, scores) for a hand with these points."""
        board, double = self.history(state)
        winner = self.winner_of(points)
        after = board_after(board, winner, self._side(accepted), double)
        scores = [left_to_erase(b) - left_to_erase(a) for b, a in zip(board, after, strict=True)]
        summary = {"accepted": accepted, "points": list(points), "winner": winner,
                   "double": double and winner is not None,
                   "lines": [side[0] for side in after], "marks": [side[1] for side in after]}
        return summary, scores

    def summary(self, state):
        summary, _ = self._outcome(state, self.hand_points(state), state.vars["acceptor"])
        trump = None if state.trump is None else self.pack.suits[state.trump]
        return {"trump": trump, **summary}  # (None only in a referee's unchecked replay)

    def score_hand(self, state):
        return self._outcome(state, self.hand_points(state), state.vars["acceptor"])[1]

    # --- a scoresheet line --------------------------------------------------------
    def score_summary(self, state, summary):
        problems = self._sheet_shape(summary) or self._sheet_trump_against_deal(state, summary)
        if problems:
            return None, problems
        computed, scores = self._outcome(state, summary["points"], summary["accepted"])
        for field in ("winner", "double", "lines", "marks"):
            if field in summary and summary[field] != computed[field]:
                problems.append(self._mismatch(field, summary[field], computed[field]))
        return scores, problems

    def _sheet_trump_against_deal(self, state, summary) -> list[dict]:
        """With a deal written on the line, trump is the upcard's suit when someone
        accepted and the bottom card's when all four declined."""
        area = "turned" if summary["accepted"] is not None else "bottom"
        cards = state.table.of(area)
        if not cards:
            return []  # that part of the deal is not written
        suit = self.pack.suits[self.pack.suit_of[self.pack.face_of[cards[0]]]]
        if str(summary["trump"]).upper() == suit:
            return []
        template = N_("trump is written as %(trump)s but the upcard, %(card)s, makes it "
                      "%(suit)s") if area == "turned" else \
            N_("trump is written as %(trump)s but the bottom card, %(card)s, makes it "
               "%(suit)s")
        return [_problem(None, "trump", "trump-mismatch",
                         Text(template, trump=repr(summary["trump"]),
                              card=Card(self.pack.code(cards[0])), suit=Card(suit)))]

    def _sheet_shape(self, summary) -> list[dict]:
        problems = []
        if self.pack.suit_index(summary.get("trump")) is None \
                or len(str(summary.get("trump"))) != 1:
            problems.append(_problem(None, "trump", "bad-trump",
                                     Text(N_("trump must be one suit letter: S, H, D or "
                                             "C"))))
        accepted = summary.get("accepted", "missing")
        if accepted is not None and (type(accepted) is not int or not 0 <= accepted < 4):
            problems.append(_problem(None, "accepted", "bad-seat",
                                     Text(N_("accepted must be the seat that accepted trump, "
                                             "written %(choices)s; not %(written)s"),
                                          choices=seat_choices(4, or_null=True),
                                          written=repr(accepted))))
        points = summary.get("points")
        if not isinstance(points, list) or len(points) != 2:
            problems.append(_problem(None, "points", "bad-shape",
                                     Text(N_("points must list the card points of each "
                                             "side"))))
        else:
            for side, value in enumerate(points):
                if type(value) is not int or not 0 <= value <= TOTAL_POINTS:
                    problems.append(_problem(self.teams[side][0], "points", "points-range",
                                             Text(N_("%(side)s' points %(value)s are not 0 "
                                                     "to %(total)s"),
                                                  side=side_name(self.teams[side]),
                                                  value=repr(value), total=TOTAL_POINTS)))
            if not problems and not LEAST_PLAYED <= sum(points) <= TOTAL_POINTS:
                problems.append(_problem(None, "points", "points-sum",
                                         Text(N_("the points add up to %(sum)s: the 16 cards "
                                                 "played hold %(low)s to %(high)s"),
                                              sum=sum(points), low=LEAST_PLAYED,
                                              high=TOTAL_POINTS)))
        return problems

    def _mismatch(self, field, have, want) -> dict:
        seat = None
        if isinstance(have, list) and isinstance(want, list) and len(have) == len(want):
            seat = next((self.teams[i][0] for i, (h, w) in enumerate(zip(have, want,
                                                                         strict=True))
                         if h != w), None)
        code = "board-mismatch" if field in ("lines", "marks") else f"{field}-mismatch"
        return _problem(seat, field, code, Text(N_("%(field)s is written as %(have)s but the "
                                                   "points and the earlier hands give "
                                                   "%(want)s"), field=field, have=repr(have),
                                                want=repr(want)))


def _problem(seat, field, code, message) -> dict:
    return {"seat": seat, "field": f"summary.{field}", "code": code, "message": message}
