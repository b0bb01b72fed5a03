"""Rotation bench: rounds reached with zero repeated pairs for 6..40 players.

Usage: .venv/bin/python bench/rotation_bench.py [--budget 2.0] [--max 40] [--only 3|4|mixed|whist]
Tables of 3, of 4, and mixed (4 preferred, 3 allowed) for every n, plus Back
Alley partnerships (whist) for n = 0, 1 (mod 4).  "target" is the best-known value
for listed sizes, else that of the nearest listed size below (mixed uses the list
for tables of 4).  Columns: n, rounds with no repeat, target, upper bound, seconds
for that plan, max spreads of seat use / sit-outs / small tables.
"""

import argparse
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.rotation import SeatingRequest, TableSizes, plan_rotation  # noqa: E402
from tournaments.rotation.designs.library import BEST_KNOWN, upper_bound  # noqa: E402
from tournaments.rotation.shape import round_shape  # noqa: E402

CONFIGS = {"3": (TableSizes(3), 3), "4": (TableSizes(4), 4), "mixed": (TableSizes(4, (3,)), 4)}


def target(n: int, listed: int) -> int:
    known = BEST_KNOWN[listed]
    below = [m for m in known if m <= n]
    return known[max(below)] if below else 1


def bound(n: int, sizes: TableSizes) -> int:
    shape, out = round_shape(n, sizes)
    if len(set(shape)) == 1 and out == 0:
        return upper_bound(n, shape[0])
    pairs = sum(comb(k, 2) for k in shape)
    return comb(n, 2) // pairs if pairs else 0


def attempt(n: int, sizes: TableSizes, rounds: int, budget: float):
    start = time.monotonic()
    plan = plan_rotation(SeatingRequest(players=list(range(n)), table_sizes=sizes,
                                        rounds=rounds, seed=1, time_budget=budget))
    return plan.report, time.monotonic() - start


def best_rounds(n: int, sizes: TableSizes, goal: int, top: int, budget: float):
    """Largest R <= top with a zero-repeat plan: from the goal upwards, else downwards."""
    found, r = None, max(1, min(goal, top))
    while r >= 1:
        report, secs = attempt(n, sizes, r, budget)
        if report["repeat_count"] == 0:
            found = (r, report, secs)
            break
        r -= 1
    while found and found[0] < top:
        report, secs = attempt(n, sizes, found[0] + 1, budget)
        if report["repeat_count"]:
            break
        found = (found[0] + 1, report, secs)
    return found


def table_rows(name: str, budget: float, largest: int):
    sizes, listed = CONFIGS[name]
    print(f"\n### tables: {name}\n")
    print("| n | rounds | target | bound | s | seat | sit-out | small |")
    print("|---|---|---|---|---|---|---|---|")
    for n in range(6, largest + 1):
        goal, top = target(n, listed), bound(n, sizes)
        found = best_rounds(n, sizes, goal, top, budget)
        if not found:
            print(f"| {n} | 0 | {goal} | {top} | - | - | - | - |", flush=True)
            continue
        r, rep, secs = found
        mark = "" if r >= goal else " (below)"
        print(f"| {n} | {r}{mark} | {goal} | {top} | {secs:.2f} | {rep['seat_spread']} | "
              f"{rep['sit_out_spread']} | {rep['small_table_spread']} |", flush=True)


def whist_rows(budget: float, largest: int):
    print("\n### Back Alley partnerships (whist)\n")
    print("| n | rounds | partners everyone once | partner repeats | s | seat | sit-out |")
    print("|---|---|---|---|---|---|---|")
    for n in range(4, largest + 1):
        if n % 4 not in (0, 1):
            continue
        rounds = n - 1 if n % 4 == 0 else n
        start = time.monotonic()
        plan = plan_rotation(SeatingRequest(players=list(range(n)), rounds=rounds,
                                            partnership=True, seed=1, time_budget=budget))
        rep, secs = plan.report, time.monotonic() - start
        print(f"| {n} | {rounds} | {rep['partners_everyone_once']} | {rep['partner_repeats']} | "
              f"{secs:.2f} | {rep['seat_spread']} | {rep['sit_out_spread']} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--max", type=int, default=40)
    parser.add_argument("--only", choices=[*CONFIGS, "whist"])
    args = parser.parse_args()
    for name in CONFIGS:
        if args.only in (None, name):
            table_rows(name, args.budget, args.max)
    if args.only in (None, "whist"):
        whist_rows(args.budget, args.max)


if __name__ == "__main__":
    main()
