"""The Twenty-Nine heuristic bot: a plain club player.

* Bidding: a limit from the four cards seen (their card points, the length of the
  best suit, its jack); it bids the lowest legal bid up to that limit and leaves a
  partner's bid alone unless its own hand is clearly stronger.
* Trump: the longest suit of the four cards, points and high cards breaking ties.
* Play: it cashes sure winners (the best card left of a suit), wins a trick with the
  cheapest card that takes it when it plays last or holds the best card left, gives
  points to a partner who is sure to win, and otherwise plays its cheapest card.
  Void in the led suit, it trumps a trick the opponents are winning when there are
  points in it, and discards low otherwise. With the reveal optional it asks for trump
  only when the opponents are taking points; it always shows the royals.

It reads only the seat's observation (the bidder knows trump from its own event).
"""

from __future__ import annotations

from games.engine.bots import Bot
from games.twenty_nine.rules import SUITS, card_points

PACK_RANKS = "78QKTA9J"  # lowest first
ALL_CARDS = [r + s for s in SUITS for r in PACK_RANKS]


def power(code: str) -> int:
    return PACK_RANKS.index(code[0])


def suit_of(code: str) -> str:
    return code[1]


class Table:
    """What a seat knows in the play: trump (effective, or known to the bidder), the
    cards still out, the trick and who is winning it."""

    def __init__(self, obs):
        self.seat = obs["seat"]
        self.hand = list(obs["table"]["hand"][self.seat])
        events = obs["events"]
        self.played = {e for e in events if len(e) == 2 and e[0] in PACK_RANKS}
        self.trick = [(s, c) for s, c in obs["trick"]]
        self.led = obs["led_suit"]
        self.trump = obs["trump"]  # in effect for everyone (revealed)
        self.known_trump = self.trump or my_trump(events)
        self.bidder = bidder_of(obs)
        self.partner = (self.seat + 2) % 4
        self.out = [c for c in ALL_CARDS if c not in self.played and c not in self.hand]

    def key(self, code: str) -> tuple[int, int]:
        suit = suit_of(code)
        rank = 2 if suit == self.trump else 1 if suit == self.led else 0
        return rank, power(code)

    def winning(self) -> tuple[int, str] | None:
        if not self.trick:
            return None
        return max(self.trick, key=lambda play: self.key(play[1]))

    def beats(self, code: str) -> bool:
        best = self.winning()
        return best is None or self.key(code) > self.key(best[1])

    def master(self, code: str) -> bool:
        """No card still out of this suit is higher."""
        return all(power(c) < power(code) for c in self.out if suit_of(c) == suit_of(code))

    def trick_points(self) -> int:
        return sum(card_points(c) for _, c in self.trick)

    def last_to_play(self) -> bool:
        return len(self.trick) == 3


def my_trump(events: list[str]) -> str | None:
    for text in events:
        if text.startswith("trump:"):
            return text[-1]
    return None


def bidder_of(obs) -> int | None:
    bids = [(b, s) for s, b in enumerate(obs["bids"]) if b is not None]
    return max(bids)[1] if bids else None


def cheapest(cards: list[str], trump: str | None = None) -> str:
    """The card worth least: no points, low, not a trump."""
    return min(cards, key=lambda c: (suit_of(c) == trump, card_points(c), power(c)))


def richest(cards: list[str], trump: str | None = None) -> str:
    """The card worth most to give away: points, but not a trump nor a sure winner."""
    return max(cards, key=lambda c: (suit_of(c) != trump, card_points(c), -power(c)))


def suit_strength(cards: list[str], suit: str) -> tuple[int, int, int]:
    mine = [c for c in cards if suit_of(c) == suit]
    return len(mine), sum(card_points(c) for c in mine), max(map(power, mine), default=-1)


def bid_limit(cards: list[str]) -> int:
    """The highest bid this hand of four supports."""
    best = max(SUITS, key=lambda s: suit_strength(cards, s))
    length, _, _ = suit_strength(cards, best)
    points = sum(card_points(c) for c in cards)
    jack = 2 if "J" + best in cards else 0
    return 10 + points + length + jack


class TwentyNineHeuristicBot(Bot):
    name = "heuristic"
    plays = ("twenty-nine",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        texts = {game.vocab.text(a): a for a in legal_actions}
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = observation["phase"]
        if phase == "auction":
            return texts[self.bid(observation, texts)]
        if phase == "trump":
            hand = observation["table"]["hand"][observation["seat"]]
            return texts["trump:" + max(SUITS, key=lambda s: suit_strength(hand, s))]
        if "royals" in texts:
            return texts["royals"]
        table = Table(observation)
        if "reveal" in texts:
            return texts[self.ask(table, texts)]
        return texts[self.play(table, [t for t in texts if t != "reveal"])]

    # --- auction --------------------------------------------------------------
    def bid(self, obs, texts) -> str:
        hand = obs["table"]["hand"][obs["seat"]]
        limit = bid_limit(hand)
        high = bidder_of(obs)
        if high is not None and high == (obs["seat"] + 2) % 4:
            limit -= 3  # the partner is strong already: outbid only with a good hand
        bids = sorted(int(t.split(":")[1]) for t in texts if t.startswith("bid:"))
        if bids and bids[0] <= limit:
            return f"bid:{bids[0]}"
        return "pass"

    # --- play -----------------------------------------------------------------
    def ask(self, table: Table, texts) -> str:
        """Optional reveal: ask when the opponents are winning a trick with points."""
        best = table.winning()
        theirs = best is not None and best[0] % 2 != table.seat % 2
        if theirs and table.trick_points() >= 2 or len(texts) == 1:
            return "reveal"
        return self.play(table, [t for t in texts if t != "reveal"])

    def play(self, table: Table, cards: list[str]) -> str:
        if not table.trick:
            return self.lead(table, cards)
        following = [c for c in cards if suit_of(c) == table.led]
        if following:
            return self.follow(table, following)
        return self.discard(table, cards)

    def lead(self, table: Table, cards: list[str]) -> str:
        trump = table.known_trump
        winners = [c for c in cards if table.master(c) and suit_of(c) != trump]
        if winners:
            return max(winners, key=lambda c: (card_points(c), power(c)))
        bidders = table.bidder is not None and table.bidder % 2 == table.seat % 2
        trumps = [c for c in cards if suit_of(c) == trump]
        if bidders and table.trump and trumps and table.master(max(trumps, key=power)) \
                and any(suit_of(c) == trump for c in table.out):
            return max(trumps, key=power)  # draw the opponents' trumps
        return cheapest(cards, trump)

    def partner_sure(self, table: Table) -> bool:
        best = table.winning()
        if best is None or best[0] != table.partner:
            return False
        return table.last_to_play() or table.master(best[1]) and \
            (table.trump is None or suit_of(best[1]) == table.trump or table.led == table.trump)

    def follow(self, table: Table, cards: list[str]) -> str:
        if self.partner_sure(table):
            return richest(cards, table.known_trump)
        winners = [c for c in cards if table.beats(c)]
        if winners and table.last_to_play():
            return min(winners, key=power)
        masters = [c for c in winners if table.master(c)]
        if masters:
            return min(masters, key=power)
        return cheapest(cards)

    def discard(self, table: Table, cards: list[str]) -> str:
        if self.partner_sure(table):
            return richest(cards, table.known_trump)
        trumps = [c for c in cards if table.trump and suit_of(c) == table.trump]
        takers = [c for c in trumps if table.beats(c)]
        best = table.winning()
        theirs = best is not None and best[0] % 2 != table.seat % 2
        if takers and (theirs or not table.last_to_play()) and \
                (table.trick_points() >= 1 or table.last_to_play()):
            return min(takers, key=power)
        return cheapest(cards, table.known_trump)
