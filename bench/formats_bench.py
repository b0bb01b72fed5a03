"""Formats bench: seconds to form one round of a king's table or Swiss night.

Usage: .venv/bin/python bench/formats_bench.py [--rounds 6] [--seed 1]
For each format and night size, plays `--rounds` rounds with drawn places (a seeded
shuffle per table) and prints the slowest and the mean round, plus the night's repeated
meetings (meetings of a pair beyond its first) and its sit-out spread.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.formats import KINGS, SWISS, Night, TableSizes, next_round  # noqa: E402
from tournaments.formats.common import night_report  # noqa: E402

CASES = [
    (KINGS, "tables of 4", TableSizes(4, (3, 4, 5)), (16, 40, 80)),
    (SWISS, "tables of 4", TableSizes(4, (3, 4, 5)), (16, 40, 80)),
    (SWISS, "tables of 6", TableSizes(6, (5, 6, 7)), (24, 48)),
    (SWISS, "pairs", TableSizes(2, (2,)), (12, 17, 40, 80)),
]


def night_of(form, sizes, players, rounds, seed):
    draw, night, times = random.Random(seed), Night(), []
    ids = list(range(1, players + 1))
    for _ in range(rounds):
        start = time.perf_counter()
        plan = next_round(form, night, ids, sizes, seed)
        times.append(time.perf_counter() - start)
        places = [draw.sample(t, len(t)) for t in plan.tables]
        night = Night(rounds=[*night.rounds, plan.tables], places=[*night.places, places],
                      sit_outs=[*night.sit_outs, plan.sit_outs])
    return times, night_report(night, ids)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| format | tables | players | slowest round s | mean s | repeats | sit-out spread |")
    print("|---|---|---|---|---|---|---|")
    for form, label, sizes, counts in CASES:
        for players in counts:
            times, report = night_of(form, sizes, players, args.rounds, args.seed)
            print(f"| {form} | {label} | {players} | {max(times):.3f} | "
                  f"{sum(times) / len(times):.3f} | {report['repeat_count']} | "
                  f"{report['sit_out_spread']} |")


if __name__ == "__main__":
    main()
