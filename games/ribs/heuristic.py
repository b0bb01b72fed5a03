"""The Ribs heuristic bot: judges each choice on the trick at hand.

It reads only its seat's observation (`ribs_model.Situation`). For a few guesses of
the unseen cards it plays the rest of the trick by the quick rules of `ribs_model`
(the bidder lays its two highest cards, the others lay points when the bid looks
lost and their cheapest pair when it looks made) and scores each choice by what it
captures minus what the others capture on average, plus a little for aces kept for
later tricks (an ace in the ribs can only be cracked).

* Auction: opens at 2; raises while the best ribs it holds, laid at the next bid,
  are worth at least `RAISE_MARGIN`.
* Ribs: the pair that does best over the guesses.
* Others: the pair (or, once per hand, the fold) that does best: points laid when
  the bid will be missed or the pair beats likely ribs, the cheapest cards when the
  bid will be made; folding costs the fold kept for a later trick.
"""

from __future__ import annotations

import random

from games.engine.bots import Bot
from games.ribs.model import ACE, Sim, Situation, lite_ribs, pairs_of, remove
from games.ribs.rules import max_bid, pair_points

SAMPLES = 8
RIBS_TRIED = 5
RAISE_MARGIN = 0.5
ACE_KEPT = 0.6  # worth of an ace held back for a later trick's ribs
FOLD_KEPT = 0.8  # worth of the fold not yet used, with three tricks to come


def deal_unseen(sit: Situation, rng: random.Random) -> list[list[int]]:
    """Hands of every seat for one guess (this seat's own as it is); a bidder whose
    ribs lie face down gets them back in its hand (they are chosen again)."""
    pool = list(sit.unseen)
    rng.shuffle(pool)
    hands = []
    ribs_down = sit.phase == "lay" and sit.trick.bidder != sit.seat
    for seat in range(sit.n):
        if seat == sit.seat:
            hands.append(list(sit.hand))
            continue
        count = sit.hand_counts[seat] + (2 if ribs_down and seat == sit.trick.bidder else 0)
        hands.append(pool[:count])
        del pool[:count]
    return hands


def future(sit: Situation, hand_left) -> float:
    if sit.tricks_left <= 1:
        return 0.0
    return ACE_KEPT * min(hand_left.count(ACE), sit.tricks_left - 1)


def utility(gains, seat) -> float:
    others = [g for s, g in enumerate(gains) if s != seat]
    return gains[seat] - sum(others) / len(others)


def trick_sim(sit: Situation, hands, bidder: int, bid: int) -> Sim:
    sim = Sim(sit.n, [list(h) for h in hands], [0] * sit.n, list(sit.folded), 1)
    sim.stage, sim.bidder, sim.high = "lay", bidder, bid
    sim.laid = list(sit.laid)
    if sit.phase == "lay" and bidder != sit.seat:
        sim.ribs = lite_ribs(sim.hands[bidder])
        sim.hands[bidder] = remove(sim.hands[bidder], sim.ribs)
    sim.to_move = sit.seat
    return sim


def value_of(sit: Situation, guesses, bidder, bid, pair, fold=False) -> float:
    total = 0.0
    for hands in guesses:
        sim = trick_sim(sit, hands, bidder, bid)
        sim.lay(sit.seat, pair, fold)
        sim.play_out()
        total += utility(sim.points, sit.seat)
    return total / len(guesses) + future(sit, remove(sit.hand, pair))


def best_ribs(sit: Situation, guesses, bid) -> tuple[float, tuple[int, int]]:
    pairs = pairs_of(sit.hand)[:RIBS_TRIED]  # the highest pairs first
    scored = [(value_of(sit, guesses, sit.seat, bid, pair), pair) for pair in pairs]
    return max(scored)


def scored_lays(sit: Situation, guesses) -> list[tuple[float, str, tuple[int, int]]]:
    """(value, "lay" or "fold", pair) for each choice of a player who is not the bidder."""
    bidder, bid = sit.trick.bidder, sit.trick.high
    scored = [(value_of(sit, guesses, bidder, bid, pair), "lay", pair)
              for pair in pairs_of(sit.hand)]
    if not sit.folded[sit.seat]:
        kept = FOLD_KEPT * (sit.tricks_left - 1) / 3
        cheap = sorted(pairs_of(sit.hand), key=pair_points)[:3]
        scored += [(value_of(sit, guesses, bidder, bid, pair, fold=True) - kept,
                    "fold", pair) for pair in cheap]
    return scored


class RibsHeuristicBot(Bot):
    name = "heuristic"
    plays = ("ribs",)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        sit = Situation.read(game, observation)
        guesses = [deal_unseen(sit, rng) for _ in range(SAMPLES)]
        if sit.phase == "auction":
            return self.bid(game, sit, guesses, legal_actions)
        return self.lay(game, sit, guesses, legal_actions)

    def bid(self, game, sit, guesses, legal):
        high = sit.trick.high
        if high is None:
            return min(legal, key=lambda a: game.vocab.number(a))
        if high >= max_bid(sit.n):
            return game.pass_action
        worth, _ = best_ribs(sit, guesses, high + 1)
        return game.vocab.numbered(high + 1) if worth >= RAISE_MARGIN else game.pass_action

    def lay(self, game, sit, guesses, legal):
        if sit.trick.bidder == sit.seat:
            _, pair = best_ribs(sit, guesses, sit.trick.high)
            return self.action_for(game, legal, "ribs", pair)
        _, kind, pair = max(scored_lays(sit, guesses))
        return self.action_for(game, legal, kind, pair)

    @staticmethod
    def action_for(game, legal, kind, pair) -> int:
        """A legal action of `kind` laying cards of these two ranks (any suits)."""
        ranks = sorted(pair)
        for action in legal:
            if game.pair_kind(action) != kind:
                continue
            faces = game.pair_of[action]
            if sorted(game.pack.power[f] for f in faces) == ranks:
                return action
        raise ValueError(f"no legal {kind} of ranks {pair}")
