"""Reusable trick rules: what a seat must play, and who wins the trick.

The rules read the trick through the state: ``state.trick`` is the list of
``(seat, card id)`` played so far, ``state.led`` the suit to follow (None before
the lead), ``state.trump`` the trump suit (None for no trump), and the game's
``card_suit(state, card, seat)`` / ``card_power(state, card)`` say which suit a card
counts as and how high it is. A card whose suit is ``WILD`` (standard Bluke's
Blukes) belongs to no suit and may always be played.

Follow rules (``FOLLOW_SUIT``; ``FOLLOW_OR_TRUMP_ANY_TIME``: a trump even when able to
follow; ``MUST_TRUMP``: follow if able, else trump if able; ``MUST_OVERTRUMP``;
``NO_OBLIGATION``) return the cards a seat may play and the
violation a card outside them breaks. Winner rules (``by_table_trump``,
``by_seat_trump``, or a game's own function) return the index of the winning play.
"""

from __future__ import annotations

from games.engine.errors import RuleViolation
from games.engine.text import N_, Text

WILD = -2


def _split(state, seat, hand):
    suit = state.game.card_suit
    led, trump = state.led, state.trump
    follow = [c for c in hand if suit(state, c, seat) == led]
    trumps = [c for c in hand if trump is not None and suit(state, c, seat) == trump]
    wild = [c for c in hand if suit(state, c, seat) == WILD]
    return follow, trumps, wild


class FollowRule:
    """Base: everything is allowed. Subclasses narrow `allowed` and name the breach."""

    code = "revoke"
    message = Text(N_("must follow the led suit while holding it"))

    def allowed(self, state, seat: int, hand: list[int]) -> list[int]:
        return list(hand)

    def violation(self, state, seat: int, card: int) -> RuleViolation:
        return RuleViolation(self.code, self.message)


class NoObligation(FollowRule):
    """Any card at any time (Bezique while the stock lasts)."""


class FollowSuit(FollowRule):
    """Follow the led suit if able; else any card."""

    def allowed(self, state, seat, hand):
        if state.led is None:
            return list(hand)
        follow, _, wild = _split(state, seat, hand)
        return follow + wild if follow else list(hand)


class FollowOrTrumpAnyTime(FollowRule):
    """Follow the led suit or trump (a trump may always be played); void: any card."""

    message = Text(N_("must follow the led suit or play a trump"))

    def allowed(self, state, seat, hand):
        if state.led is None:
            return list(hand)
        follow, trumps, wild = _split(state, seat, hand)
        if not follow:
            return list(hand)
        return sorted(set(follow + trumps + wild), key=hand.index)


class MustTrump(FollowRule):
    """Follow if able; void in the led suit: trump if able; else any card."""

    def allowed(self, state, seat, hand):
        if state.led is None:
            return list(hand)
        follow, trumps, wild = _split(state, seat, hand)
        if follow:
            return follow + wild
        return trumps + wild if trumps else list(hand)

    def violation(self, state, seat, card):
        follow, _, _ = _split(state, seat, state.table.of("hand", seat))
        if follow:
            return RuleViolation("revoke", self.message)
        return RuleViolation("must-trump", Text(N_("void in the led suit: must play a trump")))


class MustOvertrump(MustTrump):
    """As `MustTrump`, and a trump played must beat the trumps already in the trick
    when the seat holds such a trump."""

    def allowed(self, state, seat, hand):
        cards = super().allowed(state, seat, hand)
        suit, power = state.game.card_suit, state.game.card_power
        if state.led is None or state.trump is None or state.led == state.trump:
            return cards
        if any(suit(state, c, seat) != state.trump for c in cards):
            return cards
        best = max((power(state, c) for s, c in state.trick
                    if suit(state, c, s) == state.trump), default=None)
        if best is None:
            return cards
        higher = [c for c in cards if power(state, c) > best]
        return higher or cards

    def violation(self, state, seat, card):
        base = super().violation(state, seat, card)
        if base.code == "must-trump" and state.game.card_suit(state, card, seat) == state.trump:
            return RuleViolation("must-overtrump",
                                 Text(N_("must play a trump higher than the trumps in the "
                                         "trick")))
        return base


FOLLOW_SUIT, FOLLOW_OR_TRUMP_ANY_TIME = FollowSuit(), FollowOrTrumpAnyTime()
MUST_TRUMP, MUST_OVERTRUMP, NO_OBLIGATION = MustTrump(), MustOvertrump(), NoObligation()


def by_table_trump(state) -> int:
    """Index of the winning play: a wild card (the later one on equal power), else the
    highest trump, else the highest card of the led suit; equal cards: the earlier."""
    game = state.game
    best, best_key = 0, None
    for index, (seat, card) in enumerate(state.trick):
        suit = game.card_suit(state, card, seat)
        power = game.card_power(state, card)
        if suit == WILD:
            key = (3, power)
        elif state.trump is not None and suit == state.trump:
            key = (2, power)
        elif suit == state.led:
            key = (1, power)
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = index, key
    return best


def by_seat_trump(trump_of_seat):
    """Winner rule for a trump suit per seat (Calypso): a card is a trump when it is
    its player's own suit and it was led or its player could not follow."""

    def winner(state) -> int:
        game = state.game
        led_seat, led_card = state.trick[0]
        led = game.card_suit(state, led_card, led_seat)
        best, best_key = 0, None
        for index, (seat, card) in enumerate(state.trick):
            suit = game.card_suit(state, card, seat)
            own = trump_of_seat(state, seat)
            trumping = suit == own and (index == 0 or suit != led)  # off-suit: void
            key = (2 if trumping else 1 if suit == led else 0, game.card_power(state, card))
            if key[0] and (best_key is None or key > best_key):
                best, best_key = index, key
        return best

    return winner
