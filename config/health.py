"""Health of the pieces the site depends on: database, broker, beat, workers, the outbox.

Used by `/healthz` (load balancers, compose healthchecks) and by people debugging a
deployment, so each check reports its own status and detail. The whole answer stays
within about a second whatever Redis does: the broker gets one PING on a fresh
connection with half a second to answer (a stopped, frozen or just restarted Redis
each give a prompt answer), and beat, the workers and the outbox are read from the
database (their heartbeats and the oldest owed recompute), not asked over the broker.
"""

from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from redis.backoff import NoBackoff
from redis.retry import Retry

BROKER_TIMEOUT = 0.5
# Beat writes its heartbeat every 15 s, the followups worker drains every 15 s: three
# missed beats mean the process is gone or cannot reach the database.
STALE_AFTER = 60.0
# An owed recompute normally waits seconds; this long means nothing drains it.
OUTBOX_TOO_OLD = 300.0


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
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return Check("ok", "not checked (not Redis)")
    client = redis.Redis.from_url(url, socket_timeout=BROKER_TIMEOUT,
                                  socket_connect_timeout=BROKER_TIMEOUT,
                                  retry=Retry(NoBackoff(), 0))
    try:
        client.ping()
    except (redis.RedisError, OSError) as exc:
        return Check("error", str(exc) or type(exc).__name__)
    finally:
        client.close()
    return Check("ok")


def check_heartbeat(name: str, what: str) -> Check:
    """How long ago `name` beat (see league.services.heartbeats)."""
    from league.services.heartbeats import heartbeat_age

    if settings.CELERY_TASK_ALWAYS_EAGER:
        return Check("eager", f"no {what} in embedded mode")
    age = heartbeat_age(name)
    if age is None:
        return Check("error", f"no {what} has ever reported")
    detail = f"last seen {age:.0f} s ago"
    return Check("ok" if age <= STALE_AFTER else "error", detail)


def check_outbox() -> Check:
    from league.services.heartbeats import outbox_age

    age = outbox_age()
    detail = f"oldest owed recompute waits {age:.0f} s"
    return Check("ok" if age <= OUTBOX_TOO_OLD else "error", detail)


def health_report() -> dict[str, Check]:
    report = {"database": check_database(), "broker": check_broker()}
    if not report["database"].healthy:
        down = Check("error", "database is down")
        return {**report, "beat": down, "workers": down, "outbox": down}
    return {**report, "beat": check_heartbeat("beat", "beat"),
            "workers": check_heartbeat("followups", "followups worker"),
            "outbox": check_outbox()}


@never_cache
def healthz(request):
    report = health_report()
    healthy = all(check.healthy for check in report.values())
    body = {
        "status": "ok" if healthy else "error",
        **{name: {"status": c.status, "detail": c.detail} for name, c in report.items()},
    }
    return JsonResponse(body, status=200 if healthy else 503)
