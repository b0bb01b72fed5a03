"""`search` at a Couillon table: the engine's search (guess the unseen cards, try each
action, play the hand out with the Couillon heuristic in every seat) with two
Couillon parts:

* the guessed deal always has a bottom card (the one shown when all declined, else
  an unseen card), since a hand where all four decline takes trump from it;
* a rollout is worth the side's board change for the hand plus a small share of its
  card-point margin, so that among moves that win (or lose) the hand alike the one
  that wins by more is preferred.
"""

from __future__ import annotations

from collections import Counter

from games.engine.any_game_search import AnyGameSearchBot, referee_at

ATTEMPTS = 12
MARGIN_WEIGHT = 0.02  # one card point: a fiftieth of a line


def _shown_bottom(observation):
    bottom = observation["table"].get("bottom")
    if isinstance(bottom, dict) and bottom.get("shown"):
        return bottom["shown"][0]
    return None


def guess_deal(game, observation, rng) -> dict | None:
    """A deal consistent with the seat's observation, bottom card included."""
    me, pack = observation["seat"], game.pack
    upcard = observation["table"]["turned"][0]
    bottom = _shown_bottom(observation)
    trial = referee_at(game, observation)
    if trial.deal({"turned": upcard, **({"bottom": [bottom]} if bottom else {})}):
        return None
    for text in observation["events"]:
        trial.apply(text, check=False)
    played = [pack.codes(cards) for cards in trial.played]
    hands_seen = observation["table"]["hand"]
    pool = Counter(pack.code(card) for card in pack.ids())
    pool -= Counter(hands_seen[me] + [upcard] + ([bottom] if bottom else []))
    for cards in played:
        pool -= Counter(cards)
    unseen = list(pool.elements())
    for _ in range(ATTEMPTS):
        rng.shuffle(unseen)
        hands, rest = [], list(unseen)
        for seat, seen in enumerate(hands_seen):
            if seat == me:
                hands.append(list(seen) + played[seat])
                continue
            voids = set(observation["voids"][seat])
            fits = [c for c in rest if c[1] not in voids][:seen["count"]]
            if len(fits) < seen["count"]:
                break
            for code in fits:
                rest.remove(code)
            hands.append(played[seat] + fits)
        else:
            under = [bottom] if bottom else rest[:1]
            stock = rest if bottom else rest[1:]
            return {"hands": hands, "turned": upcard, "bottom": under, "stock": stock}
    return None


class CouillonSearchBot(AnyGameSearchBot):
    name = "search"
    plays = ("couillon",)

    def __init__(self, game=None, time_budget=0.2, max_samples=24, **params):
        # the rollout policy is the one `make_bot` passes: the Couillon heuristic
        super().__init__(game, time_budget=time_budget, max_samples=max_samples, **params)

    def guess(self, game, observation, rng):
        return guess_deal(game, observation, rng)

    @staticmethod
    def hand_value(trial, seat) -> float:
        entry = trial.hand_log[-1]
        unit = trial.game.team_of[seat]
        points = entry["summary"]["points"]
        return entry["scores"][unit] + MARGIN_WEIGHT * (points[unit] - points[1 - unit])
