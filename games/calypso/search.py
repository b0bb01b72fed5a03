"""`search` at a Calypso table: guess the unseen cards, try each card, play a few
tricks on with a fast policy, and keep the card with the best mean score margin.

Calypso needs its own search for three reasons:

* a deal carries calypsos and won piles over from the deals before, which a state
  rebuilt from the hand's events alone would not have: after replaying the events
  on the guessed deal the bot puts the observed (public) calypsos, calypsos set aside
  and won piles on the table, so the rollouts build on the real ones;
* 208 cards make a whole-deal rollout through observations too slow for 200 ms a
  decision, so the rollout policy reads the state directly (the heuristic's plan in
  a few lines) and stops after `DEPTH` more tricks;
* a rollout is judged by the margin of the sides' scores as they stand (calypsos,
  calypso cards, won piles: `Calypso.standing`), which counts every card a trick
  moves, not only the end of a deal.

With the few guesses 200 ms allow, a card chosen on a small difference is mostly
noise, so the heuristic's card stands unless another gains `CLEAR_GAIN` points on
average over the same guesses.
"""

from __future__ import annotations

import time
from collections import Counter

from games.engine.any_game_search import AnyGameSearchBot, referee_at

ATTEMPTS = 12
DEPTH = 4  # tricks played on after the one in progress
CLEAR_GAIN = 8.0  # mean points a card must gain over the heuristic's to replace it


def played_this_deal(game, observation) -> list[list[str]]:
    """Codes each seat has played in this deal, from the public events."""
    trial = referee_at(game, observation)
    if trial.deal({}):
        return [[] for _ in range(game.num_players)]
    for text in observation["events"]:
        trial.apply(text, check=False)
    return [game.pack.codes(cards) for cards in trial.played]


def guess_deal(game, observation, played, rng) -> dict | None:
    """The deal as it was dealt, with the unseen cards guessed (voids respected)."""
    me, table = observation["seat"], observation["table"]
    pool = Counter({code: game.pack.copies for code in game.pack.faces})
    pool -= Counter(table["hand"][me])
    for name in ("calypso", "done", "won"):
        for cards in table[name]:
            pool -= Counter(cards)
    pool -= Counter(table["trick"])
    unseen = list(pool.elements())
    for _ in range(ATTEMPTS):
        rng.shuffle(unseen)
        rest, hands = list(unseen), []
        for seat, seen in enumerate(table["hand"]):
            if seat == me:
                hands.append(list(seen) + played[seat])
                continue
            voids = set(observation["voids"][seat])
            fits = [c for c in rest if c[1] not in voids][:seen["count"]]
            if len(fits) < seen["count"]:
                break
            taken = Counter(fits)
            rest = list((Counter(rest) - taken).elements())
            hands.append(played[seat] + fits)
        else:
            return {"hands": hands, "stock": rest}
    return None


class CalypsoSearchBot(AnyGameSearchBot):
    name = "search"
    plays = ("calypso",)

    def __init__(self, game=None, time_budget=0.2, max_samples=16, rollout="heuristic",
                 policy=None):
        from games.calypso.heuristic import CalypsoHeuristicBot

        super().__init__(game, time_budget=time_budget, max_samples=max_samples)
        self.policy = CalypsoHeuristicBot(game)  # its card stands unless search finds better

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = time.perf_counter()
        game = self.game_for(observation)
        played, base = played_this_deal(game, observation), None
        for _ in range(3):
            base = base or self.rebuild_from(game, observation, played, rng)
        totals = dict.fromkeys(legal_actions, 0.0)
        samples, tries = 0, 0
        while base is not None and samples < self.max_samples and tries < 2 * \
                self.max_samples and (self.time_budget is None
                                      or time.perf_counter() - start < self.time_budget):
            tries += 1
            state = base.clone()
            if samples and not redeal(state, observation, rng):
                continue
            for action in legal_actions:
                totals[action] += self.margin(state, action, observation["seat"])
            samples += 1
        planned = self.policy.step(observation, legal_actions, rng)
        if not samples:
            return planned
        best = max(legal_actions, key=lambda a: totals[a])
        return best if (totals[best] - totals[planned]) / samples >= CLEAR_GAIN else planned

    def world(self, game, observation, rng):
        return self.rebuild_from(game, observation, played_this_deal(game, observation), rng)

    def value(self, state, action, seat, rng) -> float:
        return self.margin(state, action, seat)

    def rebuild_from(self, game, observation, played, rng):
        deal = guess_deal(game, observation, played, rng)
        if deal is None:
            return None
        state = referee_at(game, observation)
        if state.deal(deal):
            return None
        for text in observation["events"]:
            state.apply(text, check=False)
        pack = game.pack
        for name in ("calypso", "done", "won"):  # the real piles, from the observation
            state.table.cards[name] = [[pack.ids_of[pack.parse(c)][0] for c in cards]
                                       for cards in observation["table"][name]]
        return state

    @staticmethod
    def margin(state, action, seat) -> float:
        trial = state.clone()
        number, tricks = trial.hand_index, len(trial.tricks) + DEPTH + 1
        trial.apply(action, check=False)
        while trial.hand_index == number and len(trial.tricks) < tricks:
            trial.apply(fast_play(trial), check=False)
        score = trial.game.standing(trial)["score"]
        side = trial.game.team_of[seat]
        return score[side] - score[1 - side]


def redeal(state, observation, rng) -> bool:
    """Deal the cards the seat cannot see afresh among the other hands and the stock
    (voids respected): a new guess without replaying the deal."""
    table, pack = state.table, state.game.pack
    others = [s for s in range(state.n) if s != observation["seat"]]
    pool = table.cards["stock"] + [c for s in others for c in table.cards["hand"][s]]
    for _ in range(ATTEMPTS):
        rng.shuffle(pool)
        rest, hands = list(pool), {}
        for seat in others:
            voids = {pack.suit_index(v) for v in observation["voids"][seat]}
            count = len(table.cards["hand"][seat])
            fits = [c for c in rest if pack.suit_of[pack.face_of[c]] not in voids][:count]
            if len(fits) < count:
                break
            chosen = set(fits)
            rest = [c for c in rest if c not in chosen]
            hands[seat] = fits
        else:
            for seat, cards in hands.items():
                table.cards["hand"][seat] = cards
            table.cards["stock"] = rest
            return True
    return False


def fast_play(state) -> int:
    """The heuristic's plan read straight off the state: lead the own suit, win cheaply
    when an opponent holds the trick, otherwise play low. Returns a play action."""
    game, seat = state.game, state.to_move
    pack, start = game.pack, game.vocab.families["play"].start
    suit, power, face_of = pack.suit_of, pack.power, pack.face_of
    faces = {face_of[c] for c in state.table.cards["hand"][seat]}
    own, led = game.trump_of[seat], state.led
    if led is not None:
        follow = [f for f in faces if suit[f] == led]
        faces = follow or faces
    if not state.trick:
        mine = [f for f in faces if suit[f] == own]
        return start + max(mine or faces, key=power.__getitem__)
    best = game.phases[0].winner(state)
    holder, card = state.trick[best]
    low = min(faces, key=lambda f: (suit[f] == own, power[f]))
    if holder == (seat + 2) % 4:
        return start + low
    top = face_of[card]
    top_trump = suit[top] == game.trump_of[holder] and (best == 0 or suit[top] != led)
    winners = [f for f in faces
               if (suit[f] == led and not top_trump and suit[top] == led
                   and power[f] > power[top])
               or (suit[f] == own != led and (not top_trump or power[f] > power[top]))]
    return start + (min(winners, key=power.__getitem__) if winners else low)
