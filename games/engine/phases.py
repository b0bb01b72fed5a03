"""A hand is a sequence of phases; each lists the legal actions and applies one.

A phase object holds no match data (everything lives on the state), so one set of
phase objects serves every state of a game and `State.clone` copies nothing but
the index of the phase in progress. The library:

* `BidRound`   one bid each, in turn from a first seat (Bluke, Georgian Joker).
* `Auction`    rising bids, a pass is final, until one bidder is left (Mighty,
               Twenty-Nine); `state.vars["declarer"]` and `["contract"]` are set.
* `Choice`     one decision by one seat among actions the game lists (name trump,
               order up or pass, call a partner card, discard).
* `Exchange`   one seat puts cards from its hand into an area (a discard after
               taking the widow or the upcard).
* `TrickPlay`  tricks until the hands are empty, with a follow rule and a winner rule
               from `tricks`; `game.after_trick(state, winner)` runs after each
               (California Jack's draw from the stock).

A game may subclass any of them or write its own `Phase`.
"""

from __future__ import annotations

from games.engine.errors import RuleViolation
from games.engine.text import N_, Card, Text
from games.engine.tricks import FOLLOW_SUIT, by_table_trump


class Phase:
    """One step of a hand. `name` is what observations and records call it.

    The library's phases declare their fields (`__slots__`), so a state's call to its
    phase's method is a plain type look-up; a game's own subclass may add any."""

    __slots__ = ()
    name = "phase"

    def begin(self, state) -> None:
        """Called when the phase starts (set who moves first)."""

    def to_move(self, state) -> int:
        return state.to_move

    def legal(self, state) -> list[int]:
        raise NotImplementedError

    def check(self, state, action: int) -> RuleViolation | None:
        """Why `action` is not allowed now (default: it is not among `legal`)."""
        if action in self.legal(state):
            return None
        return RuleViolation("not-allowed", Text(N_("%(action)s is not allowed in the "
                                                    "%(phase)s phase"),
                                                 action=repr(state.game.vocab.text(action)),
                                                 phase=self.name))

    def apply(self, state, action: int) -> None:
        raise NotImplementedError

    def done(self, state) -> bool:
        raise NotImplementedError


class BidRound(Phase):
    """Each seat bids once, in turn from `game.first_bidder(state)`.

    The bid values are the game's ``bid`` family (``bid:0`` ..); `game.bid_range`
    gives the lowest and highest bid for this hand and `game.bid_forbidden` may
    refuse one (the dealer's "bids must not add up" rule). ``state.bids[seat]`` holds
    each bid as a number; ``state.bid_order`` the seats in bidding order.
    """

    name = "bid"
    __slots__ = ()

    def begin(self, state):
        state.to_move = state.game.first_bidder(state)

    def legal(self, state):
        game = state.game
        low, high = game.bid_range(state)
        return [game.vocab.numbered(n) for n in range(low, high + 1)
                if game.bid_forbidden(state, state.to_move, n) is None]

    def check(self, state, action):
        game = state.game
        bids = game.vocab.families["bid"]
        if action not in bids:
            return RuleViolation("bid-expected", Text(N_("it is time to bid")))
        value = game.vocab.number(action)
        low, high = game.bid_range(state)
        if not low <= value <= high:
            return RuleViolation("bid-range", Text(N_("bids on this hand must be %(low)s to "
                                                      "%(high)s"), low=low, high=high))
        return game.bid_forbidden(state, state.to_move, value)

    def apply(self, state, action):
        seat = state.to_move
        state.bids[seat] = state.game.vocab.number(action)
        state.bid_order.append(seat)
        state.to_move = (seat + 1) % state.n

    def done(self, state):
        return len(state.bid_order) == state.n


def next_bidder(state, seat: int) -> int:
    """The seat after `seat`, clockwise, that has not passed (`state.vars["passed"]`):
    in an auction where a pass is final, the turn skips those who are out."""
    nxt = (seat + 1) % state.n
    while nxt in state.vars["passed"]:
        nxt = (nxt + 1) % state.n
    return nxt


class Auction(Phase):
    """Rising bids from `game.first_bidder`; ``pass`` is final; ends when one bidder
    is left after a bid, or when everyone passed (`game.all_passed(state)` decides:
    throw the deal in, or force a bid)."""

    name = "auction"

    def begin(self, state):
        state.to_move = state.game.first_bidder(state)
        state.vars["passed"] = set()
        state.vars["contract"] = None
        state.vars["declarer"] = None

    def legal(self, state):
        game = state.game
        low, high = game.bid_range(state)
        current = state.vars["contract"]
        start = low if current is None else current + 1
        return [game.vocab.parse("pass")] + [game.vocab.numbered(n)
                                             for n in range(start, high + 1)]

    def apply(self, state, action):
        game, seat = state.game, state.to_move
        state.bid_order.append(seat)
        if action == game.vocab.parse("pass"):
            state.vars["passed"].add(seat)
        else:
            state.vars["contract"] = game.vocab.number(action)
            state.vars["declarer"] = seat
            state.bids[seat] = state.vars["contract"]
        if self.done(state):
            if state.vars["declarer"] is None:
                game.all_passed(state)
            return
        state.to_move = next_bidder(state, seat)

    def done(self, state):
        passed = state.vars["passed"]
        if len(passed) == state.n:
            return True
        return state.vars["declarer"] is not None and len(passed) == state.n - 1


class Choice(Phase):
    """One decision: `seat(state)` chooses among `actions(state)`; `effect(state,
    action)` applies it. Built from three functions so a game needs no subclass."""

    def __init__(self, name: str, seat, actions, effect):
        self.name, self._seat, self._actions, self._effect = name, seat, actions, effect

    def begin(self, state):
        state.to_move = self._seat(state)
        state.vars[f"{self.name}-done"] = False

    def legal(self, state):
        return list(self._actions(state))

    def apply(self, state, action):
        self._effect(state, action)
        state.vars[f"{self.name}-done"] = True

    def done(self, state):
        return state.vars[f"{self.name}-done"]


class Exchange(Phase):
    """`seat(state)` moves `count(state)` cards, one action each, from its hand to the
    area `to` (discards face down by default). The actions are the ``discard``
    family of the vocabulary (``vocab.family("discard", pack.faces)``)."""

    name = "exchange"

    def __init__(self, seat, count, to: str = "discards"):
        self._seat, self._count, self.to = seat, count, to

    def begin(self, state):
        state.to_move = self._seat(state)
        state.vars["exchange-left"] = self._count(state)

    def legal(self, state):
        discards = state.game.vocab.families["discard"]
        faces = {state.game.pack.face_of[c] for c in state.table.of("hand", state.to_move)}
        return [discards.start + face for face in sorted(faces)]

    def apply(self, state, action):
        pack, seat = state.game.pack, state.to_move
        face = action - state.game.vocab.families["discard"].start
        card = next(c for c in state.table.of("hand", seat) if pack.face_of[c] == face)
        state.table.take("hand", card, seat)
        state.table.put(self.to, [card])
        state.vars["exchange-left"] -= 1

    def done(self, state):
        return state.vars["exchange-left"] <= 0


class TrickPlay(Phase):
    """Tricks until every hand is empty. `follow` (a `tricks.FollowRule`) limits the
    cards; `winner(state) -> index of the winning play`. The winner of a trick leads
    the next; `game.first_leader(state)` leads the first. Plays are the ``play``
    family of the vocabulary (one action per face); override `play_actions` /
    `card_of` for actions that carry more (a joker's declaration)."""

    name = "play"
    __slots__ = ("follow", "winner")

    def __init__(self, follow=FOLLOW_SUIT, winner=by_table_trump):
        self.follow = follow
        self.winner = winner

    def begin(self, state):
        state.to_move = state.game.first_leader(state)

    def allowed_cards(self, state, seat) -> list[int]:
        return self.follow.allowed(state, seat, state.table.of("hand", seat))

    def play_actions(self, state, seat, cards: list[int]) -> list[int]:
        plays = state.game.vocab.families["play"]
        faces = sorted({state.game.pack.face_of[c] for c in cards})
        return [plays.start + face for face in faces]

    def card_of(self, state, seat, action) -> int | None:
        """The card id `action` plays from `seat`'s hand (None: not held)."""
        plays = state.game.vocab.families["play"]
        if action not in plays:
            return None
        face = action - plays.start
        for card in state.table.of("hand", seat):
            if state.game.pack.face_of[card] == face:
                return card
        return None

    def legal(self, state):
        seat = state.to_move
        return self.play_actions(state, seat, self.allowed_cards(state, seat))

    def check(self, state, action):
        seat, game = state.to_move, state.game
        if action not in game.vocab.families["play"] and self.card_of(state, seat, action) is None:
            if action in game.vocab.families.get("bid", ()):
                return RuleViolation("card-expected", Text(N_("bidding is over; play a card")))
            return RuleViolation("card-expected", Text(N_("it is time to play a card")))
        card = self.card_of(state, seat, action)
        if card is None:
            return RuleViolation("card-not-in-hand",
                                 Text(N_("%(card)s is not in the hand"),
                                      card=Card(game.vocab.text(action))))
        if action in self.legal(state):
            return None
        return self.follow.violation(state, seat, card)

    def apply(self, state, action):
        seat = state.to_move
        card = self.card_of(state, seat, action)
        if card is None:  # an unchecked replay whose deal is not known yet
            face = action - state.game.vocab.families["play"].start
            card = state.game.pack.ids_of[face][0]
        else:
            state.table.take("hand", card, seat)
        state.play_card(seat, card, action)
        if len(state.trick) == state.n:
            self.finish_trick(state)
        else:
            state.to_move = (seat + 1) % state.n

    def finish_trick(self, state):
        winner = state.trick[self.winner(state)][0]
        state.close_trick(winner)
        state.to_move = winner
        state.game.after_trick(state, winner)  # a draw from the stock, a meld, ...

    def done(self, state):
        return not state.trick and len(state.tricks) >= state.game.tricks_in_hand(state)
