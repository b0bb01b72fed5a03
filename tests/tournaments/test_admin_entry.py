"""The admin pages of table entry (issue 27): site staff see every club's pending and
disputed results and seat links, organisers their own club's; approving, resolving and
revoking go through the services, as from the night's page."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from tests.factories import UserFactory, played_record, row_counts, seated_table
from tournaments.models import PendingResult, PendingState, SeatLink, TableResult, WayIn
from tournaments.services.seat_links import seat_links_for_event
from tournaments.services.table_entry import SeatActor, pending_dispute, pending_submit

pytestmark = pytest.mark.usefixtures("plain_http")

PENDING_LIST = reverse("admin:tournaments_pendingresult_changelist")
LINK_LIST = reverse("admin:tournaments_seatlink_changelist")


@pytest.fixture
def root(db):
    return UserFactory(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def staff_alice(alice):
    alice.is_staff = True
    alice.save()
    return alice


def _submit(table, seed=3, position=0):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    record = played_record(seed=seed, seats=names)
    pending_submit(table=table, record=record,
                   actor=SeatActor(seat=table.seats.get(position=position), via=WayIn.SEAT_LINK))
    return PendingResult.objects.get(table=table), record


@pytest.fixture
def pending_a(club_a, players_a):
    return _submit(seated_table(club_a, players_a))[0]


@pytest.fixture
def pending_b(club_b, players_b):
    return _submit(seated_table(club_b, players_b))[0]


def _act(client, url, action, rows):
    return client.post(url, {"action": action, "_selected_action": [r.pk for r in rows]},
                       follow=True)


def test_site_staff_see_every_clubs_results_and_organisers_their_own(
        client, root, staff_alice, pending_a, pending_b):
    client.force_login(root)
    page = client.get(PENDING_LIST).content.decode()
    assert str(pending_a.table) in page and str(pending_b.table) in page

    client.force_login(staff_alice)
    page = client.get(PENDING_LIST).content.decode()
    assert str(pending_a.table) in page and str(pending_b.table) not in page
    change = reverse("admin:tournaments_pendingresult_change", args=[pending_b.pk])
    assert client.get(change).status_code in (302, 404)


def test_a_player_without_staff_rights_gets_no_admin_page(client, pat, pending_a):
    client.force_login(pat)
    assert client.get(PENDING_LIST).status_code == 302  # to the admin's login


def test_the_change_page_shows_both_versions_and_links_the_comparison(
        client, root, pending_a):
    table = pending_a.table
    names = [s.player.display_name for s in table.seats.order_by("position")]
    pending_dispute(table=table, record=played_record(seed=4, seats=names), reason="hand 2",
                    actor=SeatActor(seat=table.seats.get(position=1), via=WayIn.SEAT_LINK))
    client.force_login(root)
    page = client.get(reverse("admin:tournaments_pendingresult_change",
                              args=[pending_a.pk])).content.decode()
    assert "Disputer&#x27;s record" in page or "Disputer's record" in page
    assert "hand 2" in page and "seat 2" in page
    assert reverse("tournaments:table-entry-decide", args=[table.pk]) in page
    assert 'name="_save"' not in page  # read-only


def test_approving_in_the_admin_stores_through_pending_decide(client, root, pending_a):
    client.force_login(root)
    response = _act(client, PENDING_LIST, "approve_submitted", [pending_a])
    assert "1 result stored" in response.content.decode()
    pending_a.refresh_from_db()
    assert pending_a.state == PendingState.APPROVED and pending_a.decided_by == root
    assert TableResult.objects.get(table=pending_a.table).record == pending_a.record
    assert AuditEntry.objects.filter(action="result.approve").count() == 1


def test_an_organiser_approves_only_their_own_clubs_results(
        client, staff_alice, pending_a, pending_b):
    client.force_login(staff_alice)
    _act(client, PENDING_LIST, "approve_submitted", [pending_a, pending_b])
    assert TableResult.objects.filter(table=pending_a.table).exists()
    assert not TableResult.objects.filter(table=pending_b.table).exists()
    pending_b.refresh_from_db()
    assert pending_b.state == PendingState.PENDING


def test_resolving_without_a_disputed_version_is_refused_by_name(client, root, pending_a):
    client.force_login(root)
    before = row_counts()
    response = _act(client, PENDING_LIST, "resolve_with_disputed", [pending_a])
    assert "not stored: Pick the submitted version" in response.content.decode()
    assert row_counts() == before


def test_revoking_a_seat_link_in_the_admin_gives_the_seat_a_fresh_one(
        client, staff_alice, club_a, players_a):
    table = seated_table(club_a, players_a)
    links = seat_links_for_event(event=table.round.event, user=staff_alice)
    lost = links[0]
    client.force_login(staff_alice)
    page = client.get(LINK_LIST).content.decode()
    assert lost.code[:5] in page
    response = _act(client, LINK_LIST, "revoke_selected", [lost])
    assert "1 link revoked" in response.content.decode()
    lost.refresh_from_db()
    assert lost.revoked_at is not None
    fresh = SeatLink.objects.get(seat=lost.seat, revoked_at__isnull=True)
    assert fresh.code != lost.code
