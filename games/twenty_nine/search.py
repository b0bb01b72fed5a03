"""The Twenty-Nine search bot: guess the unseen cards and the hidden trump, try each
play, and let the heuristic play every seat to the end of the hand.

The generic search (`any_game.AnyGameSearchBot`) gives up on a hand whose events
hide an action ("?": here the bidder's secret trump), so this one guesses that too:
before the reveal a seat other than the bidder does not know trump, and each guess
takes the suit the bidder would have named from four of its guessed cards (the
heuristic's choice), or, one time in four, any suit. Nothing seen rules a suit out:
a hidden trump changes no trick until it is revealed. The guessed deal is replayed
with the rules checked (a royals offer the real hand did not have, for instance,
drops the guess).

A play is judged by the bot's side's game point for the hand, the bidding side's
+1 or -1 counted for the defenders with the other sign, and card points (won minus
lost, over 28, weighted 0.1) breaking ties between plays that make or set the
contract alike. Auction, trump choice and royals are left to the heuristic (the hand
review judges them: `world` guesses the whole deal before play, `early_deal`).
"""

from __future__ import annotations

import random
import time

from games.engine.any_game_search import AnyGameSearchBot, referee_at
from games.twenty_nine.heuristic import (
    PACK_RANKS,
    TwentyNineHeuristicBot,
    bidder_of,
    my_trump,
    suit_strength,
)
from games.twenty_nine.rules import SUITS

POINTS_WEIGHT = 0.1


class TwentyNineSearchBot(AnyGameSearchBot):
    name = "search"
    plays = ("twenty-nine",)

    def __init__(self, game=None, time_budget: float | None = 0.2, max_samples: int = 16,
                 rollout: str = "heuristic", policy=None):
        self.heuristic = TwentyNineHeuristicBot(game)
        if rollout == "heuristic" and policy is None:
            policy = self.heuristic
        super().__init__(game, time_budget, max_samples, rollout, policy)

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game_for(observation)
        if observation["phase"] != "play" or game.royals in legal_actions:
            return self.heuristic.step(observation, legal_actions, rng)
        base = self.referee(game, observation)
        values = dict.fromkeys(legal_actions, 0.0)
        start, samples = time.perf_counter(), 0
        for _ in range(self.max_samples * 3):
            if samples >= self.max_samples or self.time_budget is not None \
                    and time.perf_counter() - start > self.time_budget:
                break
            state = self.guess(game, observation, base, rng)
            if state is None:
                continue
            for action in legal_actions:
                values[action] += self.play_out(state, action, observation["seat"], rng)
            samples += 1
        if not samples:
            return self.heuristic.step(observation, legal_actions, rng)
        return max(legal_actions, key=values.get)

    def world(self, game, observation, rng):
        if observation["phase"] != "play":  # before play no trump is hidden
            return AnyGameSearchBot.rebuild_with(game, observation, rng, early_deal)
        return self.guess(game, observation, self.referee(game, observation), rng)

    def value(self, state, action, seat, rng) -> float:
        return self.play_out(state, action, seat, rng)

    # --- what the seat knows ------------------------------------------------------
    @staticmethod
    def referee(game, obs):
        """The hand's public events replayed on unknown hands: who played what."""
        trump = obs["trump"] or my_trump(obs["events"]) or "S"  # no effect before a reveal
        events = [f"trump:{trump}" if e == "?" else e for e in obs["events"]]
        trial = referee_at(game, obs)
        trial.deal(None)
        for text in events:
            trial.apply(text, check=False)
        return [game.pack.codes(cards) for cards in trial.played]

    def guess(self, game, obs, played, rng: random.Random):
        hands = self.deal_unseen(obs, played, rng)
        if hands is None:
            return None
        trump = obs["trump"] or my_trump(obs["events"]) or \
            self.guess_trump(hands[bidder_of(obs)], rng)
        state = referee_at(game, obs)
        if state.deal({"hands": hands}):
            return None
        for text in obs["events"]:
            text = f"trump:{trump}" if text == "?" else text
            if state.check(text) is not None:
                return None
            state.apply(text)
        if state.current_player() != obs["seat"] or state.vars.get("offer") is not None:
            return None  # a royals offer the real hand does not have
        return state

    @staticmethod
    def deal_unseen(obs, played, rng):
        """Eight cards a seat: played, shown and guessed (never of a suit it is void in)."""
        me, seen = obs["seat"], obs["table"]["hand"]
        taken = set(seen[me]).union(*played)
        for seat, view in enumerate(seen):
            if seat != me:
                taken.update(view.get("shown", []))
        pool = [r + s for s in SUITS for r in PACK_RANKS if r + s not in taken]
        for _ in range(12):
            rng.shuffle(pool)
            rest, hands = list(pool), []
            for seat, view in enumerate(seen):
                if seat == me:
                    hands.append(played[seat] + list(view))
                    continue
                shown = list(view.get("shown", []))
                voids = set(obs["voids"][seat])
                fits = [c for c in rest if c[1] not in voids][:view["count"] - len(shown)]
                if len(fits) < view["count"] - len(shown):
                    break
                for card in fits:
                    rest.remove(card)
                hands.append(played[seat] + shown + fits)
            else:
                return hands
        return None

    @staticmethod
    def guess_trump(cards: list[str], rng) -> str:
        if rng.random() < 0.25:
            return rng.choice(SUITS)
        first = rng.sample(cards, 4)
        return max(SUITS, key=lambda s: suit_strength(first, s))

    # --- judging a play --------------------------------------------------------------
    def play_out(self, state, action, seat, rng) -> float:
        trial = state.clone()
        number = trial.hand_index
        trial.apply(action)
        policy = self.policy
        while trial.hand_index == number and not trial.is_terminal():
            legal = trial.legal_actions()  # legal by construction: applied unchecked
            if policy is None or len(legal) == 1:
                trial.apply(legal[rng.randrange(len(legal))], check=False)
            else:
                view = light_observation(trial, trial.current_player())
                trial.apply(policy.step(view, legal, rng), check=False)
        entry = trial.hand_log[-1]
        side = trial.game.team_of[seat]
        result = entry["scores"][side] - entry["scores"][1 - side]
        points = entry["summary"]["points"]
        return result + POINTS_WEIGHT * (points[side] - points[1 - side]) / 28


def early_deal(game, obs, rng) -> dict | None:
    """Before play (the auction, the trump): a whole deal the seat cannot tell from the
    real one. It has seen its first four cards only; the other seats' four and every
    seat's later four (its own too) are guessed from the rest of the pack. A written
    hand lists the first four, then the later four."""
    me, table = obs["seat"], obs["table"]
    seen = set(table["hand"][me])
    pool = [r + s for s in SUITS for r in PACK_RANKS if r + s not in seen]
    rng.shuffle(pool)
    hands = []
    for seat, view in enumerate(table["hand"]):
        first = list(view) if seat == me else [pool.pop() for _ in range(view["count"])]
        hands.append(first + [pool.pop() for _ in range(table["later"][seat]["count"])])
    return {"hands": hands}


def light_observation(state, seat) -> dict:
    """The parts of `state.observation(seat)` the heuristic reads, built faster (it
    runs at every step of every play-out)."""
    game, pack = state.game, state.game.pack
    secret = game.vocab.families["trump"]
    declarer = state.vars.get("declarer")
    events = [game.vocab.text(a) if a not in secret or seat == declarer else "?"
              for a in state.events]
    hands = [[] for _ in range(state.n)]
    hands[seat] = pack.codes(state.table.of("hand", seat))
    return {
        "seat": seat, "phase": state.phase_name(), "table": {"hand": hands},
        "events": events, "bids": state.bids,
        "trick": [[s, pack.code(c)] for s, c in state.trick],
        "led_suit": None if state.led is None else pack.suits[state.led],
        "trump": None if state.trump is None else pack.suits[state.trump],
    }

