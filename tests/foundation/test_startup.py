"""Start-up behaviour, checked in fresh processes so settings are read anew."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env,
        capture_output=True, text=True, timeout=120,
    )


def test_it_fails_loudly_on_a_bad_boolean():
    result = run_manage("check", DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr


def test_check_deploy_passes_with_production_settings():
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DEBUG="false", SECRET_KEY="a-long-random-production-secret-" + "x7Q!p9" * 8,
        ALLOWED_HOSTS="league.example.org",
    )
    assert result.returncode == 0, result.stderr + result.stdout
