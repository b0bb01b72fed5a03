"""One action's server path through the seat pages, in one process: time and database
queries of a move's post and of the seat parts the other seats then ask for, and how many
bot tasks the moves queue (tournaments/services/online_tables.py, tournaments/views/online.py).

One Bluke table of four people (no bot plays: a long timeout) is played through the seat
links with Django's test client, as the pages do: per move one post (`X-Requested-With:
fetch`) and the three other seats' parts (`?part=1`). No HTTP server, no worker: the bots'
task is counted, not run. The database (--db-url) is migrated and FLUSHED first.

    .venv/bin/python bench/online_pages_bench.py
    .venv/bin/python bench/online_pages_bench.py --moves 60 --db-url postgres://postgres@127.0.0.1:5432/online_pages_bench
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db-url", default="postgres://postgres@127.0.0.1:5432/online_pages_bench")
    p.add_argument("--moves", type=int, default=60)
    p.add_argument("--max-cards", type=int, default=3, help="Bluke's longest hand (3: 5 hands)")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


ARGS = parse_args()
os.environ.update(DATABASE_URL=ARGS.db_url, DJANGO_SETTINGS_MODULE="config.settings",
                  DEBUG="1", TABLE_NEWS_REDIS_URL="", CELERY_BROKER_URL="", REDIS_URL="")

import django  # noqa: E402

django.setup()


def percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] * 1000


def world():
    from league.models import Club, Membership, Player
    from tournaments.models import Event, Round, Seat, Table

    club = Club.objects.create(name="Bench club", slug="bench-club", is_public=True)
    event = Event.objects.create(club=club, name="Online night", game="bluke",
                                 date=django.utils.timezone.localdate())
    rnd = Round.objects.create(event=event, number=1, published=True)
    table = Table.objects.create(round=rnd, number=1, game="bluke",
                                 options={"max_cards": ARGS.max_cards})
    for position, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        player = Player.objects.create(display_name=name)
        Membership.objects.create(club=club, player=player)
        Seat.objects.create(table=table, position=position, player=player)
    return table


class Counter:
    """Counts the queries run while it is installed (`connection.execute_wrapper`)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def main() -> None:
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from league.permissions import SYSTEM
    from tournaments.models import OnlineMatch
    from tournaments.services import online_state, online_tables
    from tournaments.services.seat_links import seat_links_for_event, seat_token

    queued = []
    online_tables.queue_bots = queued.append  # counted: a worker would run each
    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    table = world()
    online_tables.tables_set_online(table=table, user=SYSTEM, online=True,
                                    timeout_seconds=online_tables.MAX_TIMEOUT)
    online_tables.online_start(table=table, user=SYSTEM, seed=ARGS.seed)
    queued.clear()
    links = seat_links_for_event(event=table.round.event, user=SYSTEM)
    pages = {link.seat.position: reverse("tournaments:online-seat-link",
                                         args=[seat_token(link)]) for link in links}
    client, counter, rng = Client(), Counter(), random.Random(ARGS.seed)
    posts, parts, post_queries, part_queries = [], [], [], []
    with connection.execute_wrapper(counter):
        for _ in range(ARGS.moves):
            match = OnlineMatch.objects.get(table=table)
            if match.status == "finished":
                break
            state = online_state.replay(match).state
            to_act = state.current_player()
            action = state.action_to_string(rng.choice(state.legal_actions()))
            counter.count, start = 0, time.perf_counter()
            response = client.post(pages[to_act], {"action": action, "version": match.version},
                                   HTTP_X_REQUESTED_WITH="fetch")
            posts.append(time.perf_counter() - start)
            post_queries.append(counter.count)
            assert response.status_code == 200, response.status_code
            for seat, page in pages.items():
                if seat == to_act:
                    continue
                counter.count, start = 0, time.perf_counter()
                assert client.get(page + "?part=1").status_code == 200
                parts.append(time.perf_counter() - start)
                part_queries.append(counter.count)
    print(f"online pages bench: Bluke max_cards {ARGS.max_cards}, {len(posts)} moves, "
          f"{connection.vendor}, load average {os.getloadavg()[0]:.1f}")
    print(f"post      p50 {percentile(posts, .5):6.1f} ms  p90 {percentile(posts, .9):6.1f} ms  "
          f"{sum(post_queries) / len(post_queries):.1f} queries")
    print(f"seat part p50 {percentile(parts, .5):6.1f} ms  p90 {percentile(parts, .9):6.1f} ms  "
          f"{sum(part_queries) / len(part_queries):.1f} queries")
    print(f"bot tasks queued: {len(queued)} (no seat is a bot's, nobody is away)")


if __name__ == "__main__":
    main()
