"""The Buck Euchre heuristic bot: a club player weighing the +5 risk.

Making trump costs +5 when the maker takes fewer than three tricks and staying in
costs +5 without a trick, against -1 a trick; so the bot counts the tricks its hand
should take (bowers, top trumps, outside aces, a short suit to trump) and makes trump
only with about three, stays in only with a likely trick, and otherwise passes or
drops. A player near zero needs tricks and stays a little more readily. In play it
takes every trick it can with its cheapest winning card, leads trumps from strength
and aces otherwise, and throws its lowest card when it cannot win.

It reads only the seat's observation; which card wins a trick is asked of the
game's own trick rule (`by_table_trump` with the game's bower-aware suits) on a light
stand-in for the state.
"""

from __future__ import annotations

from types import SimpleNamespace

from games.buck_euchre.rules import SAME_COLOUR, SUITS
from games.engine import by_table_trump
from games.engine.bots import Bot

MAKE_AT = 2.9  # expected tricks to order up or name a suit
STAY_AT = 1.0  # expected tricks to stay in


def suit_index(letter):
    return None if letter is None else SUITS.index(letter)


def trick_count(codes, trump: int, dealer_gets: str | None = None) -> float:
    """Tricks a five-card hand may take with `trump`: a hand count, not a promise."""
    total, trumps, suits = 0.0, 0, set()
    left = SAME_COLOUR[trump]
    holding = set(codes)
    for code in codes:
        rank, suit = code[0], SUITS.index(code[1])
        if rank == "J" and suit == trump:
            total, trumps = total + 1.0, trumps + 1
        elif rank == "J" and suit == left:
            right = "J" + SUITS[trump] in holding
            total, trumps = total + (0.95 if right else 0.75), trumps + 1
        elif suit == trump:
            total += {"A": 0.7, "K": 0.5, "Q": 0.35}.get(rank, 0.25)
            trumps += 1
        else:
            suits.add(suit)
            total += {"A": 0.55, "K": 0.15}.get(rank, 0.0)
    if trumps >= 2:
        total += 0.2 * (3 - len(suits)) if len(suits) < 3 else 0.0  # a void to trump in
    if trumps >= 3:
        total += 0.3
    return total


class BuckEuchreHeuristicBot(Bot):
    name = "heuristic"
    plays = ("buck-euchre",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        phase = observation["phase"]
        texts = {a: game.vocab.text(a) for a in legal_actions}
        if phase == "order":
            return self._order(game, observation, texts)
        if phase == "name":
            return self._name(observation, texts)
        if phase == "drop":
            return self._stay(observation, texts)
        if phase == "discard":
            return self._discard(observation, texts)
        return self._play(game, observation, texts)

    # --- trump making ------------------------------------------------------------------
    def _order(self, game, obs, texts):
        hand, upcard = obs["table"]["hand"][obs["seat"]], obs["table"]["turned"][0]
        trump = SUITS.index(upcard[1])
        if obs["seat"] == obs["dealer"]:
            best = keep_five(hand + [upcard], trump, upcard)
            strength = trick_count(best, trump)
        else:
            strength = trick_count(hand, trump)
        return self._pick(texts, "order-up" if strength >= self._make_at(obs) else "pass")

    def _name(self, obs, texts):
        hand = obs["table"]["hand"][obs["seat"]]
        options = [t for t in texts.values() if t.startswith("name:")]
        best = max(options, key=lambda t: trick_count(hand, SUITS.index(t[-1])))
        strong = trick_count(hand, SUITS.index(best[-1])) >= self._make_at(obs)
        return self._pick(texts, best if strong else "pass")

    def _make_at(self, obs):
        return MAKE_AT - (0.3 if obs["scores"][obs["seat"]] <= 5 else 0.0)

    def _stay(self, obs, texts):
        hand = obs["table"]["hand"][obs["seat"]]
        strength = trick_count(hand, suit_index(obs["trump"]))
        needed = STAY_AT - (0.25 if obs["scores"][obs["seat"]] <= 5 else 0.0)
        return self._pick(texts, "stay" if strength >= needed else "drop")

    def _discard(self, obs, texts):
        hand = obs["table"]["hand"][obs["seat"]]
        outs = [t.split(":")[1] for t in texts.values()]  # the upcard is not among them
        out = best_discard(hand, suit_index(obs["trump"]), outs)
        return self._pick(texts, f"discard:{out}")

    @staticmethod
    def _pick(texts, wanted):
        return next(a for a, t in texts.items() if t == wanted)

    # --- play --------------------------------------------------------------------------
    def _play(self, game, obs, texts):
        trump = suit_index(obs["trump"])
        order = {a: self._order_key(game, trump, t) for a, t in texts.items()}
        if not obs["trick"]:
            return self._lead(game, obs, texts, order, trump)
        winners = [a for a, t in texts.items() if self._takes(game, obs, t, trump)]
        if winners:
            return min(winners, key=order.get)
        return min(texts, key=order.get)

    def _lead(self, game, obs, texts, order, trump):
        hand = obs["table"]["hand"][obs["seat"]]
        trumps = [a for a, t in texts.items() if self._order_key(game, trump, t)[0]]
        if trumps and (len(trumps) >= 2 or "J" + (SUITS[trump] if trump is not None else "")
                       in hand):
            return max(trumps, key=order.get)
        aces = [a for a, t in texts.items() if t[0] == "A" and a not in trumps]
        if aces:
            return aces[0]
        plain = [a for a in texts if a not in trumps]
        return min(plain or texts, key=order.get)

    @staticmethod
    def _order_key(game, trump, code):
        """(is a trump, power): how good a card is to keep."""
        stand_in = SimpleNamespace(trump=trump)
        card = game.pack.ids_of[game.pack.parse(code)][0]
        is_trump = trump is not None and game.card_suit(stand_in, card, 0) == trump
        return (1 if is_trump else 0, game.card_power(stand_in, card))

    @staticmethod
    def _takes(game, obs, code, trump) -> bool:
        """Would this card take the trick as it stands?"""
        pack = game.pack
        plays = obs["trick"] + [[obs["seat"], code]]
        stand_in = SimpleNamespace(
            game=game, trump=trump, led=suit_index(obs["led_suit"]),
            trick=[(s, pack.ids_of[pack.parse(c)][0]) for s, c in plays])
        return by_table_trump(stand_in) == len(plays) - 1


def keep_five(codes, trump, upcard) -> list[str]:
    """The dealer's best five of six (the upcard is kept)."""
    out = best_discard(codes, trump, [c for c in codes if c != upcard])
    return [c for c in codes if c != out]


def best_discard(codes, trump, outs) -> str:
    """The card among `outs` whose loss costs the fewest tricks (a void counts)."""
    return max(outs, key=lambda out: trick_count([c for c in codes if c != out], trump))
