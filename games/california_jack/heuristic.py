"""The California Jack heuristic: contests a trick by what it is worth, the face-up
card the winner will draw included.

A trick is worth its count cards (and the ace, two or jack of trumps) plus, while
the stock lasts, the value of the stock's top card. Leading, it plays its boss
trump or an ace when the top card is worth having, else its least useful card.
Following, it takes a trick worth having with its cheapest winning card, else
throws its least useful card. Without the stock every trick is fought on its own
count. It reads only its observation.
"""

from __future__ import annotations

from games.engine.bots import Bot
from games.shared.all_fours import CARD_POINTS
from games.shared.all_fours_play import RANKS, keep_value, played_cards, rank, would_win

WORTH_FIGHTING = 3.0


def card_value(code: str, trump: str) -> float:
    """How much a player wants this card in hand (to capture points with or score)."""
    if code[1] == trump:
        return 8.0 if code[0] in "A2J" else 6.0 if code[0] == "T" else 3.0 + rank(code) / 4
    return {"T": 4.0, "A": 3.5, "K": 2.0, "Q": 1.5}.get(code[0], rank(code) / 8)


def trick_worth(trick, trump) -> float:
    return sum(CARD_POINTS.get(c[0], 0) / 2 + (4 if c[1] == trump and c[0] in "A2J" else 0)
               for _, c in trick)


def stock_top(obs) -> str | None:
    stock = obs["table"]["stock"]
    shown = stock.get("shown") if isinstance(stock, dict) else None
    return shown[0] if shown else None


class CaliforniaJackHeuristicBot(Bot):
    name = "heuristic"
    plays = ("california-jack",)

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        return texts[self.play(observation, list(texts))]

    def play(self, obs, legal: list[str]) -> str:
        trump, trick = obs["trump"], obs["trick"]
        top = stock_top(obs)
        prize = card_value(top, trump) if top else 0.0
        if not trick:
            return self.lead(obs, legal, trump, prize)
        winners = [c for c in legal if would_win(trick, obs["seat"], c, trump)]
        if winners and trick_worth(trick, trump) + prize >= WORTH_FIGHTING:
            return min(winners, key=lambda c: (c[1] == trump, rank(c)))
        if winners and top is None:
            cheap = [c for c in winners if c[1] != trump]
            if cheap:
                return min(cheap, key=rank)
        return min(legal, key=lambda c: keep_value(c, trump))

    def lead(self, obs, legal, trump, prize) -> str:
        gone = played_cards(obs) | set(legal)
        if prize >= WORTH_FIGHTING or stock_top(obs) is None:
            bosses = [c for c in legal
                      if all(r + c[1] in gone for r in RANKS[rank(c) + 1:])
                      and (c[1] == trump or c[0] in "AK")]
            if bosses:
                return max(bosses, key=lambda c: (c[1] == trump, rank(c)))
        return min(legal, key=lambda c: keep_value(c, trump))
