"""Benchmark the rules core and the bots.

1. Random playouts: player actions per second for Bluke (4 players, full 25-hand
   matches) against OpenSpiel's C++ ``oh_hell`` (4 players) driven from Python in
   the same loop shape -- ask for the legal actions, apply a uniformly drawn one;
   OpenSpiel's chance nodes (the deal, the trump card) are stepped the same way
   but not counted. The two loops take turns in short slices, so a busy machine
   slows both alike. Printed: both rates, their ratio, and the median and quartiles
   of the ratio slice pair by slice pair.
2. Record checking: mean milliseconds for ``rules.check_record`` on a complete
   25-hand 4-player card-by-card record.
3. Every registered game: random-playout rate and full-match check time.
4. Arenas: heuristic vs random and search vs heuristic (Bluke, 4 players), mean
   score with 95% interval, win rate, milliseconds per decision.

    .venv/bin/python bench/rules_bench.py                 # everything
    .venv/bin/python bench/rules_bench.py --quick         # smoke run
    .venv/bin/python bench/rules_bench.py --skip-arena    # rules only
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import rules  # noqa: E402
from games.bots import play_match  # noqa: E402
from games.bots.arena import format_table, run_arena  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover - the bench extra is optional
    pyspiel = None


class BlukeLoop:
    """Whole random Bluke matches (4 players); resumable so it can take turns with OpenSpiel."""

    def __init__(self, seed: int):
        self.game = rules.load("bluke", players=4)
        self.rng = random.Random(seed)
        self.seed = seed
        self.matches = 0
        self.state = self.game.new_match(seed=seed)

    def run(self, seconds: float) -> int:
        """Player actions made in (about) `seconds`."""
        rng, actions = self.rng, 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = self.state
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
            self.matches += 1
            self.state = self.game.new_match(seed=self.seed * 100_000 + self.matches)
        return actions


class OhHellLoop:
    """The same loop on OpenSpiel's oh_hell; chance actions are stepped but not counted."""

    def __init__(self, seed: int):
        self.game = pyspiel.load_game("oh_hell", {"players": 4})
        self.rng = random.Random(seed)

    def run(self, seconds: float) -> int:
        rng, actions = self.rng, 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                if not state.is_chance_node():
                    actions += 1
                state.apply_action(action)
        return actions


def rates(seconds: float, seed: int, rounds: int = 20):
    """Actions/s of both loops over the whole run, measured in alternating slices so
    load hits both alike, and the ratio of each slice pair (Bluke's slice over the
    OpenSpiel slice right after it), whose median a burst of load on this shared
    machine moves less than the totals."""
    loops = [BlukeLoop(seed)] + ([OhHellLoop(seed)] if pyspiel else [])
    counts, spent = [0] * len(loops), [0.0] * len(loops)
    pair_ratios = []
    for _ in range(rounds):
        slice_rates = []
        for index, loop in enumerate(loops):
            start = time.perf_counter()
            done = loop.run(seconds / rounds)
            took = time.perf_counter() - start
            counts[index] += done
            spent[index] += took
            slice_rates.append(done / took)
        if pyspiel:
            pair_ratios.append(slice_rates[0] / slice_rates[1])
    out = [c / t for c, t in zip(counts, spent, strict=True)]
    return out[0], (out[1] if pyspiel else None), pair_ratios


def full_record(seed: int) -> dict:
    record = play_match("bluke", ["random"] * 4, seed=seed)
    assert len(record["hands"]) == 25 and rules.check_record(record).valid
    return record


def check_ms(runs: int, seed: int) -> tuple[float, float]:
    """Milliseconds of check_record over `runs` checks of a few full records: the mean,
    and the median of batches of ten (which a burst of load moves less)."""
    records = [full_record(seed + i) for i in range(5)]
    batches = []
    for first in range(0, runs, 10):
        start = time.perf_counter()
        for i in range(first, min(first + 10, runs)):
            rules.check_record(records[i % len(records)])
        batches.append((time.perf_counter() - start, min(10, runs - first)))
    mean = 1000 * sum(took for took, _ in batches) / runs
    return mean, 1000 * statistics.median(took / count for took, count in batches)


def every_game(seconds: float, seed: int) -> None:
    """Each registered game (4 players where it can): random-playout player actions/s
    and the mean time to check one finished match's record."""
    for name, cls in sorted(rules.GAMES.items()):
        players = min(max(4, cls.min_players), cls.max_players)
        game = rules.load(name, players=players)
        rng, actions, records = random.Random(seed), 0, []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or not records:
            state = game.new_match(seed=seed + len(records))
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
            records.append(state.to_record())
        rate = actions / (time.perf_counter() - start)
        runs = max(20, len(records))
        start = time.perf_counter()
        for i in range(runs):
            rules.check_record(records[i % len(records)])
        ms = 1000 * (time.perf_counter() - start) / runs
        print(f"{name} ({players} players): {rate:,.0f} player actions/s, "
              f"check_record of a full match {ms:.2f} ms")


def arenas(matches: int, seed: int, jobs: int, budget: float) -> None:
    for bots in (["heuristic", "random", "random", "random"],
                 ["search", "heuristic", "heuristic", "heuristic"]):
        start = time.perf_counter()
        stats = run_arena("bluke", bots, matches, seed=seed, jobs=jobs,
                          bot_params={"time_budget": budget})
        print(f"\narena bluke 4p {','.join(bots)}: {matches} matches, seed {seed}, "
              f"search budget {budget * 1000:.0f} ms, {time.perf_counter() - start:.0f} s")
        print(format_table(stats))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per playout measure")
    parser.add_argument("--check-runs", type=int, default=500)
    parser.add_argument("--matches", type=int, default=200, help="per arena")
    parser.add_argument("--budget-ms", type=float, default=200.0, help="search bot budget")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip-arena", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.check_runs, args.matches = 1.0, 20, 4
    print(f"python {platform.python_version()} on {platform.machine()}")
    ours, theirs, pair_ratios = rates(args.seconds, args.seed)
    print(f"bluke (4 players) random playouts: {ours:,.0f} player actions/s")
    if theirs is not None:
        print(f"open_spiel oh_hell (4 players) random playouts: {theirs:,.0f} player actions/s")
        print(f"ratio bluke / oh_hell: {ours / theirs:.2f}")
        low, middle, high = statistics.quantiles(pair_ratios, n=4)
        print(f"ratio per slice pair ({len(pair_ratios)} pairs): median {middle:.2f}, "
              f"quartiles {low:.2f} to {high:.2f}")
    else:
        print("open_spiel not installed (pip install -e '.[bench]'): no comparison")
    mean, median = check_ms(args.check_runs, args.seed)
    print(f"check_record, full 25-hand 4-player card-by-card record: {mean:.3f} ms "
          f"(mean of {args.check_runs}); median of batches of ten {median:.3f} ms")
    every_game(args.seconds / 5, args.seed)
    if not args.skip_arena:
        arenas(args.matches, args.seed, args.jobs, args.budget_ms / 1000)


if __name__ == "__main__":
    main()
