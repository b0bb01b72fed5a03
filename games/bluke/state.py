"""The match state of the Bluke family: deal, then the hand's phases, score.

Chance is not a player: each deal is drawn from a generator seeded with
(game, seed, hand number, re-deal attempt), so a match replays exactly from its
seed plus its action list. After the deal a hand runs the game's phases
(`game.hand_phases`, see `table_phases`: bidding round, trick play); `step` is
the phase in progress and `phase` its name. Hands are bit masks; the current
trick keeps the winning seat and its strength so each play costs a few integer
operations.
"""

from __future__ import annotations

import random

from games.bluke.cards import NO_TRUMP, suit_letter
from games.engine.errors import IllegalAction, RuleViolation
from games.engine.text import not_an_action

BIDDING, PLAYING, OVER = "bid", "play", "over"  # the names of the phases (`State.phase`)
BETWEEN = "between"  # record replay only: a hand is scored and the next deal is not set yet


# Every field a State has. Slots keep attribute access fast (a plain instance dict
# stops sharing its keys beyond 30 attributes); `__dict__` still takes any extras.
_FIELDS = (
    "game", "n", "seed", "first_dealer", "totals", "history", "hand_log", "hand_index",
    "attempt", "last_trick", "_legal", "step", "dealer", "cards", "turned", "replacement",
    "dealt", "hands", "phase",
    "bids", "bid_order", "to_move", "trick", "trick_leader", "led", "best_seat",
    "best_strength", "tricks_won", "held", "voids", "broken", "plays_from", "tricks_left",
    "trump",
    "suit_table", "power", "trump_suit", "strength_by_led", "follow_masks",
)
_LIST_FIELDS = ("totals", "history", "hand_log", "bids", "bid_order", "hands", "trick",
                "tricks_won", "voids")  # copied by clone (`held` is replaced, never changed)


class State:
    """One match in progress. Use `GameRules.new_match` to create it."""

    __slots__ = (*_FIELDS, "__dict__")
    auto_deal = True  # the record checker turns this off and sets each deal itself

    def __init__(self, game, seed=None, first_dealer: int = 0, auto_deal: bool = True,
                 boards=None):
        self.game = game
        self.boards = boards  # hand i dealt from board i (games.bluke.boards), or None
        self.n = game.num_players
        self.seed = random.randrange(2**32) if seed is None else seed
        self.first_dealer = first_dealer % self.n
        self.totals = [0] * len(game.teams)
        self.history: list[int] = []
        self.hand_log: list[dict] = []
        self.hand_index = 0
        self.attempt = 0
        self.last_trick = None  # (seats, cards, winner) of the last finished trick
        self._legal = -1  # mask of legal cards from `legal_actions`, -1 once a move is made
        if auto_deal:
            self._deal_from_seed()
        else:  # a referee's state: it deals each hand itself (`start_at`, `start_hand`)
            self.auto_deal = False
            self.start_hand([0] * self.n, None)  # empty hands until then
            self._enter(game.hand_over)

    # --- dealing ----------------------------------------------------------
    def _deal_from_seed(self) -> None:
        game = self.game
        dealer = (self.first_dealer + self.hand_index) % self.n
        cards = game.schedule[self.hand_index]
        if self.boards:
            from games.bluke.boards import deal_from_board

            self.start_hand(*deal_from_board(game, self.boards[self.hand_index],
                                             self.hand_index, self.attempt))
            return
        rng = game.rng_for(self.seed, self.hand_index, self.attempt)
        hands, turned, extras = game.deal_cards(rng, cards, dealer, self.hand_index)
        self.start_hand(hands, turned, extras.get("replacement"))

    def start_hand(self, hands: list[int], turned: int | None, replacement=None) -> None:
        """Begin the current hand with the given deal (masks per seat, as dealt)."""
        game = self.game
        self.dealer = (self.first_dealer + self.hand_index) % self.n
        self.cards = game.schedule[self.hand_index]
        self.turned = turned
        self.set_trump(game.trump_for(turned))
        self.replacement = replacement
        self.dealt = list(hands)
        self.hands = game.fix_dealt_hands(list(hands), turned, replacement)
        self.held = tuple(self.hands)  # what each seat holds when play begins
        self.bids: list[int | None] = [None] * self.n
        self.bid_order: list[int] = []
        self.trick: list[int] = []
        self.trick_leader = -1  # the seat that led the current trick
        self.led = -1
        self.best_seat = -1
        self.best_strength = -1
        self.tricks_won = [0] * self.n
        self.voids = [0] * self.n
        self.broken = False
        self.plays_from = -1  # where this hand's plays start in `history` (-1: none yet)
        self.tricks_left = 0
        self.last_trick = None
        self._legal = -1
        self._enter(game.hand_phases[0])

    def _enter(self, step) -> None:
        self.step = step
        self.phase = step.name
        step.begin(self)

    def next_phase(self) -> None:
        """Called by a phase whose work is done: begin the next, or score the hand."""
        phases = self.game.hand_phases
        index = phases.index(self.step) + 1
        if index < len(phases):
            self._enter(phases[index])
        else:
            self._finish_hand()

    def throw_in(self) -> None:
        """Everyone passed: the same dealer deals the same hand again."""
        self.attempt += 1
        self._deal_from_seed()

    def start_at(self, hand_index: int, totals=None) -> None:
        """Make `hand_index` (0-based) the current hand, for a referee or a bot that
        deals it itself with `start_hand`; `totals` per unit when known."""
        self.hand_index = hand_index
        self.attempt = 0
        if totals is not None:
            self.totals = list(totals)

    def set_trump(self, trump: int) -> None:
        self.trump = trump
        self.suit_table = self.game.suit_table[trump]
        self.power = self.game.power[trump]
        self.trump_suit = trump  # NO_TRUMP (4) only matches New Jersey's lone Bluke
        self.strength_by_led = self.game.strength[trump]
        self.follow_masks = self.game.suit_masks[trump]

    # --- queries ----------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act, or -1 when the match is over."""
        return -1 if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def phase_name(self) -> str:
        """"bid", "play", "between" (a referee's hand is over) or "over"."""
        return self.phase

    def returns(self) -> list[int]:
        """Running (final, once terminal) total of each seat; partners share theirs."""
        team_of = self.game.team_of
        return [self.totals[team_of[seat]] for seat in range(self.n)]

    @property
    def trick_seats(self) -> list[int]:
        """Seats that played to the current trick, in order (the leader first)."""
        return [(self.trick_leader + i) % self.n for i in range(len(self.trick))]

    @property
    def played(self) -> list[int]:
        """Cards each seat has played this hand (masks): what it held when play began,
        less what it holds now (kept this way so that a play updates one mask, not two)."""
        return [held & ~hand for held, hand in zip(self.held, self.hands, strict=True)]

    @property
    def plays(self) -> list[int]:
        """This hand's card plays so far (actions, in order)."""
        return [] if self.plays_from < 0 else self.history[self.plays_from:]

    def leading(self) -> bool:
        return not self.trick

    def legal_actions(self) -> list[int]:
        return self.step.legal(self)

    def check(self, action) -> RuleViolation | None:
        """None when `action` is legal now, else the rule it breaks."""
        if isinstance(action, str):
            parsed = self.game.string_to_action(action)
            if parsed is None:
                return RuleViolation("unknown-action", not_an_action(action))
            action = parsed
        elif type(action) is not int:
            return RuleViolation("unknown-action", not_an_action(action))
        return self.step.check(self, action)

    # --- moves ------------------------------------------------------------
    def apply(self, action, check: bool = True) -> None:
        """Play `action` (int or text form) for the current player; raises IllegalAction.
        ``check=False`` (a referee replaying a hand whose deal is unknown, or whose
        breach it has already reported) applies a bid or a card play without the rules."""
        if type(action) is int and 0 <= action < 52:  # fast path: an ordinary card
            mask = self._legal  # set by legal_actions (so in trick play), -1 after a move
            if mask < 0:
                mask = self.step.card_mask(self)
            if mask >> action & 1:
                self.step.play(self, action, action)
                return
        if type(action) is not int:
            parsed = self.game.string_to_action(action)
            if parsed is None and check:
                raise IllegalAction(RuleViolation("unknown-action", not_an_action(action)))
            action = parsed
        if not check:
            self.step.apply_unchecked(self, action)
            return
        violation = self.step.check(self, action)
        if violation is not None:
            raise IllegalAction(violation)
        self.step.apply(self, action)

    def apply_many(self, actions: list[int], start: int = 0):
        """Apply `actions[start:]` (ints) in order, checked, until one breaks a rule:
        returns ``(index, RuleViolation)`` for it (not applied), or None when all
        were applied. The referee's loop over a hand's bids and plays: the phase
        takes what it can in one go (`apply_run`: legal bids, whole tricks), the rest
        goes one action at a time."""
        index, end = start, len(actions)
        while index < end:
            index = self.step.apply_run(self, actions, index)
            if index == end:
                break
            step, action = self.step, actions[index]  # the phase may have changed
            if type(action) is int and 0 <= action < 52 and step.card_mask(self) >> action & 1:
                step.play(self, action, action)
            else:
                violation = step.check(self, action) if type(action) is int \
                    else self.check(action)
                if violation is not None:
                    return index, violation
                step.apply(self, action)  # just checked
            index += 1
        return None

    def _finish_hand(self) -> None:
        game = self.game
        scores = game.score_from_counts(self.cards, self.bids, self.tricks_won, self.bid_order)
        for unit, points in enumerate(scores):
            self.totals[unit] += points
        self.hand_log.append(self._hand_entry(scores))
        self.hand_index += 1
        self.attempt = 0
        if self.hand_index == len(game.schedule) or (
                self.boards and self.hand_index == len(self.boards)):  # the last board
            self._enter(game.match_over)
        elif self.auto_deal:
            self._deal_from_seed()
        else:
            self._enter(game.hand_over)

    def _hand_entry(self, scores: list[int]) -> dict:
        return {
            "cards": self.cards, "dealer": self.dealer, "turned": self.turned,
            "trump": self.trump, "replacement": self.replacement, "dealt": self.dealt,
            "bids": list(self.bids), "bid_order": list(self.bid_order),
            "plays": self.plays, "tricks": list(self.tricks_won), "scores": list(scores),
        }

    # --- copies and views -------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        _copy_fields(self, other)
        return other

    def observation(self, seat: int) -> dict:
        from games.bluke.views import observation

        return observation(self, seat)

    def to_record(self, seats=None) -> dict:
        from games.bluke.views import to_record

        return to_record(self, seats)

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(action)

    def string_to_action(self, text) -> int | None:
        return self.game.string_to_action(text)

    @property
    def trump_letter(self) -> str | None:
        return suit_letter(self.trump) if self.trump != NO_TRUMP else None

    def __repr__(self) -> str:
        return (f"<State {self.game.name} hand {self.hand_index + 1}/{len(self.game.schedule)}"
                f" {self.phase} to_move={self.current_player()}>")


def _fields_copier():
    """`_copy_fields(src, dst)`: one statement per slot (setattr in a loop is 2x slower)."""
    lines = ["def _copy_fields(src, dst):"]
    for name in _FIELDS:
        value = f"list(src.{name})" if name in _LIST_FIELDS else f"src.{name}"
        lines.append(f"    dst.{name} = {value}")
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # code built from the constant _FIELDS only
    return namespace["_copy_fields"]


_copy_fields = _fields_copier()
