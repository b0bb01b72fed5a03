"""The Mighty search bot: guess the hidden cards, try each card, play the hand out.

The engine's search for any game gives up when events are hidden ("?": the
declarer's discards); this one guesses them too. For a card to play it rebuilds the
hand once from the seat's observation (the public events replayed on a referee state
whose hands are unknown), then, for each guess, gives every other seat as many unseen
cards as it holds, never of a suit it showed itself void in, and the rest to the
discards (a declarer knows its own discards, so then only the hands are guessed).
Each legal card is tried on each guess and the hand is played out by the heuristic
in every seat; the card with the best mean score for this seat wins. The auction,
the discards, the trump and the call are the heuristic's.
"""

from __future__ import annotations

import time
from collections import Counter
from types import SimpleNamespace

from .any_game import AnyGameSearchBot
from .mighty_heuristic import MightyHeuristicBot, Seen, decide

ATTEMPTS = 20


def rebuild(game, observation):
    """A state at this moment of the hand; the hidden cards are still to be placed."""
    index = observation["hand_number"] - 1
    first_dealer = (observation["dealer"] - index) % game.num_players
    state = game.new_match(seed=0, first_dealer=first_dealer, auto_deal=False)
    state.opener_hint = observation["opener"]
    state.start_at(index, observation["team_scores"])
    state.deal(None)
    fillers = iter(game.pack.faces)  # any cards: the discards are placed later
    for text in observation["events"]:
        state.apply("discard:" + next(fillers) if text == "?" else text, check=False)
    return state


def hidden_cards(game, observation) -> tuple[list[int], dict[int, int]]:
    """Faces nobody has shown this seat, and how many each hidden place holds
    (seat numbers, and -1 for the discards)."""
    me = observation["seat"]
    table, pack = observation["table"], game.pack
    seen = Counter(table["hand"][me])
    for won in table["won"]:
        seen.update(won)
    seen.update(code for _, code in observation["trick"])
    places = {s: table["hand"][s]["count"] for s in range(game.num_players) if s != me}
    if me == observation["declarer"]:
        seen.update(t[8:] for t in observation["events"] if t.startswith("discard:"))
    else:
        places[-1] = table["discards"]["count"]
    unseen = [face for face, code in enumerate(pack.faces) if not seen[code]]
    return unseen, places


def deal_guess(game, unseen, places, voids, rng) -> dict[int, list[int]] | None:
    """Hidden cards to places, respecting the known voids (None: no fit found)."""
    suit_of = game.pack.suit_of
    for _ in range(ATTEMPTS):
        room = dict(places)
        out = {p: [] for p in places}
        cards = list(unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda f: -sum(suit_of[f] in voids.get(p, ()) for p in places))
        for face in cards:
            fits = [p for p in room if room[p] and suit_of[face] not in voids.get(p, ())]
            if not fits:
                break
            weights = [room[p] for p in fits]
            place = rng.choices(fits, weights)[0]
            out[place].append(face)
            room[place] -= 1
        else:
            return out
    return None


class MightySearchBot(AnyGameSearchBot):
    """Registered as ("mighty", "search"); takes the engine search's parameters (its
    rollouts are always the Mighty heuristic's)."""

    name = "search"
    plays = ("mighty",)

    def __init__(self, game=None, time_budget: float | None = 0.15, max_samples: int = 24,
                 rollout: str = "heuristic", policy=None):
        self.game = game
        self.time_budget, self.max_samples = time_budget, max_samples
        self.heuristic = MightyHeuristicBot(game)

    def step(self, observation, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        if observation["phase"] != "play":
            return self.heuristic.step(observation, legal_actions, rng)
        game = self.game_for(observation)
        base = rebuild(game, observation)
        unseen, places = hidden_cards(game, observation)
        voids = {s: {game.pack.suit_index(v) for v in letters}
                 for s, letters in enumerate(observation["voids"])}
        me = observation["seat"]
        mine = [game.pack.parse(c) for c in observation["table"]["hand"][me]]
        legal_actions = distinct_plays(game, observation, legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        totals = dict.fromkeys(legal_actions, 0.0)
        start, samples = time.perf_counter(), 0
        while samples < self.max_samples:
            spent = time.perf_counter() - start
            if self.time_budget is not None and samples and \
                    spent * (samples + 1) / samples > self.time_budget:
                break  # the next guess would end past the budget
            guess = deal_guess(game, unseen, places, voids, rng)
            if guess is None:
                break
            state = place(base, me, mine, guess)
            for action in legal_actions:
                totals[action] += rollout(state, action, me)
            samples += 1
        if not samples:
            return self.heuristic.step(observation, legal_actions, rng)
        return max(legal_actions, key=lambda a: totals[a])


def distinct_plays(game, observation, legal: list[int]) -> list[int]:
    """The legal plays less those that cannot differ: of two cards of a suit, both
    worth a point or neither, with every card between them already played or held
    by this seat, only the lower is tried (the mighty and the ripper always are)."""
    pack, plays = game.pack, game.vocab.families["play"]
    mine = {pack.parse(c) for c in observation["table"]["hand"][observation["seat"]]}
    gone = {pack.parse(c) for won in observation["table"]["won"] for c in won} | mine
    gone.update(pack.parse(c) for _, c in observation["trick"])
    trump = SimpleNamespace(trump=pack.suit_index(observation["trump"] or ""))
    special = {game.mighty(trump), game.ripper(trump), game.joker_face}
    faces = sorted((a - plays.start for a in legal if a in plays and
                    a - plays.start not in special),
                   key=lambda f: (pack.suit_of[f], pack.power[f]))
    dropped = set()
    for low, high in zip(faces, faces[1:], strict=False):
        if pack.suit_of[low] != pack.suit_of[high] or pack.suit_of[low] < 0 \
                or game.is_point(low) != game.is_point(high):
            continue
        between = [f for f in range(len(pack.faces)) if pack.suit_of[f] == pack.suit_of[low]
                   and pack.power[low] < pack.power[f] < pack.power[high]]
        if all(f in gone for f in between):
            dropped.add(high)
    return [a for a in legal if a - plays.start not in dropped]


def place(base, me, mine, guess):
    """A copy of `base` with this seat's cards and the guessed hidden cards in place."""
    state = base.clone()
    hands = state.table.cards["hand"]
    hands[me] = list(mine)
    for where, faces in guess.items():
        if where == -1:
            state.table.cards["discards"] = list(faces)
        else:
            hands[where] = list(faces)
    return state


def rollout(state, action, seat) -> float:
    """This seat's score for the hand after `action`, the rest played by the heuristic."""
    trial = state.clone()
    number = trial.hand_index
    trial.apply(action, check=False)
    game = trial.game
    while trial.hand_index == number and not trial.is_terminal():
        legal = trial.legal_actions()
        mover = trial.current_player()
        trial.apply(decide(game, Seen.from_state(trial, mover), legal), check=False)
    return trial.hand_log[-1]["scores"][seat]

