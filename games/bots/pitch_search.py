"""`search` at a Pitch table: the engine's search (guess the unseen cards, try each
card, play the hand out with the Pitch heuristic in every seat), judging a rollout
by the hand's score of the bot's side less the other side's: a point the opponents
take is as bad as one of ours is good, and the plain search counted only ours.

The bids and the pitch (the first card, which names trump) are the heuristic's. A
hand's score says nothing of the match: only a side that pitches and makes its bid
can win it, so a search that weighed a bid by the hand alone passed too often and
never bid out (it won 6 of 20 arena matches against the heuristic so). The search
leaves the heuristic's card only for one whose rollouts score a quarter point a
guess better: with few guesses most cards tie or differ by chance, and the first
legal card (the plain search's choice on a tie) throws away tens and jacks.
"""

from __future__ import annotations

import time

from .any_game import AnyGameSearchBot
from .pitch_heuristic import PitchHeuristicBot, quick_view

FAVOURITE = 0.25  # the heuristic's card is ahead by a quarter point a guess


class PitchSearchBot(AnyGameSearchBot):
    plays = ("pitch",)

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        heuristic = PitchHeuristicBot(self.game).step(observation, legal_actions, rng)
        if observation["phase"] == "bid" or observation["trump"] is None:
            return heuristic
        game = self.game_for(observation)
        totals = dict.fromkeys(legal_actions, 0.0)
        start, samples = time.perf_counter(), 0
        for _ in range(self.max_samples * 2):
            if samples >= self.max_samples or self.time_budget is not None \
                    and time.perf_counter() - start > self.time_budget:
                break
            state = self.rebuild(game, observation, rng)
            if state is None:
                continue
            for action in legal_actions:
                totals[action] += self.rollout(state, action, observation["seat"], rng,
                                               self.policy)
            samples += 1
        totals[heuristic] += FAVOURITE * max(samples, 1)
        return max(legal_actions, key=totals.get)

    @staticmethod
    def rollout(state, action, seat, rng, policy=None) -> float:
        trial = state.clone()
        number = trial.hand_index
        trial.apply(action)
        while trial.hand_index == number and not trial.is_terminal():
            legal = trial.legal_actions()
            if policy is None or len(legal) == 1:
                trial.apply(legal[rng.randrange(len(legal))], check=False)
            else:
                mover = trial.current_player()
                trial.apply(policy.step(quick_view(trial, mover), legal, rng), check=False)
        unit = trial.game.team_of[seat]
        scores = trial.hand_log[-1]["scores"]
        return scores[unit] - scores[1 - unit]
