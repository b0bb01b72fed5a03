"""The Mighty search bot: guess the hidden cards, try each choice, play the hand out.

The engine's search for any game gives up when events are hidden ("?": the
declarer's discards); this one guesses them too. For a decision it rebuilds the hand
once from the seat's observation (the public events replayed on a referee state whose
hands are unknown), then, for each guess, gives every other seat as many unseen cards
as it holds, never of a suit it showed itself void in, and the rest to the widow or
the discards (a declarer knows its own discards, so then only the hands are guessed).

* Cards: each legal card (less those that cannot differ) is played out on each guess
  by the heuristic in every seat; the best mean of score plus a tenth of the side's
  card points wins, ties going to the heuristic's card.
* Bids: one playout per guess with this seat declaring its strongest suit tells the
  points its side would take; each legal number in that suit is scored with them.
  The heuristic bids too low for its hands (13 almost always); the search raises when
  its guesses say a higher contract pays, and keeps the heuristic's bid otherwise.
* Discards, trump and call are the heuristic's.
"""

from __future__ import annotations

import time
from collections import Counter
from types import SimpleNamespace

from games.engine.any_game_search import AnyGameSearchBot
from games.mighty.heuristic import MightyHeuristicBot, Seen, best_suit, decide, estimate
from games.mighty.rules import hand_scores

ATTEMPTS = 20
WIDOW, DISCARDS = -2, -1  # hidden places that are not seats
POINT_WEIGHT = 0.1
MIN_GUESSES, MARGIN = 4, 1.0  # a bid the search prefers to the heuristic's


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
    (seat numbers, `WIDOW` and `DISCARDS`)."""
    me = observation["seat"]
    table, pack = observation["table"], game.pack
    seen = Counter(table["hand"][me])
    for won in table["won"]:
        seen.update(won)
    seen.update(code for _, code in observation["trick"])
    places = {s: table["hand"][s]["count"] for s in range(game.num_players) if s != me}
    if table["widow"]["count"]:
        places[WIDOW] = table["widow"]["count"]
    if me == observation["declarer"]:
        seen.update(t[8:] for t in observation["events"] if t.startswith("discard:"))
    elif table["discards"]["count"]:
        places[DISCARDS] = table["discards"]["count"]
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
        phase = observation["phase"]
        if phase not in ("play", "auction"):
            return self.heuristic.step(observation, legal_actions, rng)
        game = self.game_for(observation)
        usual = self.heuristic.step(observation, legal_actions, rng)
        if phase == "play":
            legal_actions = distinct_plays(game, observation, legal_actions)
            if len(legal_actions) == 1:
                return legal_actions[0]
            judge = PlayJudge(game, observation, legal_actions)
        else:
            judge = BidJudge(game, observation, legal_actions)
        worlds = Worlds(game, observation, rng)
        start, samples = time.perf_counter(), 0
        while samples < self.max_samples:
            spent = time.perf_counter() - start
            if self.time_budget is not None and samples and \
                    spent * (samples + 1) / samples > self.time_budget:
                break  # the next guess would end past the budget
            state = worlds.next()
            if state is None:
                break
            judge.add(state)
            samples += 1
        if not samples:
            return usual
        return judge.best(usual)


    def world(self, game, observation, rng):
        return Worlds(game, observation, rng).next()

    def value(self, state, action, seat, rng) -> float:
        return value(play_out(state, action), seat)


class Worlds:
    """Guesses of the hidden cards, each a state ready to play on."""

    def __init__(self, game, observation, rng):
        self.game, self.rng = game, rng
        self.base = rebuild(game, observation)
        self.unseen, self.places = hidden_cards(game, observation)
        self.voids = {s: {game.pack.suit_index(v) for v in letters}
                      for s, letters in enumerate(observation["voids"])}
        self.me = observation["seat"]
        self.mine = [game.pack.parse(c) for c in observation["table"]["hand"][self.me]]

    def next(self):
        guess = deal_guess(self.game, self.unseen, self.places, self.voids, self.rng)
        return None if guess is None else place(self.base, self.me, self.mine, guess)


class PlayJudge:
    """Each candidate card played out on each guess; the best mean value wins."""

    def __init__(self, game, observation, legal):
        self.me, self.totals = observation["seat"], dict.fromkeys(legal, 0.0)

    def add(self, state):
        for action in self.totals:
            self.totals[action] += value(play_out(state, action), self.me)

    def best(self, usual):
        return max(self.totals, key=lambda a: (self.totals[a], a == usual))  # ties: usual


class BidJudge:
    """A bid is judged from one playout per guess where this seat declares its
    strongest suit (at 20, which the others do not overbid): that gives the points
    its side would take, and every legal number in that suit is scored with them
    (a number another seat's hand would overbid counts as a pass). Passing counts 0.
    The heuristic's choice stands unless a bid beats it by `MARGIN` on at least
    `MIN_GUESSES` guesses: few guesses flatter the boldest bid."""

    def __init__(self, game, observation, legal):
        self.game, self.me, self.legal = game, observation["seat"], legal
        hand = [game.pack.parse(c) for c in observation["table"]["hand"][self.me]]
        self.suit = "SHDC"[best_suit(game, hand)[0]]
        self.totals = dict.fromkeys(legal, 0.0)
        self.samples = 0

    def add(self, state):
        game, me = self.game, self.me
        rival = max((estimate(best_suit(game, state.table.of("hand", seat))[1])
                     for seat in range(state.n)
                     if seat != me and seat not in state.vars["passed"]), default=0)
        entry = play_out(state, game.vocab.parse(f"bid:20{self.suit}"))
        if entry is None:
            return
        self.samples += 1
        summary = entry["summary"]
        for action in self.legal[1:]:
            number, trump = game.bid_of(action)
            if trump == self.suit and rival < number + 1:
                self.totals[action] += hand_scores(state.n, me, summary["partner"], number,
                                                   summary["points"],
                                                   game.options["runs"])[me]

    def best(self, usual):
        if self.samples < MIN_GUESSES:
            return usual
        tried = [a for a in self.legal
                 if a == self.legal[0] or self.game.bid_of(a)[1] == self.suit]
        top = max(tried, key=lambda a: self.totals[a])
        margin = MARGIN * self.samples
        return top if self.totals[top] > self.totals.get(usual, 0.0) + margin else usual


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
        if where < 0:
            state.table.cards["widow" if where == WIDOW else "discards"] = list(faces)
        else:
            hands[where] = list(faces)
    return state


def play_out(state, action):
    """The hand's log entry after `action`, the rest played by the heuristic in every
    seat (None when everyone passed and the hand is dealt again)."""
    trial = state.clone()
    number = trial.hand_index
    trial.apply(action, check=False)
    game = trial.game
    while trial.hand_index == number and not trial.is_terminal():
        mover = trial.current_player()
        if mover < 0:
            return None
        legal = trial.legal_actions()
        trial.apply(decide(game, Seen.from_state(trial, mover), legal), check=False)
    return trial.hand_log[-1]


def value(entry, seat) -> float:
    """This seat's score for the hand plus a tenth of its side's card points: scores
    come in steps, points tell apart plays that end in the same step."""
    if entry is None:
        return 0.0
    summary = entry["summary"]
    points = summary["points"]
    if seat not in (summary["declarer"], summary["partner"]):
        points = 20 - points
    return entry["scores"][seat] + POINT_WEIGHT * points
