"""The match state machine shared by every game: deal, bid, play tricks, score.

Chance is not a player: each deal is drawn from a generator seeded with
(game, seed, hand number, re-deal attempt), so a match replays exactly from its
seed plus its action list. Hands are bit masks; the current trick keeps the
winning seat and its strength so each play costs a few integer operations.
"""

from __future__ import annotations

import random

from . import actions as A
from .cards import CODES, JOKER_BITS, NO_TRUMP, SUIT_BITS, suit_letter
from .errors import IllegalAction, RuleViolation
from .game import WILD

BIDDING, PLAYING, OVER = "bid", "play", "over"
BETWEEN = "between"  # record replay only: a hand is scored and the next deal is not set yet
SPADE_BITS, HEART_BITS, DIAMOND_BITS, CLUB_BITS = SUIT_BITS  # 13-bit pattern -> cards
BIT = [1 << card for card in range(54)]
CLEAR_BIT = [~bit for bit in BIT]
LO_BIT = BIT[52]


# Every field a State has. Slots keep attribute access fast (a plain instance dict
# stops sharing its keys beyond 30 attributes); `__dict__` still takes any extras.
_FIELDS = (
    "game", "n", "seed", "first_dealer", "totals", "history", "hand_log", "hand_index",
    "attempt", "last_trick", "_legal", "_plain_follow", "_plain_voids", "_tracks_broken",
    "_names_suit", "dealer", "cards", "turned", "replacement", "dealt", "hands", "phase",
    "bids", "bid_order", "to_move", "trick", "trick_seats", "led", "best_seat",
    "best_strength", "tricks_won", "played", "voids", "broken", "plays", "trump",
    "suit_table", "power", "trump_suit", "strength_by_led", "follow_masks",
)
_LIST_FIELDS = ("totals", "history", "hand_log", "bids", "bid_order", "hands", "trick",
                "trick_seats", "tricks_won", "played", "voids", "plays")  # copied by clone


class State:
    """One match in progress. Use `GameRules.new_match` to create it."""

    __slots__ = (*_FIELDS, "__dict__")
    auto_deal = True  # the record checker turns this off and sets each deal itself

    def __init__(self, game, seed=None, first_dealer: int = 0):
        self.game = game
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
        # Hot-path flags: standard rule hooks are inlined (see `GameRules.plain_follow`).
        self._plain_follow = game.plain_follow
        self._plain_voids = game.plain_voids
        self._tracks_broken = game.tracks_broken
        self._names_suit = game.jokers_name_suit
        self._deal_from_seed()

    # --- dealing ----------------------------------------------------------
    def _deal_from_seed(self) -> None:
        game = self.game
        dealer = (self.first_dealer + self.hand_index) % self.n
        cards = game.schedule[self.hand_index]
        rng = game.rng_for(self.seed, self.hand_index, self.attempt)
        hands, turned, extras = game.deal(rng, cards, dealer, self.hand_index)
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
        self.hands = game.after_deal(list(hands), turned, replacement)
        self.phase = BIDDING
        self.bids: list[int | None] = [None] * self.n
        self.bid_order: list[int] = []
        self.to_move = game.first_bidder(self.dealer)
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1
        self.best_seat = -1
        self.best_strength = -1
        self.tricks_won = [0] * self.n
        self.played = [0] * self.n
        self.voids = [0] * self.n
        self.broken = False
        self.plays: list[int] = []
        self.last_trick = None
        self._legal = -1

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

    def leading(self) -> bool:
        return not self.trick

    def legal_actions(self) -> list[int]:
        if self.phase != PLAYING:
            return self.game.bid_actions(self, self.to_move) if self.phase == BIDDING else []
        hand = self.hands[self.to_move]
        if not self._plain_follow:
            mask = self.game.play_mask(self, self.to_move)
        elif self.trick:  # the standard rule (`GameRules.play_mask`), inlined
            masks = self.follow_masks
            follow = hand & masks[self.led]
            mask = follow | (hand & masks[WILD]) if follow else hand
        else:
            mask = hand
        self._legal = mask  # kept for the `apply` that follows
        acts = [  # cards_of(mask), inlined: one table look-up per suit
            *SPADE_BITS[mask & 8191], *HEART_BITS[mask >> 13 & 8191],
            *DIAMOND_BITS[mask >> 26 & 8191], *CLUB_BITS[mask >> 39 & 8191],
        ]
        if mask >= LO_BIT:  # holds a joker (a comparison makes no new big int)
            if not self.trick and self._names_suit:  # a led Bluke names the suit to follow
                for joker in (52, 53):
                    if mask >> joker & 1:
                        base = A.JOKER_LEAD_BASE + 4 * (joker - 52)
                        acts.extend(range(base, base + 4))
            else:
                acts += JOKER_BITS[mask >> 52]
        return acts

    def _legal_mask(self) -> int:
        """`game.play_mask` for the seat to move, inlined for the standard rule."""
        if not self._plain_follow:
            return self.game.play_mask(self, self.to_move)
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        masks = self.follow_masks
        follow = hand & masks[self.led]
        return follow | (hand & masks[WILD]) if follow else hand

    def check(self, action) -> RuleViolation | None:
        """None when `action` is legal now, else the rule it breaks."""
        if isinstance(action, str):
            parsed = self.game.string_to_action(action)
            if parsed is None:
                return RuleViolation("unknown-action", f"{action!r} is not an action")
            action = parsed
        elif type(action) is not int:
            return RuleViolation("unknown-action", f"{action!r} is not an action")
        if self.phase == OVER:
            return RuleViolation("game-over", "the match is over")
        if self.phase == BIDDING:
            if not A.is_bid(action) and 0 <= action < A.BID_BASE:
                return RuleViolation("bid-expected", "it is time to bid, not to play a card")
            return self.game.bid_violation(self, self.to_move, action)
        if A.is_bid(action):
            return RuleViolation("card-expected", "bidding is over; play a card")
        if not 0 <= action < A.JOKER_LEAD_BASE + 8:
            return RuleViolation("unknown-action", f"{action!r} is not an action")
        return self._play_violation(self.to_move, *A.split_play(action))

    def _play_violation(self, seat: int, card: int, named) -> RuleViolation | None:
        if not (self.hands[seat] >> card) & 1:
            return RuleViolation("card-not-in-hand", f"{CODES[card]} is not in the hand")
        if card >= 52 and self.game.jokers_name_suit:
            if self.trick and named is not None:
                return RuleViolation(
                    "joker-suit-not-leading", "only a Bluke that leads a trick names a suit")
            if not self.trick and named is None:
                return RuleViolation(
                    "joker-suit-missing", f"a led {CODES[card]} must name the suit to follow")
        elif named is not None:
            return RuleViolation("joker-suit-not-used", "only a led Bluke names a suit")
        if not (self.game.play_mask(self, seat) >> card) & 1:
            return self.game.explain_illegal(self, seat, card)
        return None

    # --- moves ------------------------------------------------------------
    def apply(self, action, check: bool = True) -> None:
        """Play `action` (int or text form) for the current player; raises IllegalAction.
        ``check=False`` (a referee replaying a hand whose deal is unknown, or whose
        breach it has already reported) applies a bid or a card play without the rules."""
        if type(action) is int and 0 <= action < 52:  # fast path: an ordinary card
            mask = self._legal  # set by legal_actions (so in the play phase), -1 after a move
            if mask < 0:
                mask = self._legal_mask() if self.phase == PLAYING else 0
            if mask >> action & 1:
                self._play(self.to_move, action, None, action)
                return
        if check:
            self._apply_checked(action)
            return
        action = self.game.string_to_action(action) if type(action) is not int else action
        if self.phase == BIDDING and action is not None and A.is_bid(action):
            self._bid(self.to_move, action)
            return
        if self.phase != PLAYING or action is None or not 0 <= action < A.JOKER_LEAD_BASE + 8:
            raise IllegalAction(RuleViolation("not-now", f"{action!r} cannot be applied now"))
        card, named = A.split_play(action)
        self._play(self.to_move, card, named, action)

    def apply_many(self, actions: list[int], start: int = 0):
        """Apply `actions[start:]` (ints) in order, checked, until one breaks a rule:
        returns ``(index, RuleViolation)`` for it (not applied), or None when all
        were applied. The referee's loop over a hand's bids and plays, kept here so
        a card costs what it costs in a playout."""
        legal_mask, play, bid_violation = self._legal_mask, self._play, self.game.bid_violation
        for index in range(start, len(actions)):
            action = actions[index]
            if self.phase == PLAYING and action < 52 and legal_mask() >> action & 1:
                play(self.to_move, action, None, action)
                continue
            if self.phase == BIDDING and A.BID_BASE <= action <= A.BOARD:  # what check() does
                violation = bid_violation(self, self.to_move, action)
                if violation is None:
                    self._bid(self.to_move, action)
                    continue
                return index, violation
            violation = self.check(action)
            if violation is not None:
                return index, violation
            self.apply(action, check=False)  # just checked
        return None

    def _apply_checked(self, action) -> None:
        if type(action) is not int:
            parsed = self.game.string_to_action(action)
            if parsed is None:
                raise IllegalAction(RuleViolation("unknown-action", f"{action!r} is not an action"))
            action = parsed
        seat = self.to_move
        if self.phase == BIDDING and A.BID_BASE <= action <= A.BOARD:  # what check() does
            violation = self.game.bid_violation(self, seat, action)
        else:
            violation = self.check(action)
        if violation is not None:
            raise IllegalAction(violation)
        if self.phase == BIDDING:
            self._bid(seat, action)
        else:
            card, named = A.split_play(action)
            self._play(seat, card, named, action)

    def _bid(self, seat: int, action: int) -> None:
        self._legal = -1
        self.history.append(action)
        self.bids[seat] = action
        self.bid_order.append(seat)
        if len(self.bid_order) < self.n:
            self.to_move = (seat + 1) % self.n
            return
        leader = self.game.opening_leader(self)
        if leader is None and not self.auto_deal:
            # a referee replays the hand as written (and reports the thrown-in deal)
            leader = (self.dealer + 1) % self.n
        if leader is None:  # everyone passed: same dealer deals the same hand again
            self.attempt += 1
            self._deal_from_seed()
            return
        self.phase = PLAYING
        self.to_move = leader

    def _play(self, seat: int, card: int, named, action: int) -> None:
        self._legal = -1
        self.history.append(action)
        self.plays.append(action)
        self.hands[seat] &= CLEAR_BIT[card]  # tables: no new big ints for 1 << card, ~bit
        self.played[seat] |= BIT[card]
        suit = self.suit_table[card]
        trick = self.trick
        if trick:
            led = self.led
            if suit != led and suit != WILD:
                if self._plain_voids:
                    self.voids[seat] |= 1 << led
                else:
                    self.game.note_void(self, seat, card)
        else:
            led = self.led = (named or 0) if suit == WILD else suit
        if self._tracks_broken and suit == self.trump_suit:
            self.game.note_trump_played(self)
        strength = self.strength_by_led[led][card]  # see `game.card_strength`
        if strength > self.best_strength:
            self.best_strength = strength
            self.best_seat = seat
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) < self.n:
            seat += 1
            self.to_move = seat if seat < self.n else 0
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        winner = self.best_seat
        self.tricks_won[winner] += 1
        self.last_trick = (self.trick_seats, self.trick, winner)
        self.trick = []
        self.trick_seats = []
        self.best_strength = -1
        self.to_move = winner
        if len(self.plays) == self.n * self.cards:
            self._finish_hand()

    def _finish_hand(self) -> None:
        game = self.game
        scores = game.score_hand(self.cards, self.bids, self.tricks_won, self.bid_order)
        for unit, points in enumerate(scores):
            self.totals[unit] += points
        self.hand_log.append(self._hand_entry(scores))
        self.hand_index += 1
        self.attempt = 0
        if self.hand_index == len(game.schedule):
            self.phase = OVER
        elif self.auto_deal:
            self._deal_from_seed()
        else:
            self.phase = BETWEEN

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
        from .views import observation

        return observation(self, seat)

    def to_record(self, seats=None) -> dict:
        from .views import to_record

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
