"""`search` at a Pitch table: the engine's search (guess the unseen cards, try each
card, play the hand out with the Pitch heuristic in every seat), judging a rollout
by the hand's score of the bot's side less the other side's: a point the opponents
take is as bad as one of ours is good, and the plain search counted only ours.

The bids are the heuristic's. A hand's score says nothing of the match: only a
side that pitches and makes its bid can win it, so a search that weighs a bid by
the hand alone passes too often and never bids out (it lost 6 matches in 10 to
the heuristic so: it won 6 of 20 arena matches).
"""

from __future__ import annotations

from .any_game import AnyGameSearchBot
from .pitch_heuristic import PitchHeuristicBot, quick_view


class PitchSearchBot(AnyGameSearchBot):
    plays = ("pitch",)

    def step(self, observation, legal_actions, rng):
        if observation["phase"] == "bid":
            return PitchHeuristicBot(self.game).step(observation, legal_actions, rng)
        return super().step(observation, legal_actions, rng)

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
