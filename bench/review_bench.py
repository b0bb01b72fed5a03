"""Benchmark the bots' hand review (games/bots/review.py) on whole nights.

A night is reviewed table after table by one worker (the `rankings.review_night` task),
so its time is the sum over its tables. Each table here is a full match played by the
heuristic bot in every seat (seeds 1, 2, ...), then reviewed with the given budget
(guesses of the hidden cards per decision) and seed. Printed per night: tables, hands,
decisions judged (and how many could not be: no guess fitted what the seat saw), costly
ones, seconds in all and per table, milliseconds per decision.

    .venv/bin/python bench/review_bench.py                       # the three nights
    .venv/bin/python bench/review_bench.py --budget 4 --nights bluke
    .venv/bin/python bench/review_bench.py --quick               # one table each, budget 2
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import rules  # noqa: E402
from games.bots.match import play_match  # noqa: E402
from games.bots.review import DEFAULT_BUDGET, review_record  # noqa: E402

# night: (game, players per table, tables) -- the nights
NIGHTS = {
    "bluke": ("bluke", 4, 6),  # six tables of four, 25 hands each
    "mighty": ("mighty", 5, 4),  # four tables of five, the 10-hand match
    "six-pack-bezique": ("six-pack-bezique", 2, 6),  # six tables of two, one deal each
}


def night(game: str, players: int, tables: int, budget: int) -> dict:
    rules.load(game, players=players)
    hands = decisions = unjudged = costly = 0
    spent = []
    for seed in range(1, tables + 1):
        record = play_match(game, ["heuristic"] * players, seed=seed)
        start = time.perf_counter()
        reviewed = review_record(record, seed=seed, budget=budget)
        spent.append(time.perf_counter() - start)
        hands += len(record["hands"])
        decisions += len(reviewed)
        unjudged += sum(1 for d in reviewed if not d.samples)
        costly += sum(1 for d in reviewed if d.costly)
    total = sum(spent)
    return {"tables": tables, "hands": hands, "decisions": decisions, "unjudged": unjudged,
            "costly": costly, "seconds": total, "per_table": total / tables,
            "slowest_table": max(spent), "ms_per_decision": 1000 * total / max(decisions, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--nights", nargs="*", default=list(NIGHTS), choices=list(NIGHTS))
    parser.add_argument("--quick", action="store_true", help="one table a night, budget 2")
    args = parser.parse_args()
    budget = 2 if args.quick else args.budget
    print(f"python {platform.python_version()} on {platform.machine()}, budget {budget}")
    print(f"{'night':18} {'tables':>6} {'hands':>5} {'decisions':>9} {'unjudged':>8} "
          f"{'costly':>6} {'seconds':>8} {'s/table':>8} {'slowest':>8} {'ms/dec':>7}")
    for name in args.nights:
        game, players, tables = NIGHTS[name]
        row = night(game, players, 1 if args.quick else tables, budget)
        print(f"{name:18} {row['tables']:>6} {row['hands']:>5} {row['decisions']:>9} "
              f"{row['unjudged']:>8} {row['costly']:>6} {row['seconds']:>8.1f} "
              f"{row['per_table']:>8.1f} {row['slowest_table']:>8.1f} "
              f"{row['ms_per_decision']:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
