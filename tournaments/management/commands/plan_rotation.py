"""`manage.py plan_rotation`: print a seat rotation for players 0..N-1 (thin CLI)."""

import json

from django.core.management.base import BaseCommand

from tournaments.rotation import SeatingRequest, TableSizes, plan_rotation


class Command(BaseCommand):
    help = "Plan rounds of seating for players 0..N-1 with the rotation engine."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--table-size", type=int, default=4)
        parser.add_argument("--mixed", action="store_true",
                            help="also allow tables one smaller and one larger")
        parser.add_argument("--partnership", action="store_true",
                            help="tables of 4, partners in seats 0&2 vs 1&3")
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--time-budget", type=float, default=2.0)
        parser.add_argument("--format", choices=("json", "text"), default="json")

    def handle(self, *args, **opts):
        size = opts["table_size"]
        allowed = (size - 1, size + 1) if opts["mixed"] else ()
        plan = plan_rotation(SeatingRequest(
            players=list(range(opts["players"])), rounds=opts["rounds"],
            table_sizes=TableSizes(preferred=size, allowed=allowed),
            partnership=opts["partnership"], seed=opts["seed"],
            time_budget=opts["time_budget"]))
        if opts["format"] == "json":
            self.stdout.write(json.dumps({"rounds": plan.rounds, "report": plan.report}))
        else:
            self.stdout.write(render_text(plan))


def render_text(plan) -> str:
    """One line per table, seat 0 (deals first) leftmost, then the report."""
    lines = []
    for r, (rnd, out) in enumerate(zip(plan.rounds, plan.sit_outs, strict=False), start=1):
        lines.append(f"Round {r}")
        for t, table in enumerate(rnd, start=1):
            lines.append(f"  table {t}: " + " ".join(str(p) for p in table))
        if out:
            lines.append("  sitting out: " + " ".join(str(p) for p in out))
    for key, value in plan.report.items():
        if key != "repeated_pairs":
            lines.append(f"{key}: {value}")
    return "\n".join(lines)
