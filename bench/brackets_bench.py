"""Brackets bench: what a knockout final costs in the database, per result and per page.

Usage (a database of your own; it is migrated, and the bench's club is removed at the end):
    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME \\
        .venv/bin/python bench/brackets_bench.py [--sizes 8 32 128] [--seed 1]

For each size, draws a double-elimination final of California Jack, then plays it through
by the one result path (`result_submit`, random winners): prints the seconds to draw it,
the bracket's share of each result (`bracket_after_result`: the winner moves on, the next
tables are seated; mean, slowest, most SQL queries), the whole submission for comparison
(with the standings and ratings follow-ups, which run in-process without a broker) and
the bracket page's selector (`bracket_view`).
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from league.models import Club, Membership, Player, Role  # noqa: E402
from league.permissions import SYSTEM  # noqa: E402
from tests.factories import played_record  # noqa: E402
from tournaments.models import Event, EventKind  # noqa: E402
from tournaments.selectors_brackets import bracket_view  # noqa: E402
from tournaments.services import brackets as bracket_service  # noqa: E402
from tournaments.services.brackets import bracket_create, bracket_resolved  # noqa: E402
from tournaments.services.results import result_submit  # noqa: E402

GAME = "california-jack"


def timed(work):
    connection.queries_log.clear()  # a full log (9,000 queries) would count nothing more
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        value = work()
        return value, time.perf_counter() - start, len(queries)


ADVANCES: list[tuple[float, int]] = []
_advance = bracket_service.bracket_after_result


def _timed_advance(table):
    _, seconds, queries = timed(lambda: _advance(table))
    ADVANCES.append((seconds, queries))


bracket_service.bracket_after_result = _timed_advance  # the result service calls it by name


def one_size(club, players, size, rng) -> str:
    event = Event.objects.create(club=club, name=f"Final of {size}", date="2026-06-01",
                                 kind=EventKind.TOURNAMENT, game=GAME, options={})
    bracket, draw_s, draw_q = timed(lambda: bracket_create(
        event=event, user=SYSTEM, players=players[:size], format="double"))
    submits = []
    ADVANCES.clear()
    while (ready := bracket_resolved(bracket).playable()):
        for state in ready:
            table = bracket.matches.get(key=state.match.key).table
            names = [s.player.display_name for s in table.seats.order_by("position")]
            winner = rng.randrange(2)
            record = next(r for seed in range(rng.randrange(10**6), 10**7)
                          if (r := played_record(GAME, 2, seed=seed, seats=names))
                          ["places"][winner] == 1 and r["places"].count(1) == 1)
            _, seconds, queries = timed(lambda t=table, r=record: result_submit(
                table=t, record=r, source="import"))
            submits.append((seconds, queries))
    view, view_s, view_q = timed(lambda: bracket_view(bracket))
    assert view.champion is not None
    mean = sum(s for s, _ in ADVANCES) / len(ADVANCES)
    slowest, most = max(s for s, _ in ADVANCES), max(q for _, q in ADVANCES)
    whole = sum(s for s, _ in submits) / len(submits)
    return (f"| {size} | {len(submits)} | {draw_s:.3f} ({draw_q} q) | {mean:.4f} | "
            f"{slowest:.4f} | {most} | {whole:.3f} | {view_s:.3f} ({view_q} q) |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 32, 128])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(args.seed)
    club = Club.objects.create(name="Brackets bench", slug=f"brackets-bench-{args.seed}")
    try:
        players = [Player.objects.create(display_name=f"P{n}") for n in range(max(args.sizes))]
        Membership.objects.bulk_create(Membership(club=club, player=p, role=Role.PLAYER)
                                       for p in players)
        print("| entrants | matches played | draw s | bracket per result: mean s | slowest s | "
              "most queries | whole submission, mean s | bracket page selector s |")
        print("|---|---|---|---|---|---|---|---|")
        for size in args.sizes:
            print(one_size(club, players, size, rng), flush=True)
    finally:
        Event.objects.filter(club=club).delete()
        Membership.objects.filter(club=club).delete()
        club.delete()


if __name__ == "__main__":
    main()
