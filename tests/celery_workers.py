"""Real Celery worker processes for the tests that need one (a broker and PostgreSQL)."""

import os
import subprocess
import sys
import time
from pathlib import Path

from django.db import connection

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
