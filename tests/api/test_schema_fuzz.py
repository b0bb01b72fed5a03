"""Schemathesis over the OpenAPI schema: generated requests never get a 5xx.

Bounded on purpose (a few examples per operation): it runs anonymously and with a club
token against a small world of two clubs with stored games.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings

from config.wsgi import application

HTTPS = {"X-Forwarded-Proto": "https"}  # production settings redirect plain HTTP

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, headers=HTTPS)

FUZZ = settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The raw WSGI handler closes the connection after each request, which would end the
    test's transaction on PostgreSQL; Django's own test client unhooks it the same way."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def _assert_no_server_error(case, headers):
    response = case.call(headers={**HTTPS, **headers})
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])


@pytest.mark.django_db
@schema.parametrize()
@FUZZ
def test_it_never_answers_5xx_to_anonymous_requests(case, world):
    _assert_no_server_error(case, {})


@pytest.mark.django_db
@schema.parametrize()
@FUZZ
def test_it_never_answers_5xx_to_token_requests(case, world, token_b):
    _assert_no_server_error(case, {"Authorization": f"Token {token_b[1]}"})
