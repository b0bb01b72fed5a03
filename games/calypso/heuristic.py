"""The Calypso heuristic bot: keeps its own suit for trumping, feeds the partner's
calypso, and takes tricks cheaply.

* Leading: its own suit whenever it holds one (a led own card is a trump that only a
  void player's higher trump beats, and it comes back to its calypso), else its
  strongest card elsewhere.
* Following suit: it takes the trick with the lowest card that wins it as it stands,
  unless the partner already holds it; then it gives the partner a card the partner's
  calypso needs if it can, else its lowest.
* Void: it trumps with the lowest own card that wins, unless the partner holds the
  trick; then it feeds the partner's calypso, or throws its least useful card.

It reads only the seat's observation (trumps per seat come from the game's option).
"""

from __future__ import annotations

from games.engine.bots import Bot

RANKS = "23456789TJQKA"
LEAD_OWN_AT = 1  # tuned in self-play: leading the own suit whenever held pays best


def trick_winner(plays, trumps: str) -> int:
    """Index of the play that holds the trick (the game's per-seat trump rule)."""
    led = plays[0][1][1]
    best, best_key = 0, None
    for index, (seat, code) in enumerate(plays):
        suit = code[1]
        trumping = suit == trumps[seat] and (index == 0 or suit != led)
        key = (2 if trumping else 1 if suit == led else 0, RANKS.index(code[0]))
        if key[0] and (best_key is None or key > best_key):
            best, best_key = index, key
    return best


def rank(code: str) -> int:
    return RANKS.index(code[0])


class CalypsoHeuristicBot(Bot):
    name = "heuristic"
    plays = ("calypso",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        return texts[self.card(observation, list(texts))]

    def card(self, obs, legal: list[str]) -> str:
        seat, trumps = obs["seat"], obs["options"]["trumps"]
        partner = (seat + 2) % 4
        own, theirs = trumps[seat], trumps[partner]
        feeds = self._needed(obs, partner)
        if not obs["trick"]:
            return self.lead(legal, own)
        trick = obs["trick"]
        holder = trick[trick_winner(trick, trumps)][0]
        winning = [c for c in legal
                   if trick_winner(trick + [[seat, c]], trumps) == len(trick)]
        if holder == partner and self._safe(trick, trumps, partner):
            fed = [c for c in legal if c[1] == theirs and c[0] in feeds]
            if fed:
                return max(fed, key=rank)
            return self.throw(legal, own, theirs, feeds)
        if winning:
            return min(winning, key=lambda c: (c[1] == own, rank(c)))
        return self.throw(legal, own, theirs, feeds)

    @staticmethod
    def _safe(trick, trumps, partner) -> bool:
        """The partner's card should hold: the last to play is us, or it is a trump or
        an ace."""
        index = next(i for i, (s, _) in enumerate(trick) if s == partner)
        code = trick[index][1]
        trumping = code[1] == trumps[partner] and (index == 0 or code[1] != trick[0][1][1])
        return len(trick) == 3 or trumping or code[0] == "A"

    @staticmethod
    def _needed(obs, seat) -> set[str]:
        """Ranks the seat's calypso still needs."""
        have = {code[0] for code in obs["table"]["calypso"][seat]}
        return set(RANKS) - have

    @staticmethod
    def lead(legal, own) -> str:
        mine = [c for c in legal if c[1] == own]
        if len(mine) >= LEAD_OWN_AT:
            return max(mine, key=rank)
        others = [c for c in legal if c[1] != own] or legal
        return max(others, key=rank)

    @staticmethod
    def throw(legal, own, theirs, feeds) -> str:
        """The least useful card: not the own suit, not a card the partner needs, low."""
        return min(legal, key=lambda c: (c[1] == own, c[1] == theirs and c[0] in feeds,
                                         rank(c)))
