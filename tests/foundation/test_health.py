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
