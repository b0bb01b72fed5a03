"""A bot's view of the table as plain ints, built from an observation dict or a State.

Bots reason with card ints and masks (see `games.bluke.cards`), not with the text
codes of an observation, so every bot first turns what it sees into a `View`.
Rollouts inside the search bot build views straight from a State's public
attributes, which skips the observation's text round trip.
"""

from __future__ import annotations

from functools import lru_cache

from games.bluke import actions as A
from games.bluke import family
from games.bluke.cards import CODES, NO_TRUMP, mask_of
from games.bluke.game import LED_STRENGTH, TRUMP_STRENGTH, WILD, WILD_STRENGTH, GameRules

SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "T": 4}
CARD_OF = {code: card for card, code in enumerate(CODES)}


@lru_cache(maxsize=64)
def _load(name: str, options: tuple) -> GameRules:
    return family.load(name, **dict(options))


def load_game(name: str, options: dict) -> GameRules:
    """The (cached) rules for a name and options."""
    return _load(name, tuple(sorted(options.items())))


def bid_from_record(value) -> int | None:
    """Action int of a bid as it appears in an observation (3, "pass", "board", ...)."""
    if value is None:
        return None
    return A.string_to_action(value)


class View:
    """What one seat knows, as ints. `bids` holds bid actions (None = not bid yet)."""

    __slots__ = (
        "game", "seat", "n", "cards", "trump", "hand", "bids", "bid_order", "trick_seats",
        "trick", "led", "tricks_won", "played", "voids", "turned", "dealer", "phase",
        "broken", "hand_index",
    )

    @classmethod
    def from_observation(cls, game: GameRules, obs: dict) -> View:
        view = cls()
        view.game = game
        view.seat = obs["seat"]
        view.n = obs["players"]
        view.cards = obs["cards"]
        view.trump = NO_TRUMP if obs["trump"] is None else SUIT_INDEX[obs["trump"]]
        view.hand = mask_of(CARD_OF[c] for c in obs["hand"])
        view.bids = [bid_from_record(b) for b in obs["bids"]]
        view.bid_order = list(obs["bid_order"])
        view.trick_seats = [s for s, _ in obs["current_trick"]]
        view.trick = [CARD_OF[c] for _, c in obs["current_trick"]]
        led = obs.get("led_suit")
        view.led = -1 if led is None else SUIT_INDEX[led]
        view.tricks_won = list(obs["tricks_won"])
        view.played = [mask_of(CARD_OF[c] for c in cards) for cards in obs["played"]]
        view.voids = [sum(1 << SUIT_INDEX[s] for s in letters) for letters in obs["voids"]]
        view.turned = None if obs["turned"] is None else CARD_OF[obs["turned"]]
        view.dealer = obs["dealer"]
        view.phase = obs["phase"]
        view.broken = obs.get("trump_broken", False)
        view.hand_index = obs.get("hand_index", obs["hand_number"] - 1)
        return view

    @classmethod
    def from_state(cls, state, seat: int) -> View:
        view = cls()
        view.game = state.game
        view.seat = seat
        view.n = state.n
        view.cards = state.cards
        view.trump = state.trump
        view.hand = state.hands[seat]
        view.bids = state.bids
        view.bid_order = state.bid_order
        view.trick_seats = state.trick_seats
        view.trick = state.trick
        view.led = state.led if state.trick else -1
        view.tricks_won = state.tricks_won
        view.played = state.played
        view.voids = state.voids
        view.turned = state.turned
        view.dealer = state.dealer
        view.phase = state.phase
        view.broken = state.broken
        view.hand_index = state.hand_index
        return view

    # --- derived facts ----------------------------------------------------
    def suit(self, card: int) -> int:
        return self.game.suit_table[self.trump][card]

    def strength(self, card: int, led: int) -> int:
        """Same ordering the engine uses to decide a trick (0: cannot win)."""
        suit = self.game.suit_table[self.trump][card]
        power = self.game.power[self.trump][card]
        if suit == WILD:
            return WILD_STRENGTH + power
        if suit == self.trump:
            return TRUMP_STRENGTH + power
        if suit == led:
            return LED_STRENGTH + power
        return 0

    def best_in_trick(self) -> tuple[int, int]:
        """(strength, seat) currently winning the trick; (-1, -1) on an empty trick."""
        best, seat = -1, -1
        for s, card in zip(self.trick_seats, self.trick, strict=True):
            value = self.strength(card, self.led)
            if value > best:
                best, seat = value, s
        return best, seat

    def team(self, seat: int) -> list[int]:
        return self.game.teams[self.game.team_of[seat]]

    def partners(self) -> list[int]:
        return [s for s in self.team(self.seat) if s != self.seat]

    def remaining(self, seat: int) -> int:
        """Cards `seat` still holds."""
        return self.cards - self.played[seat].bit_count()

    def unseen_mask(self) -> int:
        """Cards that may be in another seat's hand (or still in the undealt stock)."""
        known = self.hand
        for mask in self.played:
            known |= mask
        deck = mask_of(self.game.deck)
        return deck & ~known & ~self.out_of_play_mask()

    def out_of_play_mask(self) -> int:
        """Cards nobody can hold: the turned card, and Back Alley's swapped Blooper."""
        if self.turned is None:
            return 0
        all_dealt = self.n * self.cards >= len(self.game.deck)
        if all_dealt:  # the trump card was cut from a player's hand and stays there
            return 0
        mask = 1 << self.turned
        if self.turned >= 52 and self.game.name == "back-alley":
            mask |= 1 << (52 + 53 - self.turned)
        return mask

    def opponents_to_play(self) -> list[int]:
        """Seats after this one in the current trick."""
        done = len(self.trick) + 1
        return [(self.seat + i) % self.n for i in range(1, self.n - done + 1)]

    def my_bid(self) -> int | None:
        return self.bids[self.seat]

    def need(self) -> int:
        """Tricks this seat's side still needs for its contract (Board: all of them)."""
        team = self.team(self.seat)
        if any(self.bids[s] == A.BOARD for s in team):
            return self.cards - sum(self.tricks_won[s] for s in team)
        bid = sum(A.bid_value(self.bids[s]) for s in team if self.bids[s] is not None)
        return bid - sum(self.tricks_won[s] for s in team)
