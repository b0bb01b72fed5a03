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


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", DEBUG="false", SECRET_KEY="")
    assert result.returncode != 0
    assert "SECRET_KEY is not set and DEBUG is off" in result.stderr
    assert "openssl rand -hex 32" in result.stderr


def test_production_refuses_the_public_development_key_and_short_keys():
    public = run_manage("check", SECRET_KEY="django-insecure-local-development-key-change-me")
    assert public.returncode != 0
    assert "SECRET_KEY is a public development key" in public.stderr
    short = run_manage("check", SECRET_KEY="hunter2")
    assert short.returncode != 0
    assert "SECRET_KEY is 7 characters long" in short.stderr


def test_local_development_needs_no_key_when_debug_is_on():
    result = run_manage("check", DEBUG="1", SECRET_KEY="")
    assert result.returncode == 0, result.stderr


def test_the_embedded_default_runs_tasks_in_process_without_broker_warnings():
    """No broker configured: a task sent as the pages send them runs at once, and the
    demo's output carries no warning about a missing AMQP host."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "CELERY_RESULT_BACKEND")}
    script = (
        "import django; django.setup()\n"
        "from config.celery import app, ping\n"
        "print('eager', app.conf.task_always_eager)\n"
        "print('answer', ping.apply_async(retry=False).get(timeout=5))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**env, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
             "DATABASE_URL": "sqlite:///:memory:"},
    )
    assert result.returncode == 0, result.stderr
    assert "eager True" in result.stdout and "answer pong" in result.stdout
    assert "hostname" not in result.stderr.lower(), result.stderr
