"""The Couillon heuristic bot: accepts trump only with a hand that should win the
hand (a lost accepted hand costs a mark), then plays a plain club game: take a trick
with the cheapest card that wins it, give points to a partner who holds the trick,
throw the least valuable card otherwise.

It reads only the seat's observation.
"""

from __future__ import annotations

from games.couillon.rules import ACCEPT, DECLINE, POINTS
from games.engine.bots import Bot

RANKS = "9TJQKA"
TRUMP_WORTH = {"A": 3.0, "K": 2.4, "Q": 1.9, "J": 1.5, "T": 1.2, "9": 1.0}
ACCEPT_AT = 4.2  # tuned in self-play (4.0 to 4.5 do best): two good trumps, or one and an ace


def hand_strength(hand: list[str], trump: str) -> float:
    """How well a hand should do with `trump` as trumps (see TRUMP_WORTH)."""
    total = 0.0
    for code in hand:
        rank, suit = code[0], code[1]
        if suit == trump:
            total += TRUMP_WORTH[rank]
        elif rank == "A":
            total += 1.2
        elif rank == "K":
            total += 0.4
    return total


def trick_winner(plays: list[list], trump: str | None) -> int:
    """Index of the play that holds the trick (highest trump, else highest of the led suit)."""
    led = plays[0][1][1]

    def key(play):
        code = play[1]
        if code[1] == trump:
            return (2, RANKS.index(code[0]))
        if code[1] == led:
            return (1, RANKS.index(code[0]))
        return (0, 0)

    return max(range(len(plays)), key=lambda i: (key(plays[i]), -i))


def worth(code: str) -> int:
    return POINTS.get(code[0], 0)


class CouillonHeuristicBot(Bot):
    name = "heuristic"
    plays = ("couillon",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        if ACCEPT in texts:
            return texts[self.trump_choice(observation)]
        return texts[self.card(observation, list(texts))]

    # --- trump ----------------------------------------------------------------
    @staticmethod
    def trump_choice(obs) -> str:
        upcard = obs["table"]["turned"][0]
        hand = obs["table"]["hand"][obs["seat"]]
        strength = hand_strength(hand, upcard[1])
        if obs["seat"] == obs["dealer"]:
            strength += 0.3  # the last to speak: everyone else has shown weakness
        return ACCEPT if strength >= ACCEPT_AT else DECLINE

    # --- play -----------------------------------------------------------------
    def card(self, obs, legal: list[str]) -> str:
        trump, seat = obs["trump"], obs["seat"]
        trick = obs["trick"]
        if not trick:
            return self.lead(obs, legal)
        partner = (seat + 2) % obs["players"]
        holder = trick[trick_winner(trick, trump)][0]
        last = len(trick) == obs["players"] - 1
        if holder == partner and (last or self._safe(trick, trump)):
            return max(legal, key=lambda c: (c[1] != trump, worth(c), -RANKS.index(c[0])))
        winners = [c for c in legal
                   if trick_winner(trick + [[seat, c]], trump) == len(trick)]
        at_stake = sum(worth(c) for _, c in trick)
        if winners and (at_stake or last or holder != partner):
            return min(winners, key=lambda c: (c[1] == trump, RANKS.index(c[0])))
        return self.discard(legal, trump)

    @staticmethod
    def _safe(trick, trump) -> bool:
        """The partner's card is an ace or a high trump: likely to hold the trick."""
        code = trick[trick_winner(trick, trump)][1]
        return code[0] == "A" or (code[1] == trump and code[0] in "AK")

    @staticmethod
    def discard(legal, trump) -> str:
        return min(legal, key=lambda c: (c[1] == trump, worth(c), RANKS.index(c[0])))

    def lead(self, obs, legal) -> str:
        trump, seat = obs["trump"], obs["seat"]
        aces = [c for c in legal if c[0] == "A" and c[1] != trump]
        trumps = [c for c in legal if c[1] == trump]
        accepted = self._accepting_side(obs)
        if accepted == obs["teams"][seat % 2] and len(trumps) >= 2:
            return max(trumps, key=lambda c: RANKS.index(c[0]))
        if aces:
            return aces[0]
        return self.discard(legal, trump)

    @staticmethod
    def _accepting_side(obs):
        events = obs["events"]
        if ACCEPT not in events:
            return None
        seat = (obs["dealer"] + 1 + events.index(ACCEPT)) % obs["players"]
        return obs["teams"][seat % 2]
