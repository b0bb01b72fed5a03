"""Password reset timing: does a known address answer as fast as an unknown one?

Runs the reset page in-process in the production shape for mail: a broker configured (so
sending is a worker's job, here an in-memory transport nobody consumes) and the SMTP
server stalled (it accepts and never answers). Each request asks for one address, known
(a login with a usable password) or unknown, alternating; prints the median and the 95th
percentile of each and the known/unknown ratio. A throwaway SQLite database in a temporary
folder; nothing else is touched.

    .venv/bin/python bench/reset_timing_bench.py                  # 200 of each
    .venv/bin/python bench/reset_timing_bench.py --requests 500
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup(folder: str, smtp_port: int) -> None:
    os.environ.update({
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3", "CELERY_BROKER_URL": "memory://localhost/",
        "CELERY_RESULT_BACKEND": "cache+memory://",
        "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port), "EMAIL_USE_TLS": "false",
        "SECRET_KEY": "bench-only-signing-key-0123456789abcdef0123456789",
        "SECURE_SSL_REDIRECT": "false", "ALLOWED_HOSTS": "testserver",
        "DJANGO_SETTINGS_MODULE": "config.settings"})
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("migrate", verbosity=0)


def _measure(requests: int) -> dict[str, list[float]]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from league.models import PasswordResetRequest, QueuedMail

    for n in range(requests):  # one login per request: the throttle never steps in
        get_user_model().objects.create_user(f"known{n}", f"known{n}@example.org", "pass-9-x")
    client, times = Client(), {"known": [], "unknown": []}
    for n in range(requests):
        for kind in ("known", "unknown"):
            started = time.perf_counter()
            answer = client.post("/accounts/password-reset/", {"email": f"{kind}{n}@example.org"})
            times[kind].append(time.perf_counter() - started)
            assert answer.status_code == 302, answer.status_code
    assert PasswordResetRequest.objects.count() == 2 * requests  # the worker's work
    assert not QueuedMail.objects.exists()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    from tests.league.smtp_sink import SmtpSink

    sink = SmtpSink()
    sink.stall()
    with tempfile.TemporaryDirectory() as folder:
        _setup(folder, sink.port)
        times = _measure(args.requests)
    sink.down()
    medians = {kind: statistics.median(values) * 1000 for kind, values in times.items()}
    for kind, values in times.items():
        p95 = statistics.quantiles(values, n=20)[-1] * 1000
        print(f"{kind:8} median {medians[kind]:6.2f} ms   p95 {p95:6.2f} ms")
    print(f"known/unknown median ratio {medians['known'] / medians['unknown']:.2f}; "
          f"SMTP connections during the requests: {sink.connections}")


if __name__ == "__main__":
    main()
