#!/usr/bin/env bash
# Checks the README's backup and restore steps on a local PostgreSQL: plays a small demo
# season into a scratch database, dumps it (pg_dump -Fc), restores the dump into a second
# scratch database (pg_restore), compares row counts, then runs the rebuild commands on
# the copy and compares again. Usage: PG=postgres://user@host:5432 bash scripts/backup_restore_check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PG=${PG:-postgres://postgres@127.0.0.1:5432}
SRC=backup_check_src DST=backup_check_dst DUMP=$(mktemp --suffix=.dump)
trap 'rm -f "$DUMP"' EXIT
for db in $SRC $DST; do psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"; done
psql "$PG/postgres" -qc "CREATE DATABASE $SRC"
export SECRET_KEY=${SECRET_KEY:-$(openssl rand -hex 32)} DATABASE_URL=$PG/$SRC
unset CELERY_BROKER_URL REDIS_URL  # tasks run in-process
manage() { .venv/bin/python manage.py "$@"; }
manage migrate --noinput -v 0
manage demo_season --players 8 --weeks 2 --rounds 2 >/dev/null 2>&1
pg_dump "$PG/$SRC" --format=custom --no-owner > "$DUMP"
psql "$PG/postgres" -qc "CREATE DATABASE $DST"
pg_restore -d "$PG/$DST" --no-owner --exit-on-error < "$DUMP"
COUNTS="SELECT (SELECT count(*) FROM tournaments_tableresult) AS games,
  (SELECT count(*) FROM tournaments_hand) AS hands,
  (SELECT count(*) FROM league_standingrow) AS standings,
  (SELECT count(*) FROM league_ratinghistory) AS rating_history,
  (SELECT count(*) FROM league_auditentry) AS audit"
original=$(psql "$PG/$SRC" -tAc "$COUNTS")
restored=$(psql "$PG/$DST" -tAc "$COUNTS")
export DATABASE_URL=$PG/$DST
manage migrate --noinput -v 0
manage recompute_standings --all >/dev/null 2>&1
manage recompute_ratings >/dev/null 2>&1
manage recompute_player_stats --all >/dev/null 2>&1
manage drain_followups >/dev/null
rebuilt=$(psql "$PG/$DST" -tAc "$COUNTS")
echo "games|hands|standings|rating_history|audit"
echo "original: $original"
echo "restored: $restored"
echo "rebuilt:  $rebuilt"
for db in $SRC $DST; do psql "$PG/postgres" -qc "DROP DATABASE $db WITH (FORCE)"; done
[ "$original" = "$restored" ] && [ "$restored" = "$rebuilt" ] && echo "same rows: OK"
