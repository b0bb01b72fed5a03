"""The Ribs search bot: guesses the unseen cards, tries each choice, plays the hand out.

The engine's search for any game cannot guess a Ribs hand: face-down ribs and folds
are "?" to the other seats. This one guesses on ranks (`ribs_model`): the unseen
ranks are dealt to the other seats as many as each holds (a bidder whose ribs lie
face down takes them back and lays its two highest again). For every guess each
legal choice (raise or pass; each pair of ranks to lay, and the fold) is played,
then the rest of the hand by the quick rules of `ribs_model` for every seat. A
choice is scored by the hand it leads to: 1 for winning the hand (shared on a tie)
plus a little for the points ahead of the best other seat. The same guesses serve
every choice, so the choices are compared on the same cards.
"""

from __future__ import annotations

import time

from games.engine.bots import Bot
from games.ribs.heuristic import (
    RIBS_TRIED,
    SAMPLES,
    RibsHeuristicBot,
    deal_unseen,
    scored_lays,
    value_of,
)
from games.ribs.model import Sim, Situation, lite_ribs, pairs_of, remove
from games.ribs.rules import max_bid
from games.ribs.worlds import RibsWorlds

MARGIN_WEIGHT = 0.02
CANDIDATES = 5


def hand_value(points, seat) -> float:
    best = max(points)
    others = max(p for s, p in enumerate(points) if s != seat)
    won = 1 / points.count(best) if points[seat] == best else 0.0
    return won + MARGIN_WEIGHT * (points[seat] - others)


def sim_from(sit: Situation, hands) -> Sim:
    """The hand as it stands, with these guessed hands."""
    sim = Sim(sit.n, [list(h) for h in hands], list(sit.points), list(sit.folded),
              sit.tricks_left)
    trick = sit.trick
    sim.opener, sim.to_move = trick.opener, sit.seat
    if sit.phase == "auction":
        sim.passed, sim.high, sim.bidder = list(trick.passed), trick.high, trick.bidder
        return sim
    sim.stage, sim.bidder, sim.high = "lay", trick.bidder, trick.high
    sim.laid = list(sit.laid)
    if trick.bidder != sit.seat:
        sim.ribs = lite_ribs(sim.hands[trick.bidder])
        sim.hands[trick.bidder] = remove(sim.hands[trick.bidder], sim.ribs)
    return sim


class RibsSearchBot(Bot):
    name = "search"
    plays = ("ribs",)
    # The hand review values actions on the engine's states, not this model's: the
    # searcher it uses instead, with guesses that account for face-down cards.
    worlds = RibsWorlds

    def __init__(self, game=None, time_budget: float | None = 0.15, max_samples: int = 40):
        super().__init__(game)
        self.time_budget, self.max_samples = time_budget, max_samples

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game_for(observation)
        sit = Situation.read(game, observation)
        choices = self.choices(sit, rng)
        if len(choices) == 1:
            return self.action(game, legal_actions, choices[0])
        totals = [0.0] * len(choices)
        start = time.perf_counter()
        for _ in range(self.max_samples):
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
            hands = deal_unseen(sit, rng)
            for index, choice in enumerate(choices):
                sim = sim_from(sit, hands)
                self.apply(sim, sit.seat, choice)
                totals[index] += hand_value(sim.play_out(), sit.seat)
        best = max(range(len(choices)), key=totals.__getitem__)
        return self.action(game, legal_actions, choices[best])

    @staticmethod
    def choices(sit: Situation, rng) -> list[tuple]:
        """The choices worth searching: both in an auction; the heuristic's best few
        when laying (judged on the trick at hand)."""
        trick = sit.trick
        if sit.phase == "auction":
            if trick.high is None:
                return [("bid", 2)]
            if trick.high >= max_bid(sit.n):
                return [("pass", None)]
            return [("pass", None), ("bid", trick.high + 1)]
        guesses = [deal_unseen(sit, rng) for _ in range(SAMPLES)]
        if trick.bidder == sit.seat:
            pairs = pairs_of(sit.hand)[:RIBS_TRIED]
            scored = [(value_of(sit, guesses, sit.seat, trick.high, p), "ribs", p)
                      for p in pairs]
        else:
            scored = scored_lays(sit, guesses)
        scored.sort(reverse=True)
        return [(kind, pair) for _, kind, pair in scored[:CANDIDATES]]

    @staticmethod
    def apply(sim: Sim, seat: int, choice) -> None:
        kind, value = choice
        if kind in ("bid", "pass"):
            sim.bid(seat, kind == "bid")
        else:
            sim.lay(seat, value, kind == "fold")

    @staticmethod
    def action(game, legal, choice) -> int:
        kind, value = choice
        if kind == "pass":
            return game.pass_action
        if kind == "bid":
            return min(legal, key=lambda a: game.vocab.number(a)) \
                if game.pass_action not in legal else game.vocab.numbered(value)
        return RibsHeuristicBot.action_for(game, legal, kind, value)
