"""Search for Six-Pack Bezique: guess the unseen cards, try each action, play on with
the heuristic for a few tricks, and keep the action with the best mean outcome.

The generic search cannot play this game: it rebuilds a hand by replaying the deal,
and here the draws from the stock put cards in a hand that no event names. So the
guess is built from the observation as it stands: this seat's hand, the cards each
seat has on the table (with the meld classes each was used in, from the
observation's public meld table), the other hand's shown cards, and the unseen rest
shared at random between the other hand and the stock. Each action is then played
out by the heuristic in both seats, to the end of the deal in the last twelve tricks
and for `HORIZON` tricks before that; the outcome is the difference of the two
seats' points (final scores at the end), plus a share of the difference of the melds
each hand could lay then (the material a shorter look ahead cannot see scored).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import NamedTuple

from games.engine.any_game_search import AnyGameSearchBot
from games.six_pack_bezique.heuristic import (
    _meld_value,
    beats,
    choose,
    info_from_observation,
    info_from_state,
    keep_value,
)
from games.six_pack_bezique.melds import BEZIQUES, KIND_CODES, KINDS, Book, Group
from games.six_pack_bezique.melds import points as meld_points
from games.six_pack_bezique.play import MELD_STEP, is_face
from games.six_pack_bezique.rules import CUT_OFFSETS, CUT_TARGET, TRICKS, BeziquePlay
from games.six_pack_bezique.turn import _may_hold

HORIZON = 2  # tricks looked ahead while the stock lasts
HIGH_ODDS = 3.0  # how much likelier a high card is in the other hand than in the stock
CHEAP = 3  # cards tried: the cheapest to lose, and the cheapest winners
PROSPECT = 0.9  # weight of the best meld a hand may lay at the horizon (turns are many)
KEEPING = 5  # points per unit of the heuristic's keep value of each card held
SAMPLES = 24  # most guesses a decision (the time budget stops it sooner)
SURE = 1.0  # standard errors by which an action must beat the heuristic's choice
RESTORE_MIN = 100  # least a scored meld must be worth to break it for a restore
LATE = 30  # stock size under which a bezique is restored even if it could still grow


def played_codes(game, events) -> list[str]:
    """The cards played this deal, from the public events ("KS", "table:KS")."""
    out = []
    for text in events:
        code = text[6:] if text.startswith("table:") else text
        if game.pack.parse(code) is not None and len(code) == 2:
            out.append(code)
    return out


def determinize(game, obs, rng):
    """A state of the current deal consistent with what `obs`'s seat has seen."""
    pack, me = game.pack, obs["seat"]
    extra = obs["bezique"]
    free = {face: list(ids) for face, ids in enumerate(pack.ids_of)}

    def take(code):
        return free[pack.parse(code)].pop()

    state = game.new_match(seed=0, first_dealer=obs["dealer"], auto_deal=False)
    table, used, seq_of, groups = state.table, {}, {}, []
    hands = [[], []]
    for seat in range(2):
        public = extra["melds"][seat]
        tabled = [take(entry["card"]) for entry in public["cards"]]
        for card, entry in zip(tabled, public["cards"], strict=True):
            used[card] = entry["classes"]
            if entry["sequence"] is not None:
                seq_of[card] = entry["sequence"]
        for index, g in enumerate(public["groups"]):
            groups.append(Group(100_000 + 10 * index + seat, seat, g["kind"],
                                tuple(tabled[i] for i in g["cards"]), g["size"],
                                g["scored"], g["broken"]))
        hands[seat] = tabled
        seen = obs["table"]["hand"][seat]
        rest = list(seen) if seat == me else list(seen.get("shown", []))
        for entry in public["cards"]:
            rest.remove(entry["card"])
        hands[seat] += [take(code) for code in rest]
    trick = [(seat, take(code)) for seat, code in obs["trick"]]
    played = played_codes(game, obs["events"])
    for _, code in obs["trick"]:
        played.remove(code)
    won = [take(code) for code in played]
    unseen = [card for ids in free.values() for card in ids]
    # the other player keeps meld material and throws low cards: its unseen cards are
    # more likely high ones than the stock's
    weight = {card: HIGH_ODDS if pack.code(card)[0] in "AKQJT" else 1.0 for card in unseen}
    unseen.sort(key=lambda card: -rng.random() ** (1.0 / weight[card]))
    missing = obs["table"]["hand"][1 - me]["count"] - len(hands[1 - me])
    hands[1 - me] += unseen[:missing]
    stock = unseen[missing:]
    rng.shuffle(stock)
    for seat in range(2):
        table.put("hand", hands[seat], seat)
    table.put("stock", stock)
    table.put("won", won, 0)
    table.put("trick", [card for _, card in trick])
    table.start_moves()
    for card in used:
        table.show(card)
    _set_play(state, obs, trick, used, seq_of, groups)
    return state


def opening_deal(game, obs, rng) -> dict | None:
    """Before play: this seat's twelve cards as seen; the other's shown cards (a carte
    blanche) and a guess for the rest, with no face card if it has spoken at the opening
    already (only a hand without one is asked); the stock, the rest in a guessed order."""
    me, seen = obs["seat"], obs["table"]["hand"]
    shown = list(seen[1 - me].get("shown", []))
    pool = Counter(game.pack.code(c) for c in game.pack.ids())
    pool -= Counter(seen[me])
    pool -= Counter(shown)
    unseen = list(pool.elements())
    rng.shuffle(unseen)
    spoke = any(text in ("blanche", "no-blanche") for text in obs["events"])
    need = seen[1 - me]["count"] - len(shown)
    fits, stock = [], []
    for code in unseen:
        if len(fits) < need and not (spoke and is_face(code)):
            fits.append(code)
        else:
            stock.append(code)
    if len(fits) < need:
        return None
    hands = [None, None]
    hands[me], hands[1 - me] = list(seen[me]), shown + fits
    return {"hands": hands, "stock": stock}


def opening_world(game, obs, rng):
    """The hand at the opening on a guessed deal, the cut (before the dealer makes it)
    drawn as the rules' dealer lands it; None if the guess breaks what was seen."""
    state = AnyGameSearchBot.rebuild_with(game, obs, rng, opening_deal)
    if state is None or state.current_player() != obs["seat"]:
        return None
    if state.vars.get("cut") is None:
        state.vars["cut"] = CUT_TARGET + rng.choice(CUT_OFFSETS)
    return state


def _set_play(state, obs, trick, used, seq_of, groups):
    game, extra = state.game, obs["bezique"]
    state.trump = None if obs["trump"] is None else game.pack.suits.index(obs["trump"])
    state.trick = trick
    state.led = game.pack.suit_of[game.pack.face_of[trick[0][1]]] if trick else None
    state.tricks = [((), 0)] * sum(obs["tricks_won"])
    state.tricks_won = list(obs["tricks_won"])
    state.phase_index = next(i for i, p in enumerate(game.phases) if isinstance(p, BeziquePlay))
    state.to_move = obs["current_player"]
    state.vars = {
        "points": list(extra["points"]), "blanches": [0, 0],
        "blanche_on": list(extra["blanche_on"]), "drawn": [None, None], "scored": [],
        "step": extra["step"], "pending": [], "scored_now": extra["scored_now"],
        "leader": trick[0][0] if trick else obs["current_player"],
        "endgame": extra["endgame"], "used": used, "seq_of": seq_of, "groups": groups,
        "next_gid": 1_000_000, "cut": 0, "guess": 0, "opening": [],
    }


class SixPackBeziqueSearchBot(AnyGameSearchBot):
    name = "search"
    plays = ("six-pack-bezique",)

    def __init__(self, game=None, time_budget: float | None = 0.2, max_samples: int = SAMPLES,
                 **params):
        super().__init__(game, time_budget=time_budget, max_samples=max_samples, **params)

    def step(self, observation, legal_actions, rng):
        game = self.game_for(observation)
        info = info_from_observation(observation)
        searching = observation["phase"] == "play" and info.step in ("trick", "meld") \
            and not (info.step == "meld" and info.scored_now)
        if len(legal_actions) == 1 or not searching:
            return choose(game, legal_actions, info)  # the guess, carte blanche, a meld turn done
        tabled = tabled_from_observation(observation)
        stock = observation["bezique"]["stock"]
        usual = plan(game, legal_actions, info, tabled, stock)
        candidates = self.candidates(game, legal_actions, info, tabled, stock)
        if len(candidates) == 1:
            return candidates[0]
        if usual not in candidates:
            candidates.append(usual)
        gains = dict.fromkeys(candidates, 0.0)  # summed over guesses, against `usual`
        squares = dict.fromkeys(candidates, 0.0)
        start, samples = time.perf_counter(), 0
        while samples < self.max_samples and not self.out_of_time(start, samples):
            state = determinize(game, observation, rng)
            seat = observation["seat"]
            base = self.outcome(state, usual, seat)
            for action in candidates:
                if action != usual:
                    gain = self.outcome(state, action, seat) - base
                    gains[action] += gain
                    squares[action] += gain * gain
            samples += 1
        return self.pick(usual, gains, squares, samples)

    @staticmethod
    def pick(usual, gains, squares, samples):
        """The heuristic's action unless another did better on the same guesses by more
        than `SURE` standard errors of the paired difference (noise must not move it)."""
        best, best_mean = usual, 0.0
        for action, total in gains.items():
            if action == usual or samples < 2:
                continue
            mean = total / samples
            var = max(squares[action] / samples - mean * mean, 0.0) * samples / (samples - 1)
            if mean > best_mean and mean > SURE * (var / samples) ** 0.5:
                best, best_mean = action, mean
        return best

    def world(self, game, observation, rng):
        """A guess at the opening (the guess of the cut, carte blanche) or during trick
        play; none for the dealer's cut (a knack of the hands aimed at 24, not a choice
        among what the seat sees) or a carte blanche shown during play."""
        if observation["phase"] in ("guess", "blanche"):
            return opening_world(game, observation, rng)
        if observation["phase"] != "play" or \
                info_from_observation(observation).step not in ("trick", "meld"):
            return None
        return determinize(game, observation, rng)

    def value(self, state, action, seat, rng) -> float:
        return self.outcome(state, action, seat)

    def out_of_time(self, start, samples) -> bool:
        """Whether another sample would likely end past the budget (one sample always)."""
        if self.time_budget is None or not samples:
            return False
        spent = time.perf_counter() - start
        return spent + spent / samples > self.time_budget

    @staticmethod
    def candidates(game, legal, info, tabled=(), stock=0):
        """The actions worth a look: every meld-turn action; in the last twelve tricks
        every card; before that the cheapest cards to lose, the cheapest winners and the
        tabled cards whose meld a fresh copy would restore (throwing other meld material
        is never tried: the rollouts are too short to see what it costs)."""
        families = game.vocab.families
        plays = [a for a in legal if a in families["play"]]
        if not plays:  # a meld turn: each meld once, in the short form
            return [a for a in legal if a not in families["meld"] or game.meld_of(a)[1] is None]
        if info.endgame:
            return legal
        cost = {a: keep_value(game.vocab.text(a), info) for a in plays}
        cheap = sorted(plays, key=lambda a: cost[a])[:CHEAP]
        restores = restore_plays(game, legal, info, tabled, stock)
        if not info.trick:
            return sorted(set(cheap) | set(restores))
        led = info.trick[0]
        winners = sorted((a for a in plays if beats(game.vocab.text(a), led, info.trump)),
                         key=lambda a: cost[a])[:CHEAP]
        return sorted(set(cheap) | set(winners) | set(restores))

    @staticmethod
    def outcome(state, action, seat) -> float:
        trial = state.clone()
        trial.apply(action)
        game = trial.game
        stop = TRICKS if trial.vars.get("endgame") else len(trial.tricks) + HORIZON
        while not trial.is_terminal() and len(trial.tricks) < stop:
            trial.apply(policy(game, trial), check=False)  # the policy's actions are legal
        if trial.is_terminal():
            scores = trial.hand_log[-1]["scores"]
            return scores[seat] - scores[1 - seat]
        points = trial.vars["points"]
        return points[seat] - points[1 - seat] + material(trial, seat) \
            - material(trial, 1 - seat)


def policy(game, state) -> int:
    """The search's own plan (the heuristic and its restores), without listing every
    legal meld first: a meld turn tries the melds from the one it values most and takes
    the first that may be laid (the rules' full list costs a search per kind, most of a
    rollout's time)."""
    seat = state.current_player()
    info = info_from_state(state, seat)
    if state.vars.get("step") != MELD_STEP:
        legal = state.legal_actions()
        if info.endgame or info.step != "trick":
            return choose(game, legal, info)
        return plan(game, legal, info, tabled_from_state(state, seat),
                    len(state.table.of("stock")))
    if info.scored_now:
        return game.DONE
    return best_meld(game, state, seat, info)[0]


def best_meld(game, state, seat, info) -> tuple[int, float]:
    """The meld-turn action the heuristic values most among those the rules allow now
    (laying a meld, including growing or restoring one, or scoring a waiting one) and
    its value; (done, 0) when there is none."""
    families, book = game.vocab.families, Book(state)
    held = set(info.hand)
    waiting = {g.kind for g in book.groups if g.seat == seat and not g.scored
               and not g.broken and not book.in_scored_sequence(g)}
    options = [(families["meld"].start + i, code, False) for i, code in enumerate(KIND_CODES)]
    options += [(families["score"].start + i, code, True)
                for i, code in enumerate(KIND_CODES) if code in waiting]
    values = {action: _meld_value(KINDS[code], info) for action, code, _ in options}
    for action, code, scoring in sorted(options, key=lambda o: -values[o[0]]):
        if values[action] <= 0:
            break
        if scoring or (_may_hold(KINDS[code], held) and book.find(seat, KINDS[code]) is not None):
            return action, values[action]
    return game.DONE, 0.0


def material(state, seat) -> float:
    """What a hand is worth beyond the points scored: the best meld it may lay now (a
    meld turn away; growing and restoring melds count) and the meld material it keeps
    (the heuristic's own measure)."""
    info = info_from_state(state, seat)
    if info.endgame:
        return 0.0
    ready = best_meld(state.game, state, seat, info)[1]
    return PROSPECT * ready + KEEPING * sum(keep_value(c, info) for c in info.hand)


# --- restoring melds -------------------------------------------------------------
class Tabled(NamedTuple):
    """One of this seat's melds on the table, as both an observation and a state tell it."""

    kind: str
    size: int
    codes: tuple[str, ...]
    scored: bool
    broken: bool


def tabled_from_observation(obs) -> list[Tabled]:
    public = obs["bezique"]["melds"][obs["seat"]]
    return [Tabled(g["kind"], g["size"], tuple(public["cards"][i]["card"] for i in g["cards"]),
                   g["scored"], g["broken"]) for g in public["groups"]]


def tabled_from_state(state, seat) -> list[Tabled]:
    codes = state.game.pack.codes
    return [Tabled(g.kind, g.size, tuple(codes(g.cards)), g.scored, g.broken)
            for g in state.vars.get("groups", ()) if g.seat == seat]


def restore_plays(game, legal, info, tabled, stock) -> list[int]:
    """Tabled cards worth playing, best first: each breaks a scored meld (worth
    `RESTORE_MIN` or more) while the hand holds a fresh copy of it, so the next meld
    turn lays that meld again and it scores again. A bezique that may still grow keeps
    one fresh copy of each card for the growth (a triple grown to a quadruple gains
    4500, restored 1500), unless the stock is nearly gone."""
    table = game.vocab.families["table"]
    fresh = Counter(code for code, used in zip(info.hand, info.classes, strict=True)
                    if not used)
    worth = {}
    for action in legal:
        if action not in table:  # a table action exists only beside a concealed copy
            continue
        code = game.vocab.text(action)[len("table:"):]
        for meld in tabled:
            if not meld.scored or meld.broken or code not in meld.codes:
                continue
            kind = KINDS[meld.kind]
            if kind.cls == BEZIQUES and meld.size < 4 and stock >= LATE and fresh[code] < 2:
                continue
            value = meld_points(kind, info.trump)
            if value >= RESTORE_MIN:
                worth[action] = max(worth.get(action, 0), value)
    return sorted(worth, key=lambda a: -worth[a])


def plan(game, legal, info, tabled, stock) -> int:
    """The heuristic's choice, except that a card is played from the table to restore a
    meld (see `restore_plays`) when the heuristic would not win the trick anyway."""
    usual = choose(game, legal, info)
    if info.endgame or info.step != "trick":
        return usual
    restores = restore_plays(game, legal, info, tabled, stock)
    if not restores:
        return usual
    if info.trick and beats(game.vocab.text(usual).split(":")[-1], info.trick[0], info.trump) \
            and not beats(game.vocab.text(restores[0])[len("table:"):], info.trick[0],
                          info.trump):
        return usual  # a trick won is a meld turn now; the restore can wait
    return restores[0]
