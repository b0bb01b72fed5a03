"""Schemathesis over the OpenAPI schema: generated requests never get a 5xx, and every
status they get is one the schema documents for that operation.

Bounded on purpose (a few examples per operation): it runs anonymously, with a club token
and as a logged-in organiser (session and CSRF, like the browsable API) against a small
world of two clubs with stored games.
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


CSRF_SECRET = "k" * 32  # the same unmasked secret in cookie and header passes the check


def _assert_no_server_error(case, headers):
    response = case.call(headers={**HTTPS, **headers})
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])
    documented = case.operation.definition.raw["responses"]
    assert str(response.status_code) in documented or "default" in documented, (
        f"{case.method} {case.formatted_path} answered {response.status_code}, which the "
        f"schema does not document ({sorted(documented)}): {response.text[:300]}")


@pytest.fixture
def organiser_headers(alice, client):
    """Alice organises club A; her session cookie and a CSRF pair, as a browser sends them."""
    client.force_login(alice)
    session = client.cookies["sessionid"].value
    return {
        "Cookie": f"sessionid={session}; csrftoken={CSRF_SECRET}",
        "X-CSRFToken": CSRF_SECRET,
        "Origin": "https://localhost",
    }


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


@pytest.mark.django_db
@schema.parametrize()
@FUZZ
def test_it_never_answers_5xx_to_an_organiser(case, world, organiser_headers):
    _assert_no_server_error(case, organiser_headers)


@pytest.mark.django_db
@schema.parametrize()
@FUZZ
def test_it_never_answers_5xx_to_a_seat_token(case, world, seat_a):
    _assert_no_server_error(case, {"Authorization": f"Seat {seat_a}"})
