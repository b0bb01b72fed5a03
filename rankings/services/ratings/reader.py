"""Read a pool's games on a second connection, in a thread, from the writer's snapshot.

During a full rebuild the main connection streams history rows into one long
COPY, so it cannot FETCH games at the same time. A second connection imports
the main transaction's snapshot (``pg_export_snapshot``), so it sees exactly
the games the main transaction sees, and a thread fetches the next chunks
while the main thread rates: PostgreSQL runs the query, and stores rows, on
the other core.

Only valid when the main transaction is the outermost one: an exported
snapshot does not include the exporting transaction's own uncommitted writes,
so games written earlier in an enclosing transaction would be missed. The
caller checks that and reads on its own connection otherwise.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

from django.db import connection, connections
from psycopg import sql

from rankings.models import RatingPool
from rankings.services.ratings.games import fetch_chunks, postgresql_query

AHEAD = 2  # chunks fetched ahead of the rating loop (bounds memory)
_DONE = object()


class _Stop(Exception):
    """The rating loop went away; the fetching thread ends."""


def _put(box: queue.Queue, stop: threading.Event, item) -> None:
    while not stop.is_set():
        try:
            box.put(item, timeout=0.1)
            return
        except queue.Full:
            continue
    raise _Stop


def _fetch(raw, query, box: queue.Queue, stop: threading.Event) -> None:
    try:
        for chunk in fetch_chunks(raw, *query):
            _put(box, stop, chunk)
        _put(box, stop, _DONE)
    except _Stop:
        pass
    except BaseException as exc:  # handed to the rating loop, which raises it
        try:
            _put(box, stop, exc)
        except _Stop:
            pass


def snapshot_chunks(pool: RatingPool) -> Iterator[list[tuple]]:
    """`game_chunks` of the whole pool, read ahead on a connection of its own.

    The snapshot is exported now, not when iteration starts: by then the main
    connection is busy with its COPY and a query on it would wait forever.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = cursor.fetchone()[0]
    return _read(pool, snapshot)


def _read(pool: RatingPool, snapshot: str) -> Iterator[list[tuple]]:
    other = connections.create_connection(connection.alias)
    box: queue.Queue = queue.Queue(maxsize=AHEAD)
    stop = threading.Event()
    thread = None
    try:
        other.ensure_connection()
        raw = other.connection  # the psycopg connection
        raw.autocommit = False
        raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        raw.execute(sql.SQL("SET TRANSACTION SNAPSHOT {}").format(sql.Literal(snapshot)))
        thread = threading.Thread(
            target=_fetch, args=(raw, postgresql_query(pool), box, stop),
            name=f"rating-games-{pool.pk}", daemon=True)
        thread.start()
        while (item := box.get()) is not _DONE:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        if thread is not None:
            thread.join()
        if other.connection is not None and not other.connection.closed:
            other.connection.rollback()  # read only; leaves a pooled connection clean
        other.close()
