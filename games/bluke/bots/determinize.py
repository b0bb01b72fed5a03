"""Determinization: guess the hidden hands, then rebuild a full State to search on.

A guess gives every other seat as many unseen cards as it still holds, never a
card of a suit it has shown to be void in (it failed to follow), and leaves the
rest in the undealt stock. The State is rebuilt through the rules core: start the
current hand with the guessed deal (cards held now plus cards already played) and
replay the hand's public bids and plays, so every rule -- trump breaking, Blooper
obligations, voids -- is re-derived by the engine itself.
"""

from __future__ import annotations

import random

from games.bluke import actions as A
from games.bluke.bots.view import View
from games.bluke.cards import cards_of

ATTEMPTS = 20


class HandMemory:
    """The public play order of the current hand, pieced together from what a seat sees.

    The observation shows the trick in progress and the last finished trick; a seat
    plays in every trick, so seeing each of its turns is enough to know them all.
    A finished trick shows a led Bluke without the suit it named, so that suit is
    noted while the trick is still in progress (or when this seat led it).
    """

    def __init__(self):
        self.key = None
        self.tricks: list[list[int]] = []
        self.named: dict[int, int] = {}  # trick index -> joker-lead action

    def update(self, obs: dict, view: View) -> list[int] | None:
        """This hand's plays in order (as actions), or None when some trick was missed."""
        if obs.get("plays") is not None:
            return [A.string_to_action(p) for p in obs["plays"]]
        key = (obs["hand_number"], tuple(view.bid_order), tuple(map(str, obs["bids"])))
        done = sum(view.tricks_won)
        if key != self.key or done < len(self.tricks):
            self.key, self.tricks, self.named = key, [], {}
        last = obs.get("last_trick")
        if last and done == len(self.tricks) + 1:
            trick = [A.string_to_action(c) for _, c in last["cards"]]
            if trick[0] >= 52 and view.game.jokers_name_suit:
                if len(self.tricks) not in self.named:
                    self.tricks = []  # the named suit is unknown: give up on this hand
                    self.key = None
                    return None
                trick[0] = self.named[len(self.tricks)]
            self.tricks.append(trick)
        if done != len(self.tricks):
            return None
        current = [A.string_to_action(c) for _, c in obs["current_trick"]]
        if current and current[0] >= 52 and view.game.jokers_name_suit:
            current[0] = A.string_to_action(f"{obs['current_trick'][0][1]}:{obs['led_suit']}")
            self.named[done] = current[0]
        return [a for trick in self.tricks for a in trick] + current

    def note_own_lead(self, view: View, action: int) -> None:
        """Remember the suit this seat named when it led a Bluke."""
        if not view.trick and action >= A.JOKER_LEAD_BASE:
            self.named[sum(view.tricks_won)] = action


def sample_hands(view: View, rng: random.Random) -> list[int] | None:
    """Hidden hands for the other seats (masks; mine as held), or None if no guess fits."""
    need = {s: view.remaining(s) for s in range(view.n) if s != view.seat}
    pool = cards_of(view.unseen_mask())
    suit_of = view.game.suit_table[view.trump]
    allowed = {c: [s for s in need if not view.voids[s] >> suit_of[c] & 1] for c in pool}
    for _ in range(ATTEMPTS):
        hands = _try_assign(pool, allowed, need, len(pool) - sum(need.values()), rng)
        if hands is not None:
            hands[view.seat] = view.hand
            return [hands.get(s, 0) for s in range(view.n)]
    return None


def _try_assign(pool, allowed, need, stock, rng) -> dict[int, int] | None:
    """Most constrained cards first; each goes to a seat (or the stock) with room left."""
    room = dict(need)
    hands = {s: 0 for s in need}
    order = sorted(pool, key=lambda c: (len(allowed[c]), rng.random()))
    for card in order:
        seats = [s for s in allowed[card] if room[s]]
        weights = [room[s] for s in seats] + ([stock] if stock else [])
        total = sum(weights)
        if not total:
            return None
        index = _weighted_index(weights, rng.random() * total)
        if index < len(seats):
            seat = seats[index]
            hands[seat] |= 1 << card
            room[seat] -= 1
        else:
            stock -= 1
    return hands if not any(room.values()) else None


def _weighted_index(weights: list[int], pick: float) -> int:
    for index, weight in enumerate(weights):
        pick -= weight
        if pick < 0:
            return index
    return len(weights) - 1


def rebuild_state(view: View, hands: list[int], bids: list[int], plays: list[int]):
    """A State at this moment of the hand with the given hidden hands (None if inconsistent)."""
    game = view.game
    state = game.new_match(seed=0, first_dealer=(view.dealer - view.hand_index) % view.n,
                           auto_deal=False)
    state.hand_index = view.hand_index
    dealt = [hands[s] | view.played[s] for s in range(view.n)]
    state.start_hand(dealt, view.turned, None)
    try:
        for action in bids:
            state.apply(action)
        for action in plays:
            state.apply(action)
    except Exception:  # a guess the engine rejects (an inference we do not model)
        return None
    if state.current_player() != view.seat or state.hands[view.seat] != view.hand:
        return None
    return state


def public_bids(view: View) -> list[int]:
    """The bids made so far, in the order they were made."""
    return [view.bids[s] for s in view.bid_order]
