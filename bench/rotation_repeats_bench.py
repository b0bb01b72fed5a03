"""Rotation bench for nights too short or too small to avoid every repeat.

Usage: .venv/bin/python bench/rotation_repeats_bench.py [--budget 2.0] [--min 6] [--max 40]
           [--rounds 3,4,5,6] [--allowed 5] [--steps 300000] [--seeds 2]

For each club size and number of rounds at mixed tables (4 preferred, --allowed the
other size), prints the planner's repeated meetings (the report's repeat_count: the
sum over pairs of meetings beyond the first) next to the peer's: a long, plain
simulated annealing run on the same round shape with the planner's own cost
(state.meeting_cost), --seeds runs of --steps steps each, best kept. The peer is only
run where the planner leaves repeats (zero cannot be beaten) and the shape seats
everyone (it has no sit-outs). "gap" is planner minus peer: 0 means the planner
reaches the best figure known to this bench. "bound" is a lower bound (lower_bound);
where the planner meets it the plan is optimal, and the row says so.
"""

import argparse
import itertools
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.rotation import SeatingRequest, TableSizes, plan_rotation  # noqa: E402
from tournaments.rotation.shape import round_shape  # noqa: E402
from tournaments.rotation.state import meeting_cost  # noqa: E402


def lower_bound(n: int, shape: list[int], rounds: int) -> int:
    """Repeats no plan can avoid: the larger of two counts.

    Counting: every meeting beyond the C(n, 2) pairs is a repeat. Pigeonhole: each
    later round's table of s seats draws on the first round's t tables, so at least
    the pairs of an even split of s into t groups sat together before.
    """
    meetings = rounds * sum(math.comb(s, 2) for s in shape)
    t = len(shape)
    per_round = sum((s % t) * math.comb(s // t + 1, 2) + (t - s % t) * math.comb(s // t, 2)
                    for s in shape)
    return max(meetings - math.comb(n, 2), (rounds - 1) * per_round, 0)


def planner_repeats(n: int, sizes: TableSizes, rounds: int, budget: float):
    start = time.monotonic()
    plan = plan_rotation(SeatingRequest(players=list(range(n)), table_sizes=sizes,
                                        rounds=rounds, seed=1, time_budget=budget))
    return plan.report["repeat_count"], time.monotonic() - start


def peer_repeats(n: int, shape: list[int], rounds: int, steps: int, seed: int) -> int:
    """Best repeat count one annealing run finds (swaps between two tables of a round)."""
    rng = random.Random(seed)
    tables = []
    for _ in range(rounds):
        order = rng.sample(range(n), n)
        cut = list(itertools.accumulate(shape, initial=0))
        tables.append([order[a:b] for a, b in zip(cut, cut[1:], strict=False)])
    meet = [[0] * n for _ in range(n)]
    for table in (t for rnd in tables for t in rnd):
        for a, b in itertools.combinations(table, 2):
            meet[a][b] += 1
            meet[b][a] += 1

    def change(a, b, sign):
        c = meet[a][b]
        return meeting_cost(c + sign) - meeting_cost(c)

    cost = sum(meeting_cost(meet[a][b]) for a, b in itertools.combinations(range(n), 2))
    best_cost, best = cost, _repeats(meet, n)
    for step in range(steps):
        temperature = 80.0 * (3.0 / 80.0) ** (step / steps)
        rnd = tables[rng.randrange(rounds)]
        ta, tb = rng.sample(range(len(rnd)), 2)
        i, j = rng.randrange(len(rnd[ta])), rng.randrange(len(rnd[tb]))
        x, y = rnd[ta][i], rnd[tb][j]
        delta = sum(change(y, z, 1) + change(x, z, -1) for z in rnd[ta] if z != x)
        delta += sum(change(x, z, 1) + change(y, z, -1) for z in rnd[tb] if z != y)
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            continue
        for z in rnd[ta]:
            if z != x:
                _meet(meet, x, z, -1)
                _meet(meet, y, z, 1)
        for z in rnd[tb]:
            if z != y:
                _meet(meet, y, z, -1)
                _meet(meet, x, z, 1)
        rnd[ta][i], rnd[tb][j] = y, x
        cost += delta
        if cost < best_cost:
            best_cost, best = cost, _repeats(meet, n)
    return best


def _meet(meet, a, b, sign):
    meet[a][b] += sign
    meet[b][a] += sign


def _repeats(meet, n: int) -> int:
    return sum(max(meet[a][b] - 1, 0) for a, b in itertools.combinations(range(n), 2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--min", type=int, default=6)
    parser.add_argument("--max", type=int, default=40)
    parser.add_argument("--rounds", default="3,4,5,6")
    parser.add_argument("--allowed", type=int, default=5)
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    sizes = TableSizes(4, (args.allowed,))
    print(f"\n### tables of 4 and {args.allowed}: repeated meetings, planner vs peer\n")
    print("| n | shape | rounds | planner | s | peer | gap | bound |")
    print("|---|---|---|---|---|---|---|---|")
    for n in range(args.min, args.max + 1):
        shape, out = round_shape(n, sizes)
        label = "+".join(map(str, shape)) + (f", {out} out" if out else "")
        for rounds in map(int, args.rounds.split(",")):
            mine, secs = planner_repeats(n, sizes, rounds, args.budget)
            peer = "-"
            if mine and not out:
                peer = min(peer_repeats(n, shape, rounds, args.steps, seed)
                           for seed in range(args.seeds))
            gap = mine - peer if isinstance(peer, int) else "-"
            floor = lower_bound(n, shape, rounds) if not out else "-"
            proof = " (optimal)" if mine == floor else ""
            print(f"| {n} | {label} | {rounds} | {mine}{proof} | {secs:.2f} | {peer} | {gap} "
                  f"| {floor} |", flush=True)


if __name__ == "__main__":
    main()
