"""The Minnesota Whist heuristic bot: grand on a hand worth more than its share of
tricks, show the least telling bid card, then play to win tricks on a high hand and
to lose them on a low one.

Bid: the hand is counted (aces, guarded kings and queens, length past four cards in
a suit); with about 3.4 tricks or more, a quarter of the thirteen and a little over,
it shows black (asks for high), else red; the card shown is the lowest of that
colour, from the longest suit on equal ranks, so it gives away little and keeps the
high cards. Play on a high hand: lead a card that is the best left in its suit, else
low from the longest suit; follow cheaply when partner's card already holds the trick,
else take it with the cheapest card that wins, else play low. On a low hand the aim
is reversed: duck with the highest card that still loses, and shed high cards when
void or forced to win.

It reads only the seat's observation (the played cards come from the public
events); which card wins is asked of the engine's trick rule on a stand-in.
"""

from __future__ import annotations

from types import SimpleNamespace

from games.engine import by_table_trump
from games.engine.bots import Bot
from games.minnesota_whist.rules import is_black

RANKS = "23456789TJQKA"
GRAND_AT = 3.4


def rank_of(code: str) -> int:
    return RANKS.index(code[0])


def hand_tricks(codes) -> float:
    """A count of the tricks a no-trump hand should take."""
    by_suit: dict[str, list[int]] = {}
    for code in codes:
        by_suit.setdefault(code[1], []).append(rank_of(code))
    total = 0.0
    for ranks in by_suit.values():
        length = len(ranks)
        for rank in ranks:
            if rank == 12:
                total += 1.0
            elif rank == 11 and length >= 2:
                total += 0.7
            elif rank == 10 and length >= 3:
                total += 0.4
            elif rank == 9 and length >= 4:
                total += 0.15
        total += 0.5 * max(0, length - 4)
    return total


def bid_card(codes, high: bool) -> str:
    """The card to show: the lowest of the wanted colour (the other colour if none)."""
    wanted = [c for c in codes if is_black(c) == high] or list(codes)
    length = {suit: sum(1 for c in codes if c[1] == suit) for suit in "SHDC"}
    return min(wanted, key=lambda c: (rank_of(c), -length[c[1]]))


class MinnesotaWhistHeuristicBot(Bot):
    name = "heuristic"
    plays = ("minnesota-whist",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        hand = observation["table"]["hand"][observation["seat"]]
        if observation["phase"] == "bid":
            return texts[f"bid:{bid_card(hand, hand_tricks(hand) >= GRAND_AT)}"]
        high = any(is_black(b) for b in observation["bids"] if b)
        return texts[self._play(game, observation, hand, list(texts), high)]

    def _play(self, game, obs, hand, cards, high):
        gone = set(played_cards(obs)) | set(hand)
        if not obs["trick"]:
            return lead(cards, hand, gone, high)
        takers = [c for c in cards if takes(game, obs, c)]
        losers = [c for c in cards if c not in takers]
        if not high:
            if losers:
                return max(losers, key=rank_of)
            return max(cards, key=rank_of)  # forced to win: shed the highest
        if partner_holds(game, obs, gone):
            return min(cards, key=lambda c: (rank_of(c), c))
        if takers:
            return min(takers, key=rank_of)
        return min(cards, key=rank_of)


def played_cards(obs) -> list[str]:
    """Every card played this hand (the public events that are cards)."""
    return [text for text in obs["events"] if text != "?" and not text.startswith("bid:")]


def best_left(code: str, gone: set) -> bool:
    """No higher card of its suit is still out (played, or in my own hand)."""
    return all(rank + code[1] in gone for rank in RANKS[rank_of(code) + 1:])


def lead(cards, hand, gone, high):
    if not high:
        return min(cards, key=rank_of)
    winners = [c for c in cards if best_left(c, gone - {c})]
    if winners:
        return max(winners, key=rank_of)
    length = {suit: sum(1 for c in hand if c[1] == suit) for suit in "SHDC"}
    return min(cards, key=lambda c: (-length[c[1]], rank_of(c)))


def takes(game, obs, code) -> bool:
    """Would this card take the trick as it stands?"""
    pack = game.pack
    plays = obs["trick"] + [[obs["seat"], code]]
    stand_in = SimpleNamespace(game=game, trump=None, led=pack.suit_index(obs["led_suit"]),
                               trick=[(s, pack.ids_of[pack.parse(c)][0]) for s, c in plays])
    return by_table_trump(stand_in) == len(plays) - 1


def partner_holds(game, obs, gone) -> bool:
    """Partner's card is winning the trick and nobody after me can beat it (I play
    last, or it is the best card left in the led suit)."""
    partner = (obs["seat"] + 2) % 4
    pack = game.pack
    stand_in = SimpleNamespace(game=game, trump=None, led=pack.suit_index(obs["led_suit"]),
                               trick=[(s, pack.ids_of[pack.parse(c)][0])
                                      for s, c in obs["trick"]])
    seat, card = obs["trick"][by_table_trump(stand_in)]
    if seat != partner:
        return False
    return len(obs["trick"]) == 3 or best_left(card, gone)
