"""Real Celery worker processes for the tests that need one (a broker and PostgreSQL)."""

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.db.models import Model
from django.utils import timezone

from config.celery import app

ROOT = Path(__file__).resolve().parents[1]


def start_worker(queue: str, **env) -> subprocess.Popen:
    """A one-process worker serving `queue`, with `env` on top of this process's."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--queues", queue, "--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env={**os.environ, **env},
    )


def stop_worker(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=30)


def worker_database_url() -> str:
    """The URL of the database this test run uses, for a worker in another process."""
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def wait_for(condition, seconds: float, what: str) -> None:
    """Poll until `condition()` holds (a deadline, not a measurement)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def skip_without_broker_and_postgresql() -> None:
    """A real worker needs the production shape: a broker and PostgreSQL (CI has both)."""
    if settings.CELERY_TASK_ALWAYS_EAGER or connection.vendor != "postgresql":
        pytest.skip("needs a broker (CELERY_BROKER_URL) and PostgreSQL")


def worker_setup(task: str, **env) -> tuple[str, dict]:
    """The queue that serves `task` and a worker's environment for it: that queue as its
    default, this run's database, and `env` on top."""
    queue = app.amqp.router.route({}, task)["queue"].name
    return queue, {"CELERY_DEFAULT_QUEUE": queue, "DATABASE_URL": worker_database_url(), **env}


def kill_a_worker_mid_send(queue: str, env: dict, *, outbox: type[Model], send: Callable,
                           hung: threading.Event, release: threading.Event,
                           then: Callable) -> None:
    """A worker sends what `send()` queues in `outbox` until the receiver holds one send
    (`hung`); it is killed there, and the receiver lets go (`release`). A second worker
    sends the rest after `then()` (a change that kicks it); this returns once no row of
    `outbox` is queued. Both workers are stopped, however it ends."""
    first = start_worker(queue, **env)
    second = None
    try:
        send()
        wait_for(hung.is_set, 120, "the worker did not start sending")
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
        release.set()
        # The killed worker's lease runs out (minutes in production; here at once).
        outbox.objects.filter(claimed_until__isnull=False).update(claimed_until=timezone.now())
        second = start_worker(queue, **env)
        then()
        wait_for(lambda: not outbox.objects.filter(state="queued").exists(), 120,
                 "the second worker did not send the rest")
    finally:
        for worker in (first, second):
            if worker is not None:
                stop_worker(worker)
