"""End-to-end ratings recompute from PostgreSQL: read games, rate, write ratings and history.

Builds a synthetic club history in a database of its own (created, migrated and
dropped by this script), then times the real service
``rankings.services.ratings.ratings_recompute(club_id=...)`` and extrapolates to
1,000,000 games.  Setup uses COPY (bench only, not production code).

The phases are timed by wrapping the service's own helpers from the outside
(the service is not changed); see `Phases`.

    .venv/bin/python bench/recompute_bench.py                  # 50,000 games
    .venv/bin/python bench/recompute_bench.py --games 200000 --keep
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import secrets
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS_PER_TABLE = 4
ROUNDS_PER_EVENT = 4
BLUKE_CARDS = list(range(13, 0, -1)) + list(range(2, 14))  # 25 hands: 13..1..13
TRUMPS = ["S", "H", "D", "C", ""]


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=50_000)
    p.add_argument("--players", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default="bluke_bench")
    p.add_argument("--server", default="postgres://postgres@127.0.0.1:5432",
                   help="PostgreSQL server URL without the database name")
    p.add_argument("--keep", action="store_true", help="keep the database afterwards")
    p.add_argument("--reuse", action="store_true",
                   help="reuse a kept database that already holds the history")
    p.add_argument("--profile", action="store_true", help="also print a cProfile top 25")
    p.add_argument("--kind", default=None,
                   help="rate the pool with this engine (default: the kind new pools get)")
    return p.parse_args()


# --- database lifecycle ------------------------------------------------------------------------


def admin(server: str, statement: sql.Composable) -> None:
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(statement)


def create_database(server: str, name: str) -> None:
    admin(server, sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    admin(server, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop_database(server: str, name: str) -> None:
    from django.db import connections

    connections.close_all()
    admin(server, sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def setup_django(server: str, name: str) -> None:
    os.environ["DATABASE_URL"] = f"{server}/{name}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Settings refuse to start without a key when DEBUG is off (DEBUG would keep every query).
    os.environ.setdefault("SECRET_KEY", secrets.token_hex(32))
    import django

    django.setup()


# --- synthetic history -------------------------------------------------------------------------


def hand_templates(rng: random.Random, count: int) -> list[tuple[str, list[int]]]:
    """Realistic 25-hand bluke records (hands JSON, totals) to draw games from."""
    out = []
    for _ in range(count):
        hands, totals = [], [0] * PLAYERS_PER_TABLE
        for i, cards in enumerate(BLUKE_CARDS):
            bids = [rng.randint(0, cards) for _ in range(PLAYERS_PER_TABLE)]
            cuts = sorted(rng.randint(0, cards) for _ in range(PLAYERS_PER_TABLE - 1))
            tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
            scores = [10 + b * b if b == t else -5 * abs(b - t) for b, t in zip(bids, tricks,
                                                                                  strict=True)]
            totals = [a + s for a, s in zip(totals, scores, strict=True)]
            hands.append({"cards": cards, "trump": TRUMPS[i % 5], "bids": bids,
                          "tricks": tricks, "scores": scores})
        out.append((json.dumps(hands, separators=(",", ":")), totals))
    return out


def ranks_of(totals: list[int]) -> list[int]:
    return [1 + sum(o > t for o in totals) for t in totals]


def copy_rows(cursor, table: str, columns: list[str], rows) -> None:
    cols = ", ".join(columns)
    with cursor.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def reset_sequences(cursor, tables: list[str]) -> None:
    for table in tables:
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"(SELECT coalesce(max(id), 1) FROM {table}))")


def build_history(games: int, players: int, seed: int) -> int:
    """One club, one season, ``games`` complete four-player games; returns the club id."""
    from django.db import connection, transaction

    from league.models import Club, Player, Season

    rng = random.Random(seed)
    per_round = players // PLAYERS_PER_TABLE
    club = Club.objects.create(name="Bench club", slug="bench-club")
    season = Season.objects.create(club=club, name="Bench season", game="bluke",
                                   starts_on=datetime(2020, 1, 1).date())
    people = Player.objects.bulk_create(
        [Player(display_name=f"Player {i:03d}") for i in range(players)], batch_size=1000)
    ids = [p.pk for p in people]
    names = {p.pk: p.display_name for p in people}
    templates = hand_templates(rng, 64)
    rounds = -(-games // per_round)
    events = -(-rounds // ROUNDS_PER_EVENT)
    start = datetime(2020, 1, 1, 19, 0, tzinfo=UTC)
    now = datetime.now(UTC)

    def event_rows():
        for e in range(events):
            day = start + timedelta(days=e)
            yield (e + 1, club.pk, season.pk, f"Night {e + 1}", "league-night", day.date(),
                   "closed", "bluke", "{}", "rotation", now)

    def round_rows():
        for r in range(rounds):
            yield (r + 1, r // ROUNDS_PER_EVENT + 1, r % ROUNDS_PER_EVENT + 1, True)

    seat_plan: list[list[int]] = []  # per table: player ids from seat 0

    def table_rows():
        for r in range(rounds):
            order = ids[:]
            rng.shuffle(order)
            for t in range(per_round):
                n = len(seat_plan)
                if n == games:
                    return
                seat_plan.append(order[t * 4:t * 4 + 4])
                yield (n + 1, r + 1, t + 1, "bluke", "{}", n % 4, False)

    def seat_rows():
        for n, seated in enumerate(seat_plan):
            for pos, pid in enumerate(seated):
                yield (4 * n + pos + 1, n + 1, pos, pid)

    def game_rows():
        for n, seated in enumerate(seat_plan):
            hands, totals = templates[rng.randrange(len(templates))]
            seats = json.dumps([names[p] for p in seated])
            record = ('{"game":"bluke","options":{"players":4},"seats":' + seats
                      + ',"hands":' + hands + "}")
            r, t = divmod(n, per_round)
            played = (start + timedelta(days=r // ROUNDS_PER_EVENT, minutes=45 * (r % 4))
                      + timedelta(seconds=t))
            yield (n + 1, n + 1, "complete", "import", record, f"{n:064x}",
                   json.dumps(totals), json.dumps(ranks_of(totals)), played, now, now)

    with transaction.atomic(), connection.cursor() as wrapper:
        cur = wrapper.cursor  # the psycopg cursor, for COPY
        copy_rows(cur, "tournaments_event", ["id", "club_id", "season_id", "name", "kind", "date",
                                             "status", "game", "options", "format",
                                             "created_at"],
                  event_rows())
        copy_rows(cur, "tournaments_round", ["id", "event_id", "number", "published"],
                  round_rows())
        copy_rows(cur, "tournaments_table", ["id", "round_id", "number", "game", "options",
                                             "first_dealer", "online"], table_rows())
        copy_rows(cur, "tournaments_seat", ["id", "table_id", "position", "player_id"],
                  seat_rows())
        copy_rows(cur, "tournaments_tableresult", ["id", "table_id", "status", "source", "record",
                                            "record_hash", "totals", "ranks", "played_at",
                                            "created_at", "updated_at"], game_rows())
        reset_sequences(cur, ["tournaments_event", "tournaments_round", "tournaments_table",
                              "tournaments_seat", "tournaments_tableresult"])
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    return club.pk


# --- timing ------------------------------------------------------------------------------------


class Phases:
    """Wraps the service's helpers from outside to split the time into phases.

    *read* is the time spent getting the next chunk of rateable games (FETCH,
    decoding, building sides); *rate* is ``rate_game``; *pack* is turning a
    game's changes into binary COPY rows; *index + swap* is building the new
    partition's keys and indexes, checking its foreign keys and swapping it in.
    What is left ("other") is the loop, waiting for COPY to drain at the end of
    each chunk, and the commit.
    """

    def __init__(self) -> None:
        self.t = {"read": 0.0, "rate": 0.0, "  of which refits": 0.0, "pack": 0.0,
                  "index + swap": 0.0, "save PlayerRating": 0.0, "find pools": 0.0}
        # CPU time of this thread inside each phase (time.thread_time): on a loaded
        # machine, what the phase itself costs, without waiting for a core.
        self.cpu = dict.fromkeys(self.t, 0.0)
        self._undo = []

    def _patch(self, obj, name, wrapper) -> None:
        original = getattr(obj, name)
        self._undo.append((obj, name, original, name in vars(obj)))
        setattr(obj, name, wrapper(original))

    def _timed(self, key):
        def wrap(fn):
            def inner(*a, **kw):
                t0, c0 = time.perf_counter(), time.thread_time()
                try:
                    return fn(*a, **kw)
                finally:
                    self.t[key] += time.perf_counter() - t0
                    self.cpu[key] += time.thread_time() - c0
            return inner
        return wrap

    def _timed_iterator(self, key):
        def wrap(fn):
            def inner(*a, **kw):
                # Called now, as the service calls it: rated_chunks reads what it needs
                # before a rebuild's COPY takes the connection (a lazy call would read
                # inside the COPY and wait for ever).
                t0, c0 = time.perf_counter(), time.thread_time()
                it = fn(*a, **kw)
                self.t[key] += time.perf_counter() - t0
                self.cpu[key] += time.thread_time() - c0
                return self._timed_items(key, it)
            return inner
        return wrap

    def _timed_items(self, key, it):
        while True:
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                item = next(it)
            except StopIteration:
                self.t[key] += time.perf_counter() - t0
                self.cpu[key] += time.thread_time() - c0
                return
            self.t[key] += time.perf_counter() - t0
            self.cpu[key] += time.thread_time() - c0
            yield item

    def install(self) -> None:
        from rankings.services.ratings import history, rebuild, recompute, replay

        def rater(fn):
            def inner(*a, **kw):
                r = fn(*a, **kw)
                r.rate_game = self._timed("rate")(r.rate_game)
                return r
            return inner

        self._patch(rebuild, "rated_chunks", self._timed_iterator("read"))
        self._patch(replay, "pool_games", self._timed_iterator("read"))
        self._patch(replay, "pool_rater", rater)
        self._patch(history.HistoryPacker, "pack", self._timed("pack"))
        self._patch(rebuild, "_index_and_swap", self._timed("index + swap"))
        self._patch(replay, "_save_states", self._timed("save PlayerRating"))
        self._patch(recompute, "ensure_pools", self._timed("find pools"))
        from rankings.ratings.whole_history import WholeHistoryRater

        # Inside "rate": the whole-history rater's refits, every `period` games.
        self._patch(WholeHistoryRater, "_refit", self._timed("  of which refits"))

    def uninstall(self) -> None:
        for obj, name, original, own in reversed(self._undo):
            if own:
                setattr(obj, name, original)
            else:
                delattr(obj, name)


def pool_kinds(club_id: int) -> list[str]:
    from rankings.services.ratings import ensure_pools

    return [pool.kind for pool in ensure_pools(club_id=club_id)]


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(club_id: int, games: int, profile: bool) -> None:
    from rankings.models import PlayerRating, RatingHistory
    from rankings.services.ratings import ratings_recompute

    phases = Phases()
    phases.install()
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    print(f"load average before: {load_average()}")
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    rated = ratings_recompute(club_id=club_id)
    total = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    print(f"load average after:  {load_average()}")
    if profiler:
        profiler.disable()
    phases.uninstall()
    count = sum(rated.values())
    history = RatingHistory.objects.count()
    assert count == games, (count, games)
    assert history == 4 * games, (history, games)
    print(f"rated {count:,} games, {history:,} history rows, "
          f"{PlayerRating.objects.count():,} PlayerRating rows")
    print(f"end to end: {total:.2f} s = {count / total:,.0f} games/s "
          f"-> 1,000,000 games: {total * 1_000_000 / count:.0f} s")
    # All threads of this process (rating, the game reader, the COPY sender): on a
    # loaded machine, wall time minus this is mostly waiting for a core or the server.
    print(f"Python CPU time: {cpu:.2f} s = {1e6 * cpu / count:.1f} µs/game")
    # "of which" phases are inside another one.
    accounted = sum(t for key, t in phases.t.items() if not key.startswith("  of which"))
    print(f"  {'phase':<22} {'wall':>9}  {'share':>7}  {'per game':>11}  "
          f"{'CPU (this thread)':>17}")
    for key, seconds in [*phases.t.items(), ("other (loop, COPY, commit)", total - accounted)]:
        own = phases.cpu.get(key)
        own = f"{own:9.2f} s" if own is not None else ""
        print(f"  {key:<22} {seconds:7.2f} s  {100 * seconds / total:5.1f} %  "
              f"{1e6 * seconds / count:6.1f} µs/game  {own:>11}")
    if profiler:
        import pstats

        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> None:
    args = parse_args()
    print(f"games={args.games:,} players={args.players} db={args.db} "
          f"CPython {platform.python_version()} cores={os.cpu_count()}")
    if not args.reuse:
        create_database(args.server, args.db)
    setup_django(args.server, args.db)
    from django.core.management import call_command
    from django.db import connection

    try:
        if args.reuse:
            from league.models import Club

            # A database kept before a schema change (e.g. the history partitions).
            call_command("migrate", verbosity=0)
            club_id = Club.objects.get(slug="bench-club").pk
        else:
            t0 = time.perf_counter()
            call_command("migrate", verbosity=0)
            t1 = time.perf_counter()
            club_id = build_history(args.games, args.players, args.seed)
            t2 = time.perf_counter()
            print(f"setup: migrate {t1 - t0:.1f} s, history {t2 - t1:.1f} s (COPY)")
        with connection.cursor() as cur:
            cur.execute("SELECT pg_size_pretty(pg_total_relation_size('tournaments_tableresult'))")
            print(f"tournaments_tableresult size: {cur.fetchone()[0]}, "
                  f"PostgreSQL {connection.pg_version // 10000}")
        if args.kind:
            from rankings.models import RatingPool
            from rankings.services.ratings import ensure_pools

            ensure_pools(club_id=club_id)
            RatingPool.objects.filter(club_id=club_id).update(kind=args.kind)
        print("rater:", ", ".join(pool_kinds(club_id)))
        run(club_id, args.games, args.profile)
    finally:
        if args.keep:
            print(f"kept database {args.db}")
        else:
            drop_database(args.server, args.db)
            print(f"dropped database {args.db}")


if __name__ == "__main__":
    main()
