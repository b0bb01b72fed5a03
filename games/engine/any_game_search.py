"""Search for any engine game: guess the unseen cards, try each action, play on at random.

The guess uses nothing but the seat's observation and the public State API. The
hand's public events are first replayed on a referee state whose hands are
unknown, which tells who played which card; every other seat is then dealt the
cards it was seen to play, the cards it has shown, and as many unseen cards as it
still holds -- never of a suit it was seen to be void in; the rest is the stock.
The guessed deal is replayed with the rules checked, and dropped if any event is
then illegal. For each guess every candidate action is tried and the hand is played
out, by random moves (``rollout="random"``) or by the game's own heuristic bot
playing every seat (``rollout="heuristic"``, the default when the game has one: slower
per rollout, but a rollout that plays like people do judges a move far better); the
action with the best mean score for the bot's side in this hand wins. Hands whose events hide an action from this seat ("?") are not guessed:
the bot then plays a random legal action.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from games.engine import bots
from games.engine.bots import Bot

ATTEMPTS = 12
ROLLOUTS = ("random", "heuristic")


def referee_at(game, observation):
    """A state at the start of the observed hand, waiting for its deal."""
    index = observation["hand_number"] - 1
    first_dealer = (observation["dealer"] - index) % game.num_players
    state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
    state.start_at(index, observation["team_scores"])
    return state


def _visible_turned(observation):
    turned = observation["table"].get("turned")
    return {"turned": turned[0] if turned else None} if isinstance(turned, list) else {}


def _public_deal(game, observation, referee) -> tuple[dict | None, bool]:
    """The deal's turned card as a written deal gives it, and whether it lies in a
    hand rather than on the table (None when no card can stand for it).

    A deal that needs a turned card but left none on the table dealt it face up into
    the dealer's hand (Georgian Joker's 9-card hands): it is the card shown there or
    in a won pile; else it is in the trick, or (to the dealer) in its own hand. There
    any card that sets the same trump stands in for it: the seat cannot tell them
    apart, and the turned card decides nothing but trump."""
    public = _visible_turned(observation)
    if public.get("turned") is not None or "turned" not in game.deal_needs(referee):
        return public, False
    table = observation["table"]
    for name in ("hand", "won"):
        for view in table.get(name, ()):
            if isinstance(view, dict) and view.get("shown"):
                return {"turned": view["shown"][0]}, True
    dealer, pack = observation["dealer"], game.pack
    candidates = [code for seat, code in observation["trick"] if seat == dealer]
    if observation["seat"] == dealer:
        candidates += table["hand"][dealer]
    for code in candidates:
        suit = pack.suit_of[pack.parse(code)]
        if (pack.suits[suit] if suit >= 0 else None) == observation["trump"]:
            return {"turned": code}, True
    return None, True


def guess_deal(game, observation, rng: random.Random) -> dict | None:
    """A deal of the current hand consistent with what the seat has seen, or None."""
    events = observation["events"]
    if "?" in events:
        return None
    me, n, pack = observation["seat"], game.num_players, game.pack
    base = referee_at(game, observation)
    trial = base.clone()
    public, in_hand = _public_deal(game, observation, base)
    if public is None or trial.deal(public):
        return None
    for text in events:
        trial.apply(text, check=False)
    played = [pack.codes(cards) for cards in trial.played]
    hands_seen = observation["table"]["hand"]
    pool = Counter(pack.code(card) for card in pack.ids())
    pool -= Counter(hands_seen[me])
    for seat in range(n):
        pool -= Counter(played[seat])
        if seat != me:
            pool -= Counter(hands_seen[seat].get("shown", []))
    if public.get("turned") and not in_hand:
        pool -= Counter([public["turned"]])
    unseen = list(pool.elements())
    for _ in range(ATTEMPTS):
        hands = _assign(game, observation, unseen, played, public, rng)
        if hands is not None:
            return hands
    return None


def _assign(game, observation, unseen, played, public, rng):
    me, pack = observation["seat"], game.pack
    rng.shuffle(unseen)
    hands, rest = [], list(unseen)
    for seat, seen in enumerate(observation["table"]["hand"]):
        if seat == me:
            hands.append(list(seen) + played[seat])
            continue
        voids = set(observation["voids"][seat])
        shown = list(seen.get("shown", []))
        need = seen["count"] - len(shown)
        fits = [c for c in rest if pack.suits[pack.suit_of[pack.parse(c)]] not in voids
                or pack.suit_of[pack.parse(c)] < 0][:need]
        if len(fits) < need:
            return None
        for code in fits:
            rest.remove(code)
        hands.append(played[seat] + shown + fits)
    deal = {"hands": hands, **public}
    if "stock" in {a.name for a in game.areas}:
        deal["stock"] = rest
    return deal


class AnyGameSearchBot(Bot):
    """`search` for engine games (see the module docstring)."""

    name = "search"

    def __init__(self, game=None, time_budget: float | None = 0.2, max_samples: int = 16,
                 rollout: str = "random", policy: Bot | None = None):
        super().__init__(game)
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {rollout!r} (rollouts: {', '.join(ROLLOUTS)})")
        if rollout == "heuristic" and policy is None:
            raise ValueError("a heuristic rollout needs the game's heuristic bot (policy)")
        self.time_budget, self.max_samples = time_budget, max_samples
        self.policy = policy if rollout == "heuristic" else None

    def game_for(self, observation):
        if self.game is not None:
            return self.game
        return bots.load_rules(observation["game"], dict(observation["options"]))

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
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
        if not samples:
            return legal_actions[rng.randrange(len(legal_actions))]
        return max(legal_actions, key=lambda a: totals[a])

    # The two halves of a search, also asked by the hand review (games/bots/review.py):
    # a world the seat cannot tell from the real one, and what an action is worth in it.
    def world(self, game, observation, rng):
        """A state of the hand consistent with what the observing seat has seen, or None."""
        return self.rebuild(game, observation, rng)

    def value(self, state, action, seat, rng) -> float:
        """What `action` is worth to `seat`'s side in `state` (a world from `world`)."""
        return self.rollout(state, action, seat, rng, self.policy)

    def guess(self, game, observation, rng) -> dict | None:
        """A deal consistent with the observation (a game with more to respect, such as
        a stock drawn from or a card shown at the bottom, overrides this only)."""
        return guess_deal(game, observation, rng)

    def rebuild(self, game, observation, rng):
        return self.rebuild_with(game, observation, rng, self.guess)

    @staticmethod
    def rebuild_with(game, observation, rng, guess=guess_deal):
        """The hand replayed on a deal `guess` makes (None when the guess fails or
        breaks a rule the events kept)."""
        deal = guess(game, observation, rng)
        if deal is None:
            return None
        state = referee_at(game, observation)
        if state.deal(deal):
            return None
        for text in observation["events"]:
            if state.check(text) is not None:
                return None
            state.apply(text)
        return state

    def rollout(self, state, action, seat, rng, policy: Bot | None = None) -> float:
        """The bot's side's score for this hand after `action`, the rest played out
        at random or, given a `policy` bot, by that bot in every seat."""
        trial = state.clone()
        number = trial.hand_index
        trial.apply(action)
        while trial.hand_index == number and not trial.is_terminal():
            legal = trial.legal_actions()
            if policy is None or len(legal) == 1:
                trial.apply(legal[rng.randrange(len(legal))])
            else:
                mover = trial.current_player()
                trial.apply(policy.step(trial.observation(mover), legal, rng))
        return self.hand_value(trial, seat)

    @staticmethod
    def hand_value(trial, seat) -> float:
        """What the hand just played out is worth to `seat`'s side (the search maximises
        it): the side's hand score, negated where the lowest total wins."""
        unit = trial.game.team_of[seat]
        score = trial.hand_log[-1]["scores"][unit]
        return -score if not trial.game.ranking.higher_wins else score
