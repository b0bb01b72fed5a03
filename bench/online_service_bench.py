"""The online tables' service alone, without HTTP: what one seat's view, one move and one bot
move cost, and what the per-process state cache saves (tournaments/services/online_state.py).

One short Bluke table of four (two players, two club bots) is played to its end through
`online_seat_view` and `online_play`, the bots moving in-process after each commit (as in
the demo). Printed: p50/p90/max of a seat's view, of a move (with the bot moves it sets
off, and without), a rebuild of the state from the row with and without the cache, and
the result stored. The database (--db-url) is migrated and FLUSHED first.

    .venv/bin/python bench/online_service_bench.py
    .venv/bin/python bench/online_service_bench.py --max-cards 5 --db-url sqlite:////tmp/ob.sqlite3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default="postgres://postgres@127.0.0.1:5432/online_core_bench")
    p.add_argument("--max-cards", type=int, default=3, help="Bluke's longest hand (3: 5 hands)")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


ARGS = parse_args()
os.environ.update(DATABASE_URL=ARGS.db_url, DJANGO_SETTINGS_MODULE="config.settings",
                  DEBUG="1", TABLE_NEWS_REDIS_URL="", CELERY_BROKER_URL="", REDIS_URL="")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402


def ms(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
    return (f"p50 {statistics.median(values) * 1000:7.1f} ms  p90 {p90 * 1000:7.1f} ms  "
            f"max {values[-1] * 1000:7.1f} ms  (n={len(values)})")


def timed(call):
    start = time.perf_counter()
    value = call()
    return value, time.perf_counter() - start


def world():
    from league.models import Club, Membership, Player, Season
    from tournaments.models import Event, Round, Seat, Table

    club = Club.objects.create(name="Bench club", slug="bench-club", is_public=True)
    season = Season.objects.create(club=club, name="Bench", game="bluke",
                                   starts_on=django.utils.timezone.localdate())
    event = Event.objects.create(club=club, season=season, name="Online night", game="bluke",
                                 date=django.utils.timezone.localdate())
    rnd = Round.objects.create(event=event, number=1, published=True)
    table = Table.objects.create(round=rnd, number=1, game="bluke",
                                 options={"max_cards": ARGS.max_cards})
    for position, name in enumerate(("Ann", "Bob")):
        player = Player.objects.create(display_name=name)
        Membership.objects.create(club=club, player=player)
        Seat.objects.create(table=table, position=position, player=player)
    for position in (2, 3):
        Seat.objects.create(table=table, position=position)
    return table


def main() -> None:
    from celery import current_app
    from django.db import transaction

    from league.permissions import SYSTEM
    from tournaments.models import OnlineMatch, OnlineMove, TableResult
    from tournaments.services import online_state
    from tournaments.services.online_tables import (
        online_play,
        online_seat_view,
        online_start,
        tables_set_online,
    )

    current_app.conf.task_always_eager = True
    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    table = world()
    tables_set_online(table=table, user=SYSTEM, online=True, bot_strength="heuristic")
    online_start(table=table, user=SYSTEM, seed=ARGS.seed)
    seats = {s.position: s for s in table.seats.select_related("player")}
    rng = random.Random(ARGS.seed)
    views, moves, moves_alone = [], [], []
    for _ in range(5000):
        match = OnlineMatch.objects.get(table=table)
        if match.status == "finished":
            break
        to_act = online_state.replay(match).state.current_player()
        view, spent = timed(lambda p=to_act: online_seat_view(table=table, seat=seats[p]))
        views.append(spent)
        before = OnlineMove.objects.filter(match=match).count()
        _, spent = timed(lambda p=to_act, v=view: online_play(
            table=table, seat=seats[p], action=rng.choice(v["legal"]), version=v["version"]))
        bots = OnlineMove.objects.filter(match=match).count() - before - 1
        (moves if bots else moves_alone).append(spent)
    match = OnlineMatch.objects.get(table=table)
    cold, warm = [], []
    for _ in range(30):
        online_state.forget(match.pk)
        cold.append(timed(lambda: online_state.replay(match))[1])
        warm.append(timed(lambda: online_state.replay(match))[1])
    with transaction.atomic():
        result = TableResult.objects.filter(table=table).first()
    print(f"online service bench: Bluke, max_cards {ARGS.max_cards}, {len(match.history)} "
          f"actions, {django.db.connection.vendor}")
    print(f"seat view                 {ms(views)}")
    print(f"move, then bot moves      {ms(moves)}")
    print(f"move alone                {ms(moves_alone)}")
    print(f"state from the row, cold  {ms(cold)}")
    print(f"state from the row, cache {ms(warm)}")
    print(f"bot moves {OnlineMove.objects.filter(match=match, by_bot=True).count()}, "
          f"result stored: {result is not None and result.status} ({result and result.source})")


if __name__ == "__main__":
    main()
