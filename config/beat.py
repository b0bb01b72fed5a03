"""Celery beat's scheduler, with a heartbeat /healthz reads (CELERY_BEAT_SCHEDULER)."""

import logging
import time

from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)

HEARTBEAT_EVERY = 15.0


class HeartbeatScheduler(PersistentScheduler):
    """The file-based scheduler, which also writes its heartbeat every HEARTBEAT_EVERY
    seconds, so /healthz can tell a dead beat from a quiet one."""

    _last_beat = 0.0

    def tick(self, *args, **kwargs):
        if time.monotonic() - self._last_beat >= HEARTBEAT_EVERY:
            self._beat()
        return min(super().tick(*args, **kwargs), HEARTBEAT_EVERY)

    def _beat(self) -> None:
        from django.db import close_old_connections, connection

        from league.database_errors import DATABASE_ERRORS
        from league.services.heartbeats import heartbeat_record

        try:
            if not connection.in_atomic_block:  # (a test's transaction)
                close_old_connections()  # a connection cut since the last beat is replaced
            heartbeat_record(name="beat")
        except DATABASE_ERRORS:
            log.warning("beat heartbeat not written: the database did not answer")
        finally:
            self._last_beat = time.monotonic()
