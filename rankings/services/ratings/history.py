"""Writes of history rows: binary COPY on PostgreSQL, bulk_create elsewhere.

Rows are packed straight into PostgreSQL's binary COPY format with ``struct``:
one pack per history row plus one per game, against about 4 µs per row for
psycopg's generic ``write_row``. Binary also sends the floats bit for bit, so a
restored state is exactly the state that was stored.
"""

from __future__ import annotations

import struct
from datetime import UTC, datetime, timedelta

from django.db import connection

from rankings.models import RatingHistory
from rankings.services.ratings.games import Rated

BATCH = 1000

HISTORY_FIELDS = (
    "pool", "player", "game", "played_at", "game_order", "record_hash", "mu_before",
    "sigma_before", "games_before", "mu_after", "sigma_after", "games_after",
)
# The PostgreSQL type each field must have for the packing below (pg_type oids).
PG_TYPES = {"int8": 20, "int4": 23, "float8": 701, "varchar": 1043, "timestamptz": 1184}
EXPECTED = ("int8", "int8", "int8", "timestamptz", "int8", "varchar", "float8", "float8",
            "int4", "float8", "float8", "int4")

SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0)
TRAILER = struct.pack("!h", -1)
PG_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
ONE_MICROSECOND = timedelta(microseconds=1)

_ROW_START = struct.Struct("!hiqiq")  # field count, pool, player
_GAME = struct.Struct("!iqiqiq")  # game, played_at (µs since 2000), game_order
_STATES = struct.Struct("!ididiiididii")  # before and after: mu, sigma, games


def history_columns() -> list[str]:
    meta = RatingHistory._meta
    return [meta.get_field(name).column for name in HISTORY_FIELDS]


class HistoryPacker:
    """History rows of one pool as binary COPY data, in HISTORY_FIELDS order."""

    def __init__(self, pool_id: int) -> None:
        self.row_start = _ROW_START.pack  # bound once: called four times per game
        self.pool_id = pool_id

    def pack(self, rated: Rated, changes) -> bytes:
        micros = (rated.played_at - PG_EPOCH) // ONE_MICROSECOND
        digest = rated.record_hash.encode()
        game = (_GAME.pack(8, rated.game_id, 8, micros, 8, rated.game_id)
                + struct.pack("!i", len(digest)) + digest)
        start, pool, states = self.row_start, self.pool_id, _STATES.pack
        parts = []
        for c in changes:
            b, a = c.before, c.after
            parts.append(start(12, 8, pool, 8, c.player_id) + game + states(
                8, b.mu, 8, b.sigma, 4, b.games, 8, a.mu, 8, a.sigma, 4, a.games))
        return b"".join(parts)


def check_copy_types(cursor, table: str) -> None:
    """Fail loudly, naming the column, if the table no longer has the packed types."""
    cursor.execute(
        "SELECT attname, atttypid::int FROM pg_attribute WHERE attrelid = %s::regclass "
        "AND attnum > 0 AND NOT attisdropped", [connection.ops.quote_name(table)])
    found = dict(cursor.fetchall())
    for column, kind in zip(history_columns(), EXPECTED, strict=True):
        if found.get(column) != PG_TYPES[kind]:
            raise TypeError(
                f"rankings.services.ratings.history: {table}.{column} is type oid "
                f"{found.get(column)}, the COPY packing expects {kind}")


def copy_statement(table: str) -> str:
    quote = connection.ops.quote_name
    cols = ", ".join(quote(c) for c in history_columns())
    return f"COPY {quote(table)} ({cols}) FROM STDIN (FORMAT BINARY)"


def _history_rows(pool_id: int, rated: Rated, changes) -> list[tuple]:
    return [
        (pool_id, c.player_id, rated.game_id, rated.played_at, rated.game_id, rated.record_hash,
         c.before.mu, c.before.sigma, c.before.games, c.after.mu, c.after.sigma, c.after.games)
        for c in changes
    ]


class HistoryWriter:
    """Collects one pool's history rows and writes them a batch at a time."""

    def __init__(self, pool_id: int) -> None:
        self.pool_id = pool_id
        self.postgresql = connection.vendor == "postgresql"
        self.packer = HistoryPacker(pool_id)
        self.pending: list = []

    def add(self, rated: Rated, changes) -> None:
        if self.postgresql:
            self.pending.append(self.packer.pack(rated, changes))
        else:
            self.pending.extend(_history_rows(self.pool_id, rated, changes))

    def flush(self) -> None:
        if not self.pending:
            return
        if self.postgresql:
            table = RatingHistory._meta.db_table
            with connection.cursor() as wrapper:
                cursor = wrapper.cursor  # the psycopg 3 cursor
                check_copy_types(cursor, table)
                with cursor.copy(copy_statement(table)) as copy:
                    copy.write(SIGNATURE + b"".join(self.pending) + TRAILER)
        else:
            attnames = [RatingHistory._meta.get_field(name).attname for name in HISTORY_FIELDS]
            RatingHistory.objects.bulk_create(
                [RatingHistory(**dict(zip(attnames, row, strict=True))) for row in self.pending],
                batch_size=BATCH)
        self.pending = []
