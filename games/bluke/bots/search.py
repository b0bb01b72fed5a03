"""The search bot: determinized sampling with rollouts.

For each decision it guesses the hidden hands many times (`determinize`), and on
every guess tries each candidate action and plays the rest of the hand out with a
cheap heuristic policy (`rollout`). The action with the best mean score for its
own side wins; ties go to the heuristic's choice. The same guesses are used for
every candidate, so their comparison is not blurred by the luck of the deal.

Only the current hand is searched: later hands are dealt afresh whatever happens
now, so they cannot change which action is best. Bidding candidates are the
heuristic's bid and its neighbours.
"""

from __future__ import annotations

import random
import time

from games.bluke import actions as A
from games.bluke.bots.base import BlukeFamilyBot
from games.bluke.bots.determinize import HandMemory, public_bids, rebuild_state, sample_hands
from games.bluke.bots.heuristic import heuristic_action
from games.bluke.bots.rollout import play_out
from games.bluke.bots.view import View

DEFAULT_BUDGET = 0.2  # seconds per decision
DEFAULT_SAMPLES = 24
BID_SPREAD = 2
MAX_FAILURES = 8


class BlukeFamilySearchBot(BlukeFamilyBot):
    name = "search"

    def __init__(self, game=None, time_budget: float | None = DEFAULT_BUDGET,
                 max_samples: int = DEFAULT_SAMPLES, rollout: str = "fast"):
        super().__init__(game)
        self.time_budget = time_budget
        self.max_samples = max_samples
        self.rollout = rollout
        self.memory = HandMemory()
        self.last_samples = 0

    def step(self, observation: dict, legal_actions: list[int], rng: random.Random) -> int:
        view = self.view(observation)
        plays = self.memory.update(observation, view)
        if len(legal_actions) == 1:
            return self._chosen(view, legal_actions[0])
        fallback = heuristic_action(view, legal_actions)
        candidates = self.candidates(legal_actions, fallback)
        if plays is None or len(candidates) == 1:
            return self._chosen(view, fallback)
        totals = self.evaluate(view, plays, candidates, rng)
        if not totals:
            return self._chosen(view, fallback)
        best = max(candidates, key=lambda a: (totals[a], a == fallback))
        return self._chosen(view, best)

    def candidates(self, legal: list[int], fallback: int) -> list[int]:
        if not A.is_bid(legal[0]):
            return legal
        near = [a for a in legal if a == A.BOARD and fallback == A.BOARD
                or a != A.BOARD and fallback != A.BOARD and abs(a - fallback) <= BID_SPREAD]
        return near or [fallback]

    def evaluate(self, view: View, plays: list[int], candidates: list[int],
                 rng: random.Random) -> dict[int, float]:
        """Summed rollout scores per candidate over the guesses made within budget."""
        start = time.perf_counter()
        unit = view.game.team_of[view.seat]
        bids = public_bids(view)
        totals = dict.fromkeys(candidates, 0.0)
        samples = failures = 0
        while samples < self.max_samples and failures < MAX_FAILURES:
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
            hands = sample_hands(view, rng)
            state = rebuild_state(view, hands, bids, plays) if hands else None
            if state is None:
                failures += 1
                continue
            for action in candidates:
                trial = state.clone()
                trial.apply(action)
                totals[action] += play_out(trial, unit, rng, self.rollout)
            samples += 1
        self.last_samples = samples
        return totals if samples else {}

    def _chosen(self, view: View, action: int) -> int:
        self.memory.note_own_lead(view, action)
        return action
