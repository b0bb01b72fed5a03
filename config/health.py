"""Health of the pieces the site depends on: database, broker, workers.

Used by `/healthz` (load balancers, compose healthchecks) and by people
debugging a deployment, so each check reports its own status and error.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from kombu import Connection

from config.celery import app as celery_app


@dataclass
class Check:
    status: str  # "ok", "eager" (not needed in embedded mode) or "error"
    detail: str = ""

    @property
    def healthy(self) -> bool:
        return self.status != "error"


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"
        return Check("error", str(exc))
    return Check("ok", connection.vendor)


def check_broker() -> Check:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check("eager", "no broker configured; tasks run in-process")
    try:
        # A fresh connection from the current settings, not Celery's pooled one.
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return Check("error", str(exc))
    return Check("ok")


def check_workers(timeout: float = 1.0) -> Check:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check("eager", "tasks run in the web process")
    try:
        replies = celery_app.control.inspect(timeout=timeout).ping() or {}
    except Exception as exc:
        return Check("error", str(exc))
    if not replies:
        return Check("error", "no worker answered")
    return Check("ok", f"{len(replies)} worker(s)")


def health_report() -> dict[str, Check]:
    report = {"database": check_database(), "broker": check_broker()}
    report["workers"] = (
        check_workers() if report["broker"].healthy else Check("error", "broker is down")
    )
    return report


@never_cache
def healthz(request):
    report = health_report()
    healthy = all(check.healthy for check in report.values())
    body = {
        "status": "ok" if healthy else "error",
        **{name: {"status": c.status, "detail": c.detail} for name, c in report.items()},
    }
    return JsonResponse(body, status=200 if healthy else 503)
