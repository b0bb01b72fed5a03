"""A request whose database connection is cut answers 503 with Retry-After, not a bare 500,
and its retry with the same Idempotency-Key stores the result once (docs/reliability.md,
the compose fault run: connections cut by pg_terminate_backend gave 500s)."""

import psycopg
import pytest
from django.db import OperationalError

from tests.factories import played_record
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("error", [OperationalError, psycopg.OperationalError],
                         ids=["django", "driver"])
def test_a_cut_connection_answers_503_and_the_retry_stores_once(world, client_as, monkeypatch,
                                                                 error):
    def cut(**_):
        raise error("server closed the connection unexpectedly")

    monkeypatch.setattr("tournaments.api.views.result_submit", cut)
    token, table = client_as("token_b"), world["free_b"]
    path, key = f"/api/v1/tables/{table.pk}/result/", {"HTTP_IDEMPOTENCY_KEY": "night-1-t2"}
    response = token.post(path, played_record(seed=3), format="json", **key)
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    assert "Idempotency-Key" in response.json()["detail"]
    assert not TableResult.objects.filter(table=table).exists()

    monkeypatch.undo()
    assert token.post(path, played_record(seed=3), format="json", **key).status_code == 201
    assert token.post(path, played_record(seed=3), format="json", **key).status_code == 201
    assert TableResult.objects.filter(table=table).count() == 1
