"""Benchmark duplicate nights' pure parts: scoring a big night, and the movement's report.

1. Scoring: `duplicate_standings` (matchpoints in every comparison group, Neuberg, datum,
   percentages) for a night of T tables of four, R rounds of B boards, every seat a
   result, one board in ten played at one table fewer (so Neuberg works). Printed: the
   results scored, milliseconds (median of 5 runs) and results per second.
2. The comparison report: `comparison_report` over a fixed-partnership movement of the
   same night (pairs counted per round), milliseconds (median of 5).

    .venv/bin/python bench/duplicate_bench.py                       # 30 tables, 4 x 26
    .venv/bin/python bench/duplicate_bench.py --tables 6 --rounds 2 --boards 25
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

from rankings.standings.duplicate import BoardResult, duplicate_standings  # noqa: E402
from tournaments.formats.duplicate import (  # noqa: E402
    comparison_report,
    partnership_movement,
    partnership_units,
)

PAIRS = [[0, 2], [1, 3]]


def night_results(tables: int, rounds: int, boards: int, seed: int) -> list[BoardResult]:
    draw = random.Random(seed)
    results = []
    for rnd in range(1, rounds + 1):
        for board in range(1, boards + 1):
            playing = tables - 1 if board % 10 == 0 and tables > 1 else tables
            for table in range(playing):
                for seat in range(4):
                    player = 1 + (table * 4 + seat + rnd * 7) % (tables * 4)
                    results.append(BoardResult(rnd, board, seat, (player,),
                                               draw.randint(-30, 60)))
    return results


def median_ms(work, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    results = night_results(args.tables, args.rounds, args.boards, args.seed)
    ms = median_ms(lambda: duplicate_standings(results))
    print(f"scoring: {args.tables} tables, {args.rounds} rounds of {args.boards} boards: "
          f"{len(results)} results in {ms:.1f} ms ({len(results) / ms * 1000:,.0f} results/s)")
    units, _spare = partnership_units(list(range(args.tables * 4)), 2, args.seed)
    rounds, _outs = partnership_movement(units, PAIRS, args.rounds)
    ms = median_ms(lambda: comparison_report(rounds, PAIRS, range(args.tables * 4)))
    report = comparison_report(rounds, PAIRS, range(args.tables * 4))
    print(f"comparison report: {args.tables * 4} players, {args.rounds} rounds: "
          f"{report['pairs_compared']} pairs compared in {ms:.1f} ms")


if __name__ == "__main__":
    main()
