"""Club archive: how long an export and an import take, and how large the file is.

Uses the database of DATABASE_URL (migrated here). Plays a demo club with bots unless it
exists (`demo_season`), then times `club_export` and `club_import` (into a new club on the
same site, every result checked again by result_submit, standings, ratings and statistics
rebuilt and compared with the archive's) and prints the figures.

    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \\
        .venv/bin/python bench/archive_bench.py --players 24 --weeks 8
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--weeks", type=int, default=8)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from league.models import Club
    from league.permissions import SYSTEM
    from rankings.archive.export import club_export
    from rankings.archive.importing import club_import

    call_command("migrate", verbosity=0)
    if not Club.objects.filter(slug="demo-bluke-club").exists():
        call_command("demo_season", "--players", str(args.players), "--weeks",
                     str(args.weeks), stdout=io.StringIO(), stderr=io.StringIO(),
                     verbosity=0)
    club = Club.objects.get(slug="demo-bluke-club")
    start = time.perf_counter()
    archive = club_export(club=club, user=SYSTEM)
    exported = time.perf_counter() - start
    text = json.dumps(archive, ensure_ascii=False)
    part = archive["clubs"][0]
    results = sum(1 for n in part["nights"] for r in n["rounds"] for t in r["tables"]
                  if t["result"])
    hands = sum(len(t["result"]["record"].get("hands") or []) for n in part["nights"]
                for r in n["rounds"] for t in r["tables"] if t["result"])
    slug = f"archive-bench-{int(time.time())}"
    start = time.perf_counter()
    report = club_import(archive=json.loads(text), user=SYSTEM, slug=slug)
    imported = time.perf_counter() - start
    print(f"database: {connection.vendor}")
    print(f"club: {len(part['players'])} players, {len(part['nights'])} nights, "
          f"{results} results, {hands} hands")
    print(f"archive: {len(text.encode()) / 1e6:.2f} MB of JSON")
    print(f"export: {exported:.2f} s")
    print(f"import: {imported:.2f} s ({imported / max(results, 1) * 1000:.0f} ms a result, "
          "checks and rebuilds included)")
    print(f"differences from the archive's standings and ratings: {len(report.differences)}")


if __name__ == "__main__":
    main()
