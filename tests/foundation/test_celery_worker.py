"""A real Celery worker process against the configured broker (Redis in CI)."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import ping

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker_queue():
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured (set CELERY_BROKER_URL to run a real worker)")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--queues", queue, "--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=dict(os.environ),
    )
    yield queue
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.celery_worker
def test_a_real_worker_runs_a_task_and_returns_its_result(worker_queue):
    result = ping.apply_async(queue=worker_queue)
    assert result.get(timeout=60) == "pong"
