"""The Pitch heuristic: bids the points its hand can take, steals as the dealer,
bids smudge only with the cards for it; in play it draws trumps while it holds the
boss trump, feeds count cards to a partner's sure trick, and wins cheaply a trick
worth a point.

It reads only the seat's observation: its hand, the hand's public events (bids and
every card played) and the trick.
"""

from __future__ import annotations

from games.engine.bots import Bot
from games.shared.all_fours import CARD_POINTS
from games.shared.all_fours_play import (  # noqa: F401  (the names this bot's users import)
    RANKS,
    keep_value,
    played_cards,
    quick_view,
    rank,
    trick_winner,
    would_win,
)


def suit_value(hand: list[str], suit: str) -> float:
    """Expected points (of four) the hand's side takes with `suit` as trump."""
    trumps = sorted((rank(c) for c in hand if c[1] == suit), reverse=True)
    if not trumps:
        return 0.0
    top = trumps[0]
    high = {12: 1.0, 11: 0.7, 10: 0.45, 9: 0.3}.get(top, 0.15)
    low = {0: 0.7, 1: 0.5, 2: 0.35}.get(trumps[-1], 0.15) + 0.05 * (len(trumps) - 1)
    jack = 0.5 + 0.1 * sum(r > 9 for r in trumps) if 9 in trumps else 0.15
    tens = sum(c[0] == "T" for c in hand)
    game = 0.2 + 0.1 * len(trumps) + 0.15 * tens + 0.1 * sum(c[0] == "A" for c in hand)
    return high + min(low, 0.9) + min(jack, 0.9) + min(game, 0.8)


def best_suit(hand: list[str]) -> tuple[str, float]:
    return max(((s, suit_value(hand, s)) for s in "SHDC"), key=lambda p: p[1])


def smudge_hand(hand: list[str], suit: str) -> bool:
    """Five or more trumps headed by the ace, king, queen and jack, the rest aces."""
    trumps = {c[0] for c in hand if c[1] == suit}
    others = [c for c in hand if c[1] != suit]
    return {"A", "K", "Q", "J"} <= trumps and len(trumps) >= 5 \
        and all(c[0] == "A" for c in others)




class PitchHeuristicBot(Bot):
    name = "heuristic"
    plays = ("pitch",)

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        if observation["phase"] == "bid":
            return texts[self.bid(game, observation, texts)]
        return texts[self.play(observation, list(texts))]

    # --- bidding ------------------------------------------------------------
    def bid(self, game, obs, texts) -> str:
        hand = obs["table"]["hand"][obs["seat"]]
        suit, value = best_suit(hand)
        value += 0.4  # the partner's help
        if "smudge" in texts and smudge_hand(hand, suit):
            return "smudge"
        if "steal" in texts and value >= max(b for b in obs["bids"] if b is not None) - 0.2:
            return "steal"
        numbers = sorted(int(t[4:]) for t in texts if t.startswith("bid:"))
        if "pass" not in texts:  # forced
            return f"bid:{numbers[0]}"
        fit = [n for n in numbers if n <= value]
        return f"bid:{fit[-1]}" if fit else "pass"

    # --- play ---------------------------------------------------------------
    def play(self, obs, legal: list[str]) -> str:
        trump, trick = obs["trump"], obs["trick"]
        hand = obs["table"]["hand"][obs["seat"]]
        if trump is None:  # the pitch: lead the best suit from the top
            suit, _ = best_suit(hand)
            return max((c for c in legal if c[1] == suit), key=rank)
        if not trick:
            return self.lead(obs, legal, trump)
        return self.follow(obs, legal, trump)

    def boss(self, obs, trump) -> str | None:
        """Our highest trump when no higher trump is still out."""
        hand = obs["table"]["hand"][obs["seat"]]
        mine = [c for c in hand if c[1] == trump]
        if not mine:
            return None
        top = max(mine, key=rank)
        gone = played_cards(obs) | set(hand)
        higher = [r + trump for r in RANKS[rank(top) + 1:]]
        return top if all(c in gone for c in higher) else None

    def lead(self, obs, legal, trump) -> str:
        boss = self.boss(obs, trump)
        if boss is not None:
            return boss
        aces = [c for c in legal if c[0] == "A" and c[1] != trump]
        if aces:
            return aces[0]
        return min(legal, key=lambda c: keep_value(c, trump))

    def follow(self, obs, legal, trump) -> str:
        seat, trick = obs["seat"], obs["trick"]
        teams = obs["teams"]
        side = next(t for t in teams if seat in t)
        winner_seat = trick[trick_winner(trick, trump)][0]
        last = len(trick) == obs["players"] - 1
        if winner_seat in side:
            top = trick[trick_winner(trick, trump)][1]
            sure = last or (top[1] == trump and self.no_higher_out(obs, top, trump))
            if sure:  # feed the partner's trick: a ten, the jack or a low trump
                feed = [c for c in legal if c[0] == "T" and c[1] != trump
                        or c[1] == trump and c[0] in "J23"]
                if feed:
                    return max(feed, key=lambda c: CARD_POINTS.get(c[0], 0))
            return min(legal, key=lambda c: keep_value(c, trump))
        winners = [c for c in legal if would_win(trick, seat, c, trump)]
        worth = sum(CARD_POINTS.get(c[0], 0) for _, c in trick) \
            + sum(10 for _, c in trick if c[1] == trump and c[0] in "J23")
        if winners and (worth > 0 or last):
            return min(winners, key=lambda c: (c[1] == trump, rank(c)))
        return min(legal, key=lambda c: keep_value(c, trump))

    def no_higher_out(self, obs, code, trump) -> bool:
        gone = played_cards(obs) | set(obs["table"]["hand"][obs["seat"]])
        return all(r + trump in gone for r in RANKS[rank(code) + 1:])

