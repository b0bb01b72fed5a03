"""Benchmark boards (issue 31): dealing them, and checking a record with and without them.

1. `rules.deal_boards` for every registered game: milliseconds for one board set (the
   match's hands, or 10 boards for a game played to a target).
2. `rules.check_record` of full records, without boards and against the boards they
   were played on: milliseconds per record, median of batches, CPU time of this
   process (`time.process_time`), so that other jobs on a busy machine move it less
   than wall time.

    .venv/bin/python bench/boards_bench.py
    .venv/bin/python bench/boards_bench.py --batches 10    # quicker
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import rules  # noqa: E402


def cpu_ms(work, batches: int) -> float:
    """Median CPU milliseconds of `work()` over `batches` runs (after one warm-up)."""
    work()
    times = []
    for _ in range(batches):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def played_on_boards(name: str, players: int, boards: list, seed: int) -> dict:
    """A random-play match on `boards` (every seat draws uniformly from its legal actions)."""
    state = rules.load(name, players=players).new_match(seed=seed, boards=boards)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.to_record()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}; CPU ms, median of {args.batches}")
    print("game (players): boards dealt | check_record without boards | with boards")
    for name in sorted(rules.GAMES):
        print(one_game(name, args.seed, args.batches))


def one_game(name: str, seed: int, batches: int) -> str:
    cls = rules.GAMES[name]
    players = 4 if cls.min_players <= 4 <= cls.max_players else cls.min_players
    count = rules.load(name, players=players).ending.hands() or 10
    boards = rules.deal_boards(name, players, seed, count)
    deal = cpu_ms(lambda: rules.deal_boards(name, players, seed, count), batches)
    record = played_on_boards(name, players, boards, seed)
    assert rules.check_record(record, boards=boards).valid
    plain = cpu_ms(lambda: rules.check_record(record), batches)
    held = cpu_ms(lambda: rules.check_record(record, boards=boards), batches)
    return (f"{name} ({players}), {count} boards, {len(record['hands'])} hands played: "
            f"{deal:.2f} ms | {plain:.2f} ms | {held:.2f} ms")


if __name__ == "__main__":
    main()
