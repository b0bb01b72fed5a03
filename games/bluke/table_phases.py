"""The phases of a Bluke-family hand, on the engine's phase library.

A hand is dealt (`State.start_hand`, the chance step), then runs the game's
phases in order, as every engine game's hand does: a `TableBidding` round (the
engine's `BidRound`) and a `TableTrickPlay` (the engine's `TrickPlay`). They keep
the family's table-driven internals: hands are bit masks and a card's suit and
strength are list look-ups in the game's tables, so one play costs a few integer
operations. Like every engine phase they hold no match data, only the game's
fixed rule choices, so one pair serves every state of a configured game.

The protocol is the engine's (`legal`, `check`, `apply`, `done`, `begin`) plus
three things the table state uses on its hot path: `card_mask(state)` (the cards
the seat to move may play, 0 outside trick play), `play(...)` (one card, already
known to be legal) and `apply_unchecked` (a referee replaying a hand whose deal it
does not know). A phase whose work is done hands over with `state.next_phase()`,
so the state polls no `done` after each action.
"""

from __future__ import annotations

from games.bluke import actions as A
from games.bluke.cards import CODES, JOKER_BITS, SUIT_BITS, WILD
from games.engine.errors import IllegalAction, RuleViolation
from games.engine.phases import BidRound, Phase, TrickPlay
from games.engine.text import N_, Card, Text, not_an_action

SPADE_BITS, HEART_BITS, DIAMOND_BITS, CLUB_BITS = SUIT_BITS  # 13-bit pattern -> cards
SUIT_SHIFT = (0, 13, 26, 39)  # where each suit's 13 bits start in a hand's mask
BIT = [1 << card for card in range(54)]
CLEAR_BIT = [~bit for bit in BIT]
LO_BIT = BIT[52]
_PLAYS = A.JOKER_LEAD_BASE + 8  # actions 0..61: a card, or a led joker naming a suit
# the seats of a trick in playing order, by table size and leader
TRICK_SEATS = [[tuple((leader + i) % n for i in range(n)) for leader in range(n)]
               for n in range(16)]


def _not_now(action) -> IllegalAction:
    return IllegalAction(RuleViolation("not-now", f"{action!r} cannot be applied now"))


class TableBidding(BidRound):
    """One bid each from `game.first_bidder_after(dealer)`; bids are the action ints
    ``100 + n`` and Board (200), allowed by the game's `bid_actions` and
    `bid_violation` hooks. ``state.bids[seat]`` keeps the action, ``state.bid_order``
    the seats in bidding order."""

    name = "bid"
    __slots__ = ()

    def begin(self, state):
        state.to_move = state.game.first_bidder_after(state.dealer)

    def legal(self, state):
        return state.game.bid_actions(state, state.to_move)

    def card_mask(self, state) -> int:
        return 0

    def check(self, state, action):
        if not A.BID_BASE <= action <= A.BOARD and 0 <= action < A.BID_BASE:
            return RuleViolation("bid-expected", Text(N_("it is time to bid, not to play a "
                                                         "card")))
        return state.game.bid_violation(state, state.to_move, action)

    def apply(self, state, action):
        seat = state.to_move
        state._legal = -1
        state.history.append(action)
        state.bids[seat] = action
        state.bid_order.append(seat)
        if len(state.bid_order) < state.n:
            state.to_move = (seat + 1) % state.n
        else:
            state.next_phase()

    def apply_unchecked(self, state, action):
        if action is None or not A.BID_BASE <= action <= A.BOARD:
            raise _not_now(action)
        self.apply(state, action)

    def apply_run(self, state, actions, index: int) -> int:
        """Apply `actions[index:]` while each is a bid the game allows (`State.apply_many`);
        returns the index of the first one not applied."""
        violation_of = state.game.bid_violation
        while index < len(actions) and state.step is self:
            action = actions[index]
            if type(action) is not int or not A.BID_BASE <= action <= A.BOARD \
                    or violation_of(state, state.to_move, action) is not None:
                break
            self.apply(state, action)
            index += 1
        return index

    def done(self, state):
        return len(state.bid_order) == state.n


class TableTrickPlay(TrickPlay):
    """Tricks until every card dealt is played. The follow rule is the game's
    `play_mask` hook (inlined here when a game keeps the standard one: follow suit
    if able, a `WILD` card at any time); the winner is the strongest card by the
    game's strength table (wild > trump > led suit). The first leader comes from
    `game.opening_leader`; None (everyone passed) throws the deal in."""

    name = "play"
    __slots__ = ("game", "plain_follow", "plain_voids", "tracks_broken", "names_suit",
                 "whole_tricks", "suit_windows", "next_seat")

    def __init__(self, game):
        super().__init__()
        self.game = game
        self.plain_follow = game.plain_follow  # the standard rule: inlined below
        self.plain_voids = game.plain_voids
        self.tracks_broken = game.tracks_broken
        self.names_suit = game.jokers_name_suit  # a led Bluke names the suit to follow
        # `apply_run` knows only the standard hooks
        self.whole_tricks = self.plain_follow and self.plain_voids and not self.tracks_broken
        self.suit_windows = game.suit_windows  # a suit's cards are its 13 bits of a hand
        self.next_seat = [(seat + 1) % game.num_players for seat in range(game.num_players)]

    def begin(self, state):
        leader = self.game.opening_leader(state)
        if leader is None and not state.auto_deal:
            # a referee replays the hand as written (and reports the thrown-in deal)
            leader = (state.dealer + 1) % state.n
        if leader is None:  # everyone passed: the same dealer deals the same hand again
            state.throw_in()
            return
        state.to_move = leader
        state.plays_from = len(state.history)
        state.tricks_left = state.cards

    # --- what may be played -------------------------------------------------
    def card_mask(self, state) -> int:
        """Mask of the cards the seat to move may play (`game.play_mask`)."""
        if not self.plain_follow:
            return self.game.play_mask(state, state.to_move)
        hand = state.hands[state.to_move]
        if not state.trick:
            return hand
        masks = state.follow_masks
        follow = hand & masks[state.led]
        return follow | (hand & masks[WILD]) if follow else hand

    def legal(self, state):
        hand = state.hands[state.to_move]
        if not self.plain_follow:
            mask = self.game.play_mask(state, state.to_move)
        elif state.trick:  # the standard rule (`GameRules.play_mask`), inlined
            masks = state.follow_masks
            led = state.led
            follow = hand & masks[led]
            if follow and hand < LO_BIT and self.suit_windows:
                # no joker in the hand: the cards of the led suit, one table look-up
                state._legal = follow
                return list(SUIT_BITS[led][follow >> SUIT_SHIFT[led]])
            mask = follow | (hand & masks[WILD]) if follow else hand
        else:
            mask = hand
        state._legal = mask  # kept for the `apply` that follows
        acts = [  # cards_of(mask), inlined: one table look-up per suit
            *SPADE_BITS[mask & 8191], *HEART_BITS[mask >> 13 & 8191],
            *DIAMOND_BITS[mask >> 26 & 8191], *CLUB_BITS[mask >> 39 & 8191],
        ]
        if mask >= LO_BIT:  # holds a joker (a comparison makes no new big int)
            if not state.trick and self.names_suit:  # a led Bluke names the suit to follow
                for joker in (52, 53):
                    if mask >> joker & 1:
                        base = A.JOKER_LEAD_BASE + 4 * (joker - 52)
                        acts.extend(range(base, base + 4))
            else:
                acts += JOKER_BITS[mask >> 52]
        return acts

    def check(self, state, action):
        if A.BID_BASE <= action <= A.BOARD:
            return RuleViolation("card-expected", Text(N_("bidding is over; play a card")))
        if not 0 <= action < _PLAYS:
            return RuleViolation("unknown-action", not_an_action(action))
        return self.play_violation(state, state.to_move, *A.split_play(action))

    def play_violation(self, state, seat: int, card: int, named) -> RuleViolation | None:
        if not (state.hands[seat] >> card) & 1:
            return RuleViolation("card-not-in-hand", Text(N_("%(card)s is not in the hand"),
                                                          card=Card(CODES[card])))
        if card >= 52 and self.names_suit:
            if state.trick and named is not None:
                return RuleViolation(
                    "joker-suit-not-leading",
                    Text(N_("only a Bluke that leads a trick names a suit")))
            if not state.trick and named is None:
                return RuleViolation(
                    "joker-suit-missing", Text(N_("a led %(card)s must name the suit to "
                                                  "follow"), card=Card(CODES[card])))
        elif named is not None:
            return RuleViolation("joker-suit-not-used",
                                 Text(N_("only a led Bluke names a suit")))
        if not (self.game.play_mask(state, seat) >> card) & 1:
            return self.game.explain_illegal(state, seat, card)
        return None

    # --- playing ------------------------------------------------------------
    def apply(self, state, action):
        card, named = A.split_play(action)
        self.play(state, card, action, named)

    def apply_unchecked(self, state, action):
        if action is None or not 0 <= action < _PLAYS:
            raise _not_now(action)
        self.apply(state, action)

    def play(self, state, card: int, action: int, named=None) -> None:
        """The seat to move plays `card` (`action`: the card, or the joker lead naming
        the suit `named`)."""
        seat = state.to_move
        state._legal = -1
        state.history.append(action)
        state.hands[seat] &= CLEAR_BIT[card]  # tables: no new big ints for 1 << card, ~bit
        suit = state.suit_table[card]
        trick = state.trick
        if trick:
            led = state.led
            if suit != led and suit != WILD:
                if self.plain_voids:
                    state.voids[seat] |= 1 << led
                else:
                    self.game.note_void(state, seat, card)
        else:
            led = state.led = (named or 0) if suit == WILD else suit
            state.trick_leader = seat
        if self.tracks_broken and suit == state.trump_suit:
            self.game.note_trump_played(state)
        strength = state.strength_by_led[led][card]  # see `game.card_strength`
        if strength > state.best_strength:
            state.best_strength = strength
            state.best_seat = seat
        trick.append(card)
        if len(trick) < state.n:
            state.to_move = self.next_seat[seat]
        else:
            self.finish_trick(state)

    def finish_trick(self, state):
        winner = state.best_seat
        state.tricks_won[winner] += 1
        state.last_trick = (TRICK_SEATS[state.n][state.trick_leader], state.trick, winner)
        state.trick = []
        state.best_strength = -1
        state.to_move = winner
        state.tricks_left -= 1
        if not state.tricks_left:
            state.next_phase()

    def done(self, state):
        return not state.trick and not state.tricks_left

    # --- the referee's fast path --------------------------------------------
    def apply_run(self, state, actions: list[int], index: int) -> int:
        """Play `actions[index:]` a whole trick at a time while every card of the trick
        may be played under the standard rule and none is a led Bluke naming its suit;
        returns the index of the first action not played, where `State.apply_many`
        goes on card by card (and reports the card at fault). The state ends as `play`
        card after card leaves it (a test compares the two over random records);
        keeping the state's lists in locals for a whole trick is what makes the
        card-by-card check of a record fast."""
        if not self.whole_tricks or state.trick or state.step is not self:
            return index
        n, left, leader = state.n, state.tricks_left, state.to_move
        hands, voids, won = state.hands, state.voids, state.tricks_won
        suits, masks, strength = state.suit_table, state.follow_masks, state.strength_by_led
        order, start, end = TRICK_SEATS[n], index, len(actions) - n
        last = None  # (led, seats, winner) of the last trick played here
        while left and index <= end:
            cards = actions[index:index + n]
            first = cards[0]
            if not 0 <= first < 54 or suits[first] == WILD:
                break  # a bid, a Bluke led (it names a suit) or not a card: card by card
            led, seats = suits[first], order[leader]
            follow, void, best, winner = masks[led], 1 << led, -1, leader
            by_card = strength[led]
            held, marked = hands[:], voids[:]  # to undo a trick that turns out illegal
            for seat, card in zip(seats, cards, strict=True):
                hand = hands[seat]
                if card < 0 or not hand >> card & 1:
                    break  # not in the hand (or not a card)
                if suits[card] != led and suits[card] != WILD:
                    if hand & follow:
                        break  # a revoke
                    voids[seat] |= void
                hands[seat] = hand & CLEAR_BIT[card]
                if by_card[card] > best:
                    best, winner = by_card[card], seat
            else:
                won[winner] += 1
                left -= 1
                leader = winner
                index += n
                last = led, seats, winner
                continue
            hands[:], voids[:] = held, marked
            break
        if last is None:
            return index
        led, seats, winner = last
        state.history.extend(actions[start:index])
        state.led, state.trick_leader, state.best_seat, state.best_strength = \
            led, seats[0], winner, -1
        state.last_trick = (seats, actions[index - n:index], winner)
        state.trick, state.to_move, state.tricks_left, state._legal = [], winner, left, -1
        if not left:
            state.next_phase()
        return index


class _NothingToPlay:
    """What a phase between or after hands answers: no card, no legal action, and an
    action applied without the rules is refused."""

    __slots__ = ()

    def card_mask(self, state) -> int:
        return 0

    def legal(self, state):
        return []

    def apply_unchecked(self, state, action):
        raise _not_now(action)

    def apply_run(self, state, actions, index: int) -> int:
        return index


class HandOver(_NothingToPlay, TableTrickPlay):
    """A referee's hand is scored and the next deal is not set yet ("between"):
    nothing is legal, and an action is refused as a play would be (the hands are
    empty)."""

    name = "between"
    __slots__ = ()

    def begin(self, state):
        pass

    def done(self, state):
        return False


class MatchOver(_NothingToPlay, Phase):
    """The last hand is scored: nothing more may be played."""

    name = "over"
    __slots__ = ()

    def check(self, state, action):
        return RuleViolation("game-over", Text(N_("the match is over")))

    def done(self, state):
        return True
