"""The one State API every engine game shares.

    state = game.new_match(seed=7)
    while not state.is_terminal():
        seat = state.current_player()
        action = state.legal_actions()[0]      # ints; texts via state.action_to_string
        assert state.check(action) is None     # else a RuleViolation (code, message)
        state.apply(action)                    # raises IllegalAction when illegal
    state.returns(); state.observation(seat); state.clone(); state.to_record(names)
    game.replay(seed, state.history) reproduces the same state.

Chance is not a player: each deal is drawn from a generator seeded with (game,
seed, hand number, re-deal attempt). A referee (the record checker) makes the
state with ``auto_deal=False``; it then waits before each hand, with
`current_player()` equal to ``CHANCE``, for `deal(written)` (a written deal, or
None for "unknown hands": every seat may hold any unseen card) or `deal_random()`;
a scoresheet hand with no card play is closed by `enter_summary(summary)`.
"""

from __future__ import annotations

import random

from games.engine.ending import cut_short
from games.engine.errors import IllegalAction, RuleViolation
from games.engine.text import N_, Text
from games.engine.tricks import WILD

CHANCE, OVER = -2, -1


class State:
    auto_deal = True

    def __init__(self, game, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                 boards=None):
        self.game = game
        self.boards = boards  # hand i dealt from board i (games.engine.boards), or None
        self.n = game.num_players
        self.seed = random.randrange(2**32) if seed is None else seed
        self.first_dealer = first_dealer % self.n
        self.auto_deal = auto_deal
        self.totals = list(game.start_totals())
        self.hands_won = [0] * len(game.teams)
        self.history: list[int] = []
        self.hand_log: list[dict] = []
        self.hand_index = 0
        self.attempt = 0
        self.over = False
        self.cut_short = False  # over at the ending's hand limit, not by the rules
        self._restarted = False
        self._begin_hand()

    # --- the hand's life --------------------------------------------------
    def _begin_hand(self) -> None:
        game = self.game
        board = self.board()
        self.dealer = game.dealer_for(self) if board is None else board["dealer"]
        self.cards = game.cards_for(self)
        self.table = game.new_table(self)
        self.vars: dict = {}
        self.trump: int | None = None
        self.bids: list = [None] * self.n
        self.bid_order: list[int] = []
        self.trick: list[tuple[int, int]] = []
        self.led: int | None = None
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.tricks_won = [0] * self.n
        self.played: list[list[int]] = [[] for _ in range(self.n)]
        self.voids: list[set] = [set() for _ in range(self.n)]
        self.events: list[int] = []
        self.event_seats: list[int] = []
        self.dealt: dict | None = None
        self.phase_index = -1
        self.to_move = CHANCE
        if self.auto_deal:
            self.deal_random()

    def start_at(self, hand_index: int, totals=None) -> None:
        """Begin hand `hand_index` (0-based) with these unit totals: for a referee or a
        bot that rebuilds a match from what it was told. The deal comes next (`deal`
        or `deal_random`, as the state was made)."""
        self.hand_index = hand_index
        self.totals = list(totals) if totals is not None else list(self.game.start_totals())
        self.attempt = 0
        self.over = self.cut_short = False
        self._begin_hand()

    def board(self) -> dict | None:
        """The board this hand is dealt from, when the match is played on boards."""
        boards = self.boards
        return boards[self.hand_index] if boards and self.hand_index < len(boards) else None

    def deal_random(self) -> None:
        """Deal the current hand from the seed (what a played match does), or from its
        board (a thrown-in board: from the board's re-deals)."""
        board = self.board()
        if board is None:
            rng = self.game.rng_for(self.seed, self.hand_index, self.attempt)
        else:
            from games.engine.boards import deal_from_board

            rng = deal_from_board(self, board)
            if rng is None:
                return
        self.game.deal(self, rng)
        self._after_deal()

    def deal(self, written: dict | None) -> list[dict]:
        """Deal the current hand as written: ``{"hands": [[codes] per seat], "turned":
        code, "<area>": [codes]}``; `None` or a missing ``hands`` means unknown hands
        (each seat may hold every card not placed elsewhere; check no play then).
        Returns problems as dicts with seat, field, code and message (none: dealt)."""
        problems = self.game.place_written_deal(self, written or {})
        if not problems:
            self._after_deal()
        return problems

    def _after_deal(self) -> None:
        self.dealt = self.game.written_deal(self)
        self.table.start_moves()
        self.game.after_deal(self)
        self.phase_index = -1
        self._next_phase()

    def _next_phase(self) -> None:
        phases = self.game.phases
        while True:
            self.phase_index += 1
            if self.phase_index >= len(phases):
                self._finish_hand(None)
                return
            phase = phases[self.phase_index]
            phase.begin(self)
            if self._restarted or not phase.done(self):
                return  # (a phase may throw the deal in from `begin`)

    def throw_in(self) -> None:
        """Everyone passed: the same dealer deals the same hand again."""
        self.attempt += 1
        self._begin_hand()
        self._restarted = True  # tells `apply` the phase it called is gone

    def _finish_hand(self, summary: dict | None) -> None:
        game = self.game
        if summary is None:
            summary = game.summary(self)
            scores = game.score_hand(self)
        else:
            scores = self.vars["sheet_scores"]
        for unit, points in enumerate(scores):
            self.totals[unit] += points
        for unit in game.hand_winners(self, scores):
            self.hands_won[unit] += 1
        self.hand_log.append({
            "dealer": self.dealer, "cards": self.cards, "deal": self.dealt,
            "events": [game.vocab.text(a) for a in self.events], "summary": summary,
            "scores": list(scores), "running": list(self.totals),
            "tricks": list(self.tricks_won),  # not in the record (the summary may say)
            "played": self.played,  # not in the record: who played which card id
            "moves": self.table.moves,  # nor this: cards out of / into each hand
        })
        self.hand_index += 1
        self.attempt = 0
        if self._match_over():
            self.over = True
            self.cut_short = not game.ending.over(self)
            self.to_move = OVER
            return
        self._begin_hand()

    def _match_over(self) -> bool:
        """A match on boards is over after its last board and not before: duplicate
        compares every table board by board, so a target reached or a match won outright
        (a Buck Euchre sweep) must not leave a table's later boards unplayed."""
        if self.boards is not None:
            return self.hand_index >= len(self.boards)
        return self.game.ending.over(self) or cut_short(self.game.ending, self)

    def enter_summary(self, summary) -> list[dict]:
        """Close the current (not yet played) hand from its scoresheet line. Returns
        problems (seat, field, code, message); the hand is scored only if none."""
        scores, problems = self.game.score_summary(self, summary)
        if scores is None:
            return problems or [{"seat": None, "field": "summary", "code": "bad-summary",
                                 "message": Text(N_("the summary cannot be scored"))}]
        self.vars["sheet_scores"] = scores
        self._finish_hand(summary)
        return problems

    # --- used by phases ---------------------------------------------------
    def play_card(self, seat: int, card: int, action: int) -> None:
        game = self.game
        suit = game.card_suit(self, card, seat)
        if not self.trick:
            self.led = game.led_suit(self, card, action)
        elif suit != self.led and suit != WILD and self.led is not None:
            self.voids[seat].add(self.led)  # (a wild card may be played while holding it)
        self.trick.append((seat, card))
        self.played[seat].append(card)
        self.table.put("trick", [card])

    def close_trick(self, winner: int) -> None:
        self.tricks.append((tuple(self.trick), winner))
        self.tricks_won[winner] += 1
        cards = [card for _, card in self.trick]
        for card in cards:
            self.table.take("trick", card)
        self.table.put("won", cards, winner)
        self.trick = []
        self.led = None

    # --- the API ----------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act; CHANCE (-2) while a referee's state waits for a deal; -1 at the end."""
        if self.over:
            return OVER
        if self.phase_index < 0:
            return CHANCE
        return self.game.phases[self.phase_index].to_move(self)

    def is_terminal(self) -> bool:
        """Over: ended by the rules, or cut short at the hand limit (`cut_short`)."""
        return self.over

    def finished(self) -> bool:
        """Ended by the rules: places and a winner exist."""
        return self.over and not self.cut_short

    def returns(self) -> list[int]:
        """Total of each seat (partners share their side's)."""
        return [self.totals[self.game.team_of[seat]] for seat in range(self.n)]

    def phase_name(self) -> str:
        if self.over:
            return "over"
        if self.phase_index < 0:
            return "deal"
        return self.game.phases[self.phase_index].name

    def legal_actions(self) -> list[int]:
        if self.over or self.phase_index < 0:
            return []
        return self.game.phases[self.phase_index].legal(self)

    def check(self, action) -> RuleViolation | None:
        """None when `action` (int or text form) is legal now, else the rule it breaks."""
        if self.over:
            return RuleViolation("game-over", Text(N_("the match is over")))
        if self.phase_index < 0:
            return RuleViolation("deal-expected", Text(N_("the hand is not dealt yet")))
        parsed = self._parse(action)
        if parsed is None:
            return RuleViolation("unknown-action", Text(N_("%(action)s is not an action of "
                                                           "this game"), action=repr(action)))
        return self.game.phases[self.phase_index].check(self, parsed)

    def apply(self, action, check: bool = True) -> None:
        """Apply `action` for the current player; raises IllegalAction. A referee
        replaying a hand whose deal is unknown passes ``check=False``."""
        if check:
            violation = self.check(action)
            if violation is not None:
                raise IllegalAction(violation)
        elif self.over or self.phase_index < 0:
            raise IllegalAction(RuleViolation("not-now", Text(N_("no action is expected now"))))
        action = self._parse(action)
        if action is None:
            raise IllegalAction(RuleViolation("unknown-action", Text(N_("not an action of this game"))))
        phase = self.game.phases[self.phase_index]
        seat = phase.to_move(self)
        self.history.append(action)
        self.events.append(action)
        self.event_seats.append(seat)
        self._restarted = False
        phase.apply(self, action)
        if self._restarted:  # thrown in and dealt again
            self._restarted = False
            return
        if self.phase_index >= 0 and phase.done(self) and not self.over:
            self._next_phase()

    def _parse(self, action) -> int | None:
        if type(action) is int:
            return action if 0 <= action < len(self.game.vocab) else None
        return self.game.vocab.parse(action)

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        for name in ("totals", "hands_won", "history", "hand_log", "bids", "bid_order",
                     "trick", "tricks", "tricks_won", "events", "event_seats"):
            setattr(other, name, list(getattr(self, name)))
        other.played = [list(p) for p in self.played]
        other.voids = [set(v) for v in self.voids]
        other.vars = {k: (set(v) if isinstance(v, set) else list(v) if isinstance(v, list)
                          else dict(v) if isinstance(v, dict) else v)
                      for k, v in self.vars.items()}
        other.table = self.table.clone()
        return other

    def observation(self, seat: int) -> dict:
        from games.engine.views import observation

        return observation(self, seat)

    def to_record(self, seats=None) -> dict:
        from games.engine.views import to_record

        return to_record(self, seats)

    def action_to_string(self, action: int) -> str:
        return self.game.vocab.text(action)

    def string_to_action(self, text) -> int | None:
        return self.game.vocab.parse(text)

    def __repr__(self) -> str:
        return (f"<State {self.game.name} hand {self.hand_index + 1} {self.phase_name()} "
                f"to_move={self.current_player()}>")
