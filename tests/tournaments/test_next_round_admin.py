"""The admin is one more front door for a night's format: a new event gets it through
`event_create` (refused on the form where the game cannot be played so), and it is read-only
on an existing event (the night's edit page changes it until the night is seated)."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from tests.factories import EventFactory, row_counts
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def staff(client, alice):
    alice.is_staff = True
    alice.save()
    client.force_login(alice)
    return client


def _add(club, **values):
    return {"club": club.pk, "season": "", "name": "Admin night", "kind": "league-night",
            "date": "2026-06-04", "game": "bluke", "options": "{}",
            "rounds-TOTAL_FORMS": 0, "rounds-INITIAL_FORMS": 0, **values}


def test_a_kings_night_is_created_through_the_service(staff, club_a):
    response = staff.post(reverse("admin:tournaments_event_add"), _add(club_a, format="kings"))
    assert response.status_code == 302
    event = Event.objects.get(name="Admin night")
    assert event.format == "kings"
    assert AuditEntry.objects.filter(action="event.create", target_id=event.pk).exists()


def test_left_out_the_format_is_the_rotation(staff, club_a):
    staff.post(reverse("admin:tournaments_event_add"), _add(club_a))
    assert Event.objects.get(name="Admin night").format == "rotation"


@pytest.mark.parametrize(("values", "words"), [
    ({"game": "back-alley", "format": "swiss"}, "partnerships"),
    ({"format": "ladder"}, "Select a valid choice"),
])
def test_a_format_the_game_cannot_use_is_refused_on_the_form(staff, club_a, values, words):
    before = row_counts()
    response = staff.post(reverse("admin:tournaments_event_add"), _add(club_a, **values))
    assert words in str(response.context["adminform"].form.errors["format"])
    assert row_counts() == before


def test_the_format_is_read_only_on_an_existing_night(staff, club_a):
    event = EventFactory(club=club_a, format="swiss")
    page = staff.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert "format" not in page.context["adminform"].form.fields
    assert "Swiss" in page.content.decode()
