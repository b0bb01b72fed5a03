"""A logged-in browser's writes need the form token, on pages and in the API alike; a club
token, sent in a header no browser adds by itself, needs none (OWASP ASVS 4.0.3, 4.2.2)."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import played_record
from tournaments.models import Event, EventStatus, TableResult

pytestmark = pytest.mark.django_db


def _browser(user) -> APIClient:
    """A logged-in browser that checks the form token as production does."""
    client = APIClient(enforce_csrf_checks=True, HTTP_X_FORWARDED_PROTO="https")
    client.force_login(user)
    return client


def test_an_api_write_from_a_session_without_the_form_token_is_refused(world, alice):
    before = Event.objects.count()
    response = _browser(alice).post("/api/v1/events/", {
        "club": world["club_a"].pk, "name": "Night", "date": "2026-05-01", "game": "bluke",
    }, format="json")
    assert response.status_code == 403
    assert Event.objects.count() == before


def test_an_organisers_page_action_without_the_form_token_is_refused(world, alice):
    event = world["table_a"].round.event
    response = _browser(alice).post(reverse("tournaments:event-close", args=[event.pk]),
                                    {"force": "1", "reason": "done"})
    assert response.status_code == 403
    event.refresh_from_db()
    assert event.status != EventStatus.CLOSED


def test_a_club_token_stores_a_result_without_a_form_token(world, client_as):
    token = client_as("token_b")
    token.enforce_csrf_checks = True
    table = world["free_b"]
    response = token.post(f"/api/v1/tables/{table.pk}/result/",
                          played_record(seed=3), format="json")
    assert response.status_code == 201
    assert TableResult.objects.filter(table=table).exists()
