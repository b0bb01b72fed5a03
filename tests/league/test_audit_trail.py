"""The audit trail cannot be deleted through the admin and outlives what it describes
(issue 10 point 8)."""

import pytest
from django.urls import reverse

from league.models import AuditEntry, Club
from league.services.audit import audit_record
from tests.factories import ClubFactory, UserFactory, api_token, played_record
from tournaments.services.results import result_remove, result_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]


@pytest.fixture
def root(client):
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


@pytest.fixture
def stored(table_a, alice, sam):
    """A result entered by sam and removed by alice: two entries about the same game."""
    game = result_submit(table=table_a, record=played_record(
        seats=["Alice", "Sam", "Pat", "Dee"]), source="form", user=sam).game
    result_remove(actor=alice, table=table_a, reason="wrong table")
    return game


def test_the_admin_offers_no_delete_for_audit_entries_even_to_superusers(client, root, stored):
    entry = AuditEntry.objects.filter(action="result.remove").get()
    listing = client.get(reverse("admin:league_auditentry_changelist"))
    assert listing.status_code == 200
    assert "delete_selected" not in listing.content.decode()
    page = client.get(reverse("admin:league_auditentry_change", args=[entry.pk]))
    assert page.status_code == 200
    assert reverse("admin:league_auditentry_delete", args=[entry.pk]) not in \
        page.content.decode()
    assert client.get(reverse("admin:league_auditentry_delete", args=[entry.pk])) \
        .status_code == 403
    assert client.post(reverse("admin:league_auditentry_delete", args=[entry.pk]),
                       {"post": "yes"}).status_code == 403
    before = AuditEntry.objects.count()
    client.post(reverse("admin:league_auditentry_changelist"),
                {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"})
    assert AuditEntry.objects.count() == before


def test_entries_keep_the_names_of_a_deleted_club_user_and_target(club_a, alice, sam, stored):
    entries = list(AuditEntry.objects.filter(target_type="tableresult", target_id=stored.pk)
                   .order_by("id"))
    assert [e.action for e in entries] == ["result.submit", "result.remove"]
    assert entries[0].target_name == str(stored)
    club_a.delete()
    sam.delete()
    kept = AuditEntry.objects.filter(pk__in=[e.pk for e in entries]).order_by("id")
    assert [(e.action, e.club_id, e.club_name, e.actor_id, e.actor_name) for e in kept] == [
        ("result.submit", None, "Club A", None, "sam"),
        ("result.remove", None, "Club A", alice.pk, "alice")]
    assert kept[0].target_name == str(stored)


def test_deleting_a_club_in_the_admin_keeps_its_trail(client, root):
    club = ClubFactory(name="Short-lived")
    token, _ = api_token(club, name="scorer")
    audit_record(club=club, action="club.create", target=club, subject=token)
    response = client.post(reverse("admin:league_club_delete", args=[club.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not Club.objects.filter(pk=club.pk).exists()
    entry = AuditEntry.objects.get(action="club.create")
    assert (entry.club_id, entry.club_name, entry.target_name) == (None, "Short-lived",
                                                                  "Short-lived")
    assert entry.actor_name.startswith("API token scorer")
