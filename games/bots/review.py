"""Hand review: the search bot judges every decision of a card-by-card record.

`review_record(record, seed=…, budget=…)` replays each card-by-card hand and, at every
decision with more than one legal action, asks the game's search bot for the value of
the candidate actions *from the acting seat's observation only*: it guesses the cards
that seat could not see (`budget` guesses), plays each candidate out on every guess with
the game's rollout policy, and averages the side's score for the hand. The result per
decision: the action played, the bot's preferred action, and the expected score the
played action gave away (`loss`, never below 0: the played action is always a candidate).

Determinism: the guesses draw from a generator seeded with the review's seed, the hand
number and the decision's place in the hand -- nothing a seat could not see -- and no
search stops on a clock. So the same record, seed and budget give the same review, and
re-dealing the cards a seat could not see (consistently with what it saw) leaves that
seat's decision reviewed the same.

Paired playouts: on each guess every candidate is played out from the same state with a
generator seeded alike (drawn once per guess), so two candidates meet the same hidden
cards and the same luck of the rollout, and their difference on that guess is theirs.
The loss is the mean of those differences (preferred minus played); its `noise` is the
largest loss chance alone would show with `COSTLY_CONFIDENCE` (one-sided, 97.5 %): that
many standard errors of the mean difference, more when more candidates were compared
(the preferred action is the best of them on these very guesses, so the bar is shared
among them, Bonferroni's way: 1.96 standard errors for two candidates, 2.84 for twelve).

A decision is *costly* when its loss is at least `COSTLY_SHARE` (a quarter) of the
hand's stakes at that moment -- the mean absolute score of the side over every playout
made for the decision -- and at least `COSTLY_MIN_POINTS` (one point), and larger than
its noise: a loss the guesses themselves could have made up is never marked (nor is any
with a single guess, whose noise cannot be told).
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from statistics import NormalDist

from games import rules
from games.bluke import actions as A
from games.bluke.bots.determinize import public_bids, rebuild_state, sample_hands
from games.bluke.bots.heuristic import heuristic_action
from games.bluke.bots.rollout import play_out
from games.bluke.bots.search import MAX_FAILURES, BlukeFamilySearchBot
from games.bluke.record_hands import HandChecker
from games.bluke.replay import (
    PLAY_BY_TEXT,
    infer_deal,
    read_deal,
    read_replacement,
    read_turned,
    start,
)
from games.bots.registry import make_bot
from games.engine.any_game_search import AnyGameSearchBot
from games.engine.checker import EngineChecker
from games.engine.rng import seeded

DEFAULT_BUDGET = 8  # guesses of the hidden cards per decision (docs/performance.md)
# Raised whenever the same decision may be judged differently (2: paired playouts and the
# confidence test for "costly"), so that stored reviews of an older reviewer are redone.
REVIEWER_VERSION = 2
COSTLY_SHARE = 0.25
COSTLY_MIN_POINTS = 1.0
COSTLY_CONFIDENCE = 0.975  # that a costly loss is no chance difference of the guesses
MAX_CANDIDATES = 12  # actions valued per decision at most (the rest: see EngineJudge)

# A phase's name -> the kind of decision taken in it.
KIND_OF_PHASE = {
    "bid": "bid", "auction": "bid", "order": "bid", "guess": "bid",
    "trump": "call", "name": "call", "call": "call", "cut": "call", "blanche": "call",
    "discard": "exchange", "drop": "exchange", "exchange": "exchange",
    "play": "play", "lay": "play",
}
KINDS = ("bid", "call", "exchange", "play")


class ReviewError(ValueError):
    """The record cannot be reviewed (not a valid card-by-card record)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision. `event` counts the hand's actions before it (0-based)."""

    hand: int
    event: int
    seat: int
    kind: str
    played: str
    preferred: str
    loss: float
    stakes: float
    costly: bool
    choices: int
    samples: int
    noise: float = 0.0  # the loss chance alone could show (inf: one guess)

    @property
    def agrees(self) -> bool:
        return self.played == self.preferred or self.loss == 0

    def to_dict(self) -> dict:
        return asdict(self)


def is_costly(loss: float, stakes: float, noise: float = 0.0) -> bool:
    """Big against the hand's stakes, and bigger than the estimate's own noise."""
    return loss >= max(COSTLY_MIN_POINTS, COSTLY_SHARE * stakes) and loss > noise


def chance_margin(error: float, candidates: int) -> float:
    """The loss chance could show with `COSTLY_CONFIDENCE`, for a preferred action picked
    as the best of `candidates` on the same guesses (`error`: the standard error)."""
    if math.isinf(error):
        return math.inf
    share = (1 - COSTLY_CONFIDENCE) / max(1, candidates - 1)
    return NormalDist().inv_cdf(1 - share) * error


def paired_loss(best: list[float], played: list[float]) -> tuple[float, float]:
    """Mean and standard error of the per-guess differences `best - played`."""
    diffs = [b - p for b, p in zip(best, played, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def playout_seed(rng: random.Random) -> int:
    """A seed for one guess's playouts, so that every candidate is played out alike."""
    return rng.getrandbits(64)


def decision_rng(seed, hand: int, event: int) -> random.Random:
    return seeded(f"review/{seed}/{hand}/{event}")


# --- valuing the candidates of one decision ------------------------------------------
class BlukeFamilyJudge:
    """The Bluke family's search bot: its guesses and its fast rollouts. Bids are judged
    among the heuristic's bid and its neighbours, and the bid that was made."""

    def __init__(self, game, budget: int):
        self.bot = BlukeFamilySearchBot(game, time_budget=None, max_samples=budget)

    def values(self, observation, legal, played, rng):
        """{candidate: its value on each guess}, the stakes, and the heuristic's choice."""
        bot = self.bot
        view = bot.view(observation)
        plays = [A.string_to_action(p) for p in observation["plays"]]
        fallback = heuristic_action(view, legal)
        candidates = bot.candidates(legal, fallback)
        candidates = candidates + [played] * (played not in candidates)
        unit, bids = view.game.team_of[view.seat], public_bids(view)
        runs: dict[int, list[float]] = {a: [] for a in candidates}
        failures = 0
        while len(runs[played]) < bot.max_samples and failures < MAX_FAILURES:
            hands = sample_hands(view, rng)
            state = rebuild_state(view, hands, bids, plays) if hands else None
            if state is None:
                failures += 1
                continue
            seed = playout_seed(rng)
            for action in candidates:
                trial = state.clone()
                trial.apply(action)
                runs[action].append(play_out(trial, unit, random.Random(seed), bot.rollout))
        if not runs[played]:
            return {}, 0.0, fallback
        means = [sum(r) / len(r) for r in runs.values()]
        return runs, _stakes(means), fallback

    @staticmethod
    def kind(state, action) -> str:
        return "bid" if A.is_bid(action) else "play"


class EngineJudge:
    """An engine game's search bot: its own guesses of a world and its own valuation of
    an action in it (`world`, `value`); the candidates are the legal actions (see
    `candidates` where they are many). A game whose
    search bot is of another kind (Ribs: it searches a model of its own, not states) is
    judged by the generic search with random playouts (its heuristic is itself a search,
    far too slow to play out every candidate on every guess), with the guesses the bot
    names as its `worlds` (Ribs: `games.ribs.worlds`, which guesses face-down cards)."""

    def __init__(self, game, budget: int):
        self.game = game
        self.budget = budget
        bot = make_bot("search", game=game, time_budget=None, max_samples=budget)
        if not isinstance(bot, AnyGameSearchBot):
            searcher = getattr(bot, "worlds", AnyGameSearchBot)
            bot = searcher(game, time_budget=None, max_samples=budget)
        self.bot = bot
        try:
            self.heuristic = make_bot("heuristic", game=game)
        except ValueError:
            self.heuristic = None

    def candidates(self, observation, legal, played, rng) -> tuple[list[int], int | None]:
        """Every legal action, or where there are more than `MAX_CANDIDATES` (Mighty's
        auction: a number in a suit), the one played, the heuristic's and the rest spread
        evenly over the legal list; and the heuristic's choice (it breaks ties)."""
        usual = self.heuristic.step(observation, legal, rng) if self.heuristic else None
        if len(legal) <= MAX_CANDIDATES:
            return legal, usual
        chosen = {played, usual} - {None}
        step = len(legal) / (MAX_CANDIDATES - len(chosen))
        chosen |= {legal[int(i * step)] for i in range(MAX_CANDIDATES - len(chosen))}
        return [a for a in legal if a in chosen], usual

    def values(self, observation, legal, played, rng):
        """{candidate: its value on each guess}, the stakes, and the heuristic's choice."""
        bot, game, seat = self.bot, self.game, observation["seat"]
        candidates, usual = self.candidates(observation, legal, played, rng)
        runs: dict[int, list[float]] = {a: [] for a in candidates}
        for _ in range(self.budget * 2):
            if len(runs[played]) >= self.budget:
                break
            state = bot.world(game, observation, rng)
            if state is None or any(state.check(action) is not None for action in legal):
                continue  # (a world where the seat could not act as it can is no guess)
            seed = playout_seed(rng)
            for action in candidates:
                runs[action].append(bot.value(state, action, seat, random.Random(seed)))
        if not runs[played]:
            return {}, 0.0, usual
        spread = [abs(v) for values in runs.values() for v in values]
        return runs, sum(spread) / len(spread), usual

    @staticmethod
    def kind(state, action) -> str:
        return KIND_OF_PHASE.get(state.phase_name(), "play")


def _stakes(means: list[float]) -> float:
    return sum(abs(v) for v in means) / len(means) if means else 0.0


def judge_for(game, budget: int):
    if rules.writes_summaries(game):
        return EngineJudge(game, budget)
    return BlukeFamilyJudge(game, budget)


def review_decision(judge, state, action, *, seed, hand: int, event: int) -> Decision | None:
    """The review of `action` taken at `state` (None for a forced move: one legal action)."""
    seat = state.current_player()
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    action = action if type(action) is int else state.string_to_action(action)
    observation = state.observation(seat)
    rng = decision_rng(seed, hand, event)
    runs, stakes, tie_break = judge.values(observation, legal, action, rng)
    text = state.action_to_string
    if not runs:  # no guess of the hidden cards fitted what the seat saw
        return Decision(hand, event, seat, judge.kind(state, action), text(action),
                        text(action), 0.0, 0.0, False, len(legal), 0)
    values = {a: sum(r) / len(r) for a, r in runs.items()}
    best = max(values, key=lambda a: (values[a], a == tie_break, a == action))
    loss, error = paired_loss(runs[best], runs[action])
    loss, noise = max(0.0, loss), chance_margin(error, len(runs))
    return Decision(hand, event, seat, judge.kind(state, action), text(action), text(best),
                    round(loss, 3), round(stakes, 3), is_costly(loss, stakes, noise),
                    len(legal), len(runs[action]), round(noise, 3))


# --- replaying a record decision by decision ----------------------------------------
def decision_points(record: dict, game=None):
    """(hand number, event index, state before the action, action) for every action of
    every card-by-card hand of a valid record, in order. The state is the replay's own:
    read it before taking the next item."""
    game = game or _load(record)
    if rules.writes_summaries(game):
        yield from _engine_points(game, record)
    else:
        yield from _bluke_points(game, record)


def _load(record: dict):
    report = rules.check_record(record)
    if not report.valid:
        first = report.errors[0]
        raise ReviewError(f"the record is not valid: {first.message}")
    return report.rules


def _engine_points(game, record):
    seats = record.get("seats") or [f"Seat {i + 1}" for i in range(game.num_players)]
    checker = EngineChecker(game, seats, record.get("first_dealer", 0),
                            rules.CheckReport(game=game.name))
    state = checker.state
    for index, hand in enumerate(record["hands"]):
        checker.number = index + 1
        events = hand.get("events")
        if events is None:
            if not checker.by_summary(hand):
                raise ReviewError(f"hand {index + 1}: cannot be replayed")
            continue
        deal = hand.get("deal") or {}
        if "hands" not in deal:
            deal = checker.learn_hands(game.deal_from_events(state, dict(deal), events),
                                       events)
        if deal is None or state.deal(deal):
            raise ReviewError(f"hand {index + 1}: its deal cannot be replayed")
        for position, text in enumerate(events):
            yield index + 1, position, state, text
            state.apply(text)


def _bluke_points(game, record):
    seats = record.get("seats") or [f"Seat {i + 1}" for i in range(game.num_players)]
    errors: list = []
    checker = HandChecker(game, seats, record.get("first_dealer", 0), errors)
    state = checker.state
    for index, hand in enumerate(record["hands"]):
        if "plays" not in hand:
            continue  # a scoresheet hand: no decisions to review
        checker.number = index + 1
        cards = game.schedule[index]
        actions = [_play_action(text) for text in hand["plays"]]
        masks = read_deal(checker, hand, cards) if "deal" in hand else None
        ok, turned = read_turned(checker, hand, masks)
        trump = checker.read_trump(hand)
        replacement = read_replacement(checker, hand, turned, masks)
        if masks is None:
            masks = infer_deal(checker, hand, cards, actions, turned, trump)
        if errors or not ok or masks is None or not start(
                checker, hand, masks, turned, trump, replacement, quiet=True):
            raise ReviewError(f"hand {index + 1}: cannot be replayed")
        bids = [state.bids[seat] for seat in state.bid_order]
        state.start_at(index)
        state.start_hand(masks, turned, replacement)
        if turned is None and trump is not None:
            state.set_trump(trump)
        for position, action in enumerate(bids + actions):
            yield index + 1, position, state, action
            state.apply(action)


def _play_action(text) -> int:
    action = PLAY_BY_TEXT.get(text)
    return A.string_to_action(text) if action is None else action


def review_record(record: dict, *, seed=0, budget: int = DEFAULT_BUDGET,
                  progress=None) -> list[Decision]:
    """Every decision of the record's card-by-card hands, reviewed (see the module
    docstring). `progress(hand number)` is called as each hand starts."""
    game = _load(record)
    judge = judge_for(game, budget)
    decisions, current = [], None
    for hand, event, state, action in decision_points(record, game):
        if progress is not None and hand != current:
            current = hand
            progress(hand)
        decision = review_decision(judge, state, action, seed=seed, hand=hand, event=event)
        if decision is not None:
            decisions.append(decision)
    return decisions


def summarize(decisions: list[Decision]) -> dict:
    """Per seat: decisions, agreements with the bot, total and mean loss, costly ones."""
    seats: dict[int, dict] = {}
    for d in decisions:
        if not d.samples:
            continue
        row = seats.setdefault(d.seat, {"decisions": 0, "agreed": 0, "loss": 0.0,
                                        "costly": 0})
        row["decisions"] += 1
        row["agreed"] += d.agrees
        row["loss"] += d.loss
        row["costly"] += d.costly
    for row in seats.values():
        row["mean_loss"] = row["loss"] / row["decisions"]
        row["agreement"] = row["agreed"] / row["decisions"]
    return seats


# --- par of duplicate boards ----------------------------------------------------------
PAR_PLAYOUTS = 4
PAR_BOT = "heuristic"


def board_par(game, boards: list[dict], *, seed, playouts: int = PAR_PLAYOUTS,
              bot: str = PAR_BOT) -> list[list[float]]:
    """Par of each board: the mean score of each unit (seat, or side in partnership games)
    on it over `playouts` bot-only matches on these boards (`game.new_match(boards=…)`),
    the bots' generators seeded from `seed`, the playout and the seat."""
    totals = [[0.0] * len(game.teams) for _ in boards]
    for playout in range(playouts):
        for index, scores in enumerate(_played_boards(game, boards, seed, playout, bot)):
            totals[index] = [t + s for t, s in zip(totals[index], scores, strict=True)]
    return [[round(t / playouts, 2) for t in row] for row in totals]


def _played_boards(game, boards, seed, playout, bot) -> list[list[int]]:
    bots = [make_bot(bot, game=game) for _ in range(game.num_players)]
    rngs = [seeded(f"par/{seed}/{playout}/{seat}") for seat in range(game.num_players)]
    state = game.new_match(seed=f"par/{seed}/{playout}", boards=boards)
    while len(state.hand_log) < len(boards) and not state.is_terminal():
        seat = state.current_player()
        mover = bots[seat]
        observation = state.observation(seat) if mover.needs_observation else None
        state.apply(mover.step(observation, state.legal_actions(), rngs[seat]))
    return [list(entry["scores"]) for entry in state.hand_log[:len(boards)]]
