"""Bots against bots over many matches: mean score with a 95% interval, win rate, speed.

Match m seats bot slot k at seat (k + m) % players, so over a multiple of the
player count every bot has sat everywhere (first bidder, dealer, partner of each
other bot). Match seeds are derived from the arena seed, so a run repeats exactly
(as long as no search bot hits its time budget).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from games import rules
from games.bots.match import play_state
from games.bots.registry import make_bot


@dataclass
class BotStats:
    """Results of one bot slot across the arena."""

    label: str
    scores: list[int] = field(default_factory=list)
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the normal-approximation 95% interval of the mean."""
        n = len(self.scores)
        if n < 2:
            return 0.0
        mean = self.mean
        var = sum((x - mean) ** 2 for x in self.scores) / (n - 1)
        return 1.96 * math.sqrt(var / n)

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.scores) if self.scores else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict:
        return {
            "bot": self.label, "matches": len(self.scores), "mean": round(self.mean, 2),
            "ci95": round(self.ci95, 2), "win_rate": round(self.win_rate, 4),
            "decisions": self.decisions, "ms_per_decision": round(self.ms_per_decision, 3),
        }


class TimedBot:
    """Wraps a bot to count its decisions and the time they take."""

    def __init__(self, bot):
        self.bot = bot
        self.needs_observation = bot.needs_observation
        self.decisions = 0
        self.seconds = 0.0

    def step(self, observation, legal_actions, rng):
        start = time.perf_counter()
        action = self.bot.step(observation, legal_actions, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def match_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_arena_match(game_name: str, options: dict, bots: list[str], seed: int, index: int,
                     bot_params: dict) -> list[tuple[int, int, int, float]]:
    """One arena match; per slot: (final score, win share * 1000, decisions, seconds)."""
    game = rules.load(game_name, **options)
    n = game.num_players
    seat_slot = [(seat - index) % n for seat in range(n)]  # slot k sits at (k + index) % n
    players = [TimedBot(make_bot(bots[seat_slot[seat]], game=game, **bot_params))
               for seat in range(n)]
    state = play_state(game, players, match_seed(seed, index))
    totals = state.returns()
    ranking = getattr(game, "ranking", None)  # lowest total first in some games
    if hasattr(game, "places"):  # engine games (a Buck Euchre sweep wins at once)
        best = [u for u, place in enumerate(game.places(state)) if place == 1]
    else:
        best = ranking.winners(state.totals) if ranking else \
            [u for u, t in enumerate(state.totals) if t == max(state.totals)]
    winners = len(best)  # winning seats, or teams in partnership games
    out = [None] * n
    for seat in range(n):
        share = round(1000 / winners) if game.team_of[seat] in best else 0
        out[seat_slot[seat]] = (totals[seat], share, players[seat].decisions,
                                players[seat].seconds)
    return out


def _labels(bots: list[str]) -> list[str]:
    return [f"{b}#{i + 1}" if bots.count(b) > 1 else b for i, b in enumerate(bots)]


def run_arena(game_name: str, bots: list[str], matches: int, seed: int = 1,
              options: dict | None = None, bot_params: dict | None = None,
              jobs: int = 1, progress: bool = False, first: int = 0,
              on_match=None) -> list[BotStats]:
    """Play matches `first` .. `first + matches - 1` of the arena `seed`; returns one
    BotStats per entry of `bots` (in order).

    `bot_params` go to `make_bot` (search: time_budget seconds, max_samples, rollout).
    A long arena may be cut into ranges run apart (`first`) and summed with
    `combine_results`: the matches are the same as in one run. `on_match(index, result)`
    sees each match's result as it comes (to save it before the run ends).
    """
    options = dict(options or {})
    options["players"] = len(bots)
    rules.load(game_name, **options)  # fail fast on a bad game or option
    stats = [BotStats(label) for label in _labels(bots)]
    indexes = range(first, first + matches)
    args = [(game_name, options, bots, seed, i, dict(bot_params or {})) for i in indexes]
    for index, result in zip(indexes, _results(args, jobs, progress), strict=True):
        if on_match is not None:
            on_match(index, result)
        _add(stats, result)
    return stats


def _add(stats: list[BotStats], result) -> None:
    for slot, (score, share, decisions, seconds) in enumerate(result):
        stats[slot].scores.append(score)
        stats[slot].wins += share / 1000
        stats[slot].decisions += decisions
        stats[slot].seconds += seconds


def combine_results(bots: list[str], results: dict[int, list]) -> list[BotStats]:
    """BotStats over saved match results (index -> result), e.g. several ranges of one
    arena; a match saved twice counts once."""
    stats = [BotStats(label) for label in _labels(bots)]
    for index in sorted(results):
        _add(stats, results[index])
    return stats


def _star(args):
    return play_arena_match(*args)


def _results(args: list, jobs: int, progress: bool):
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(args), unit="match")
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(jobs) as pool:
            for result in pool.imap(_star, args):
                if bar is not None:
                    bar.update()
                yield result
    else:
        for a in args:
            result = _star(a)
            if bar is not None:
                bar.update()
            yield result
    if bar is not None:
        bar.close()


def format_table(stats: list[BotStats]) -> str:
    """Plain-text result table, one line per bot slot."""
    lines = [f"{'bot':<14}{'matches':>8}{'mean score':>12}{'95% CI':>18}{'win rate':>10}"
             f"{'ms/decision':>13}"]
    for s in stats:
        low, high = s.mean - s.ci95, s.mean + s.ci95
        lines.append(f"{s.label:<14}{len(s.scores):>8}{s.mean:>12.1f}"
                     f"{f'[{low:.1f}, {high:.1f}]':>18}{s.win_rate:>10.1%}"
                     f"{s.ms_per_decision:>13.3f}")
    return "\n".join(lines)
