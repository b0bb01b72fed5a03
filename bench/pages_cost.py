"""What one empty-cache request of each public page costs, at several club histories.

Load-independent figures, so that growth with history shows even on a busy machine:
for each page, the SQL statements of one request with an empty cache, the sum of their
server-side execution times (``EXPLAIN ANALYZE``, best of three per statement) and the
worst statement, and the number of Python function calls the request makes (cProfile).
The history is built as ``pages_bench.py`` builds it (same club, same services), then
``ANALYZE``d as autovacuum would on a live server. Printed as one table per size.

    .venv/bin/python bench/pages_cost.py --nights 50 500
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pages_bench  # noqa: E402


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nights", type=int, nargs="+", default=[50, 500])
    p.add_argument("--players", type=int, default=40)
    p.add_argument("--db", default="pages_cost")
    p.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/10")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", action="store_true", help="keep the databases")
    return p.parse_args()


def sql_ms(connection, statements: list[str]) -> tuple[float, float, str]:
    """Summed and worst execution time of the statements, as the server measures them."""
    total, worst, worst_sql = 0.0, 0.0, ""
    with connection.cursor() as cursor:
        for sql in statements:
            if sql.startswith("DECLARE"):  # a server-side cursor: explain its query
                sql = sql.split(" FOR ", 1)[1]
            best = float("inf")
            for _ in range(3):
                cursor.execute("EXPLAIN (ANALYZE) " + sql)
                line = next(r[0] for r in cursor.fetchall() if r[0].startswith("Execution"))
                best = min(best, float(line.split()[2]))
            total += best
            if best > worst:
                worst, worst_sql = best, sql
    return total, worst, worst_sql


def measure(path: str, redis: str) -> dict:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    pages_bench.forget_pages(redis)
    profile = cProfile.Profile()
    with override_settings(ALLOWED_HOSTS=["*"], SECURE_SSL_REDIRECT=False):
        with CaptureQueriesContext(connection) as captured:
            profile.enable()
            status = Client().get(path).status_code
            profile.disable()
    assert status == 200, (path, status)
    statements = [q["sql"] for q in captured.captured_queries]
    total, worst, worst_sql = sql_ms(connection, statements)
    return {"queries": len(statements), "sql_ms": total, "worst_ms": worst,
            "worst": " ".join(worst_sql.split())[:48],
            "calls": pstats.Stats(profile).total_calls}


def run(args, nights: int) -> None:
    from django.core.management import call_command
    from django.db import connections

    name = f"{args.db}_{nights}"
    pages_bench.fresh_database(args.server, name)
    connections["default"].settings_dict["NAME"] = name
    connections.close_all()
    call_command("migrate", verbosity=0)
    built = pages_bench.build_history(nights, args.players, args.seed)
    pages_bench.derive(built)
    with connections["default"].cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"\n## {nights} nights")
    print("| page | SQL statements | their execution time | worst statement | "
          "Python calls |")
    print("| --- | ---: | ---: | --- | ---: |")
    urls = pages_bench.page_urls(built)
    measure(urls["floor: /accounts/login/"], args.redis)  # the first request sets up URLs
    for page, path in urls.items():
        m = measure(path, args.redis)
        print(f"| {page} | {m['queries']} | {m['sql_ms']:.2f} ms | {m['worst_ms']:.2f} ms "
              f"`{m['worst']}…` | {m['calls']:,} |", flush=True)
    connections.close_all()
    if not args.keep:
        pages_bench.admin(args.server, pages_bench.sql.SQL(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)").format(pages_bench.sql.Identifier(name)))


def main() -> None:
    args = parse_args()
    pages_bench.setup_django(f"{args.server}/{args.db}_{args.nights[0]}", args.redis)
    for nights in args.nights:
        run(args, nights)


if __name__ == "__main__":
    main()
