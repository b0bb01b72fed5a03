import pytest
from django.test import override_settings

from config import health


@pytest.mark.django_db
@override_settings(CELERY_TASK_ALWAYS_EAGER=True)
def test_healthz_is_200_in_embedded_mode(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["status"] == "ok"
    assert body["broker"]["status"] == "eager"


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_is_down(client, monkeypatch):
    monkeypatch.setattr(health, "check_database", lambda: health.Check("error", "refused"))
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == {"status": "error", "detail": "refused"}


@pytest.mark.django_db
@override_settings(CELERY_TASK_ALWAYS_EAGER=False, CELERY_BROKER_URL="redis://127.0.0.1:1/0")
def test_healthz_is_503_when_the_broker_is_unreachable(client):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"]["status"] == "error"


# --- answers within its budget, and notices beat, workers and the outbox (issue 25) ----------

LIVE_REDIS = "redis://127.0.0.1:6379/14"


@pytest.fixture
def no_broadcast(monkeypatch):
    """/healthz must not ask the workers over the broker (a full second per call)."""
    def refuse(*args, **kwargs):
        raise AssertionError("/healthz broadcast to the workers")

    from config.celery import app

    monkeypatch.setattr(app.control, "inspect", refuse)


@pytest.fixture
def frozen_broker():
    """A server that accepts connections and never answers, like a SIGSTOPped Redis."""
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    server.close()


def _alive(*names, seconds_ago=1):
    from datetime import timedelta

    from django.utils import timezone

    from league.models import Heartbeat

    for name in names:
        Heartbeat.objects.update_or_create(
            name=name, defaults={"at": timezone.now() - timedelta(seconds=seconds_ago)})


def _redis_answers() -> bool:
    import redis

    try:
        return redis.Redis.from_url(LIVE_REDIS, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        return False


@pytest.mark.django_db
def test_healthz_answers_503_at_once_while_the_broker_is_frozen(client, settings, no_broadcast,
                                                                frozen_broker):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = frozen_broker
    _alive("beat", "followups")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"] == {"status": "error", "detail": "Timeout reading from socket"}
    assert response.json()["beat"]["status"] == "ok"


@pytest.mark.django_db
def test_healthz_is_200_as_soon_as_the_broker_is_back(client, settings, no_broadcast):
    if not _redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    _alive("beat", "followups")
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"  # stopped
    assert client.get("/healthz").status_code == 503
    settings.CELERY_BROKER_URL = LIVE_REDIS  # back
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    assert response.json()["broker"]["status"] == "ok"


@pytest.mark.django_db
@pytest.mark.parametrize("dead", ["beat", "followups"])
def test_healthz_notices_a_dead_beat_or_followups_worker(client, settings, no_broadcast, dead):
    if not _redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = LIVE_REDIS
    _alive("beat", "followups")
    _alive(dead, seconds_ago=health.STALE_AFTER + 30)
    response = client.get("/healthz")
    assert response.status_code == 503
    check = response.json()["beat" if dead == "beat" else "workers"]
    assert check["status"] == "error" and "ago" in check["detail"]


@pytest.mark.django_db
def test_healthz_notices_an_old_outbox(client, season):
    from datetime import timedelta

    from django.utils import timezone

    from league.models import PendingRecompute

    long_ago = timezone.now() - timedelta(seconds=health.OUTBOX_TOO_OLD + 60)
    PendingRecompute.objects.create(kind="standings", target_id=season.pk,
                                    requested_at=long_ago, due_at=long_ago)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["outbox"]["status"] == "error"
    assert "waits 36" in response.json()["outbox"]["detail"]


@pytest.mark.django_db
def test_beat_writes_its_heartbeat_as_it_ticks():
    from config.beat import HeartbeatScheduler
    from league.services.heartbeats import heartbeat_age

    assert heartbeat_age("beat") is None
    HeartbeatScheduler.__new__(HeartbeatScheduler)._beat()  # no schedule file needed
    assert heartbeat_age("beat") < health.STALE_AFTER
