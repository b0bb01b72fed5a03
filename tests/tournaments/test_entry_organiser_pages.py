"""The organiser's side of table entry: the night's queue, the versions side by side and
the decision, the seat links page (QR codes, short codes, revoking) and the table cards."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from tests.factories import played_record
from tournaments.models import PendingState, SeatLink, TableResult, WayIn
from tournaments.services.seat_links import seat_link_by_token, seat_token, short_code
from tournaments.services.table_entry import SeatActor, pending_dispute, pending_submit


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.SECURE_SSL_REDIRECT = False


def names(table):
    return [s.player.display_name for s in table.seats.order_by("position")]


def at(table, position):
    return SeatActor(seat=table.seats.get(position=position), via=WayIn.SEAT_LINK)


@pytest.fixture
def disputed(table_a):
    record, other = (played_record(seed=s, seats=names(table_a)) for s in (3, 4))
    pending_submit(table=table_a, record=record, actor=at(table_a, 0))
    pending_dispute(table=table_a, actor=at(table_a, 1), record=other, reason="hand 2")
    return record, other


def test_the_night_page_shows_the_queue_to_organisers_and_pending_to_everyone(
        client, table_a, disputed, alice, pat):
    night = reverse("tournaments:event-detail", args=[table_a.round.event_id])
    client.force_login(alice)
    page = client.get(night).content.decode()
    decide = reverse("tournaments:table-entry-decide", args=[table_a.pk])
    assert 'id="entry-queue"' in page and decide in page and "Disputed" in page
    table_a.round.published = True  # players see published rounds only
    table_a.round.save()
    client.force_login(pat)
    page = client.get(night).content.decode()
    assert 'entry-state">disputed' in page and decide not in page


def test_the_organiser_sees_both_versions_hand_by_hand_and_picks_one(
        client, table_a, disputed, alice):
    record, other = disputed
    client.force_login(alice)
    url = reverse("tournaments:table-entry-decide", args=[table_a.pk])
    page = client.get(url).content.decode()
    assert page.count("passes the rules check") == 2 and 'class="differs"' in page
    assert "hand 2" in page  # the disputer's reason
    response = client.post(url, {"entry_action": "disputed", "decide_reason": "checked"})
    assert response.status_code == 302
    assert TableResult.objects.get(table=table_a).record == other
    assert AuditEntry.objects.get(action="result.resolve").reason == "checked"


def test_the_organiser_can_store_a_third_version_typed_on_the_sheet(
        client, table_a, disputed, alice):
    record, _ = disputed
    data = {"entry_action": "third"}
    for number, hand in enumerate(record["hands"][:5], start=1):
        data[f"trump-{number}"] = hand["trump"] or ""
        for seat, (bid, won) in enumerate(zip(hand["bids"], hand["tricks"], strict=True)):
            data[f"bid-{number}-{seat}"] = str(bid)
            data[f"tricks-{number}-{seat}"] = str(won)
    client.force_login(alice)
    url = reverse("tournaments:table-entry-decide", args=[table_a.pk])
    assert client.post(url, data).status_code == 302
    stored = TableResult.objects.get(table=table_a)
    assert len(stored.record["hands"]) == 5
    assert table_a.pending_result.__class__.objects.get(table=table_a).state == \
        PendingState.APPROVED


def test_only_organisers_decide(client, table_a, disputed, sam, bob):
    url = reverse("tournaments:table-entry-decide", args=[table_a.pk])
    client.force_login(sam)
    assert client.get(url).status_code == 403
    assert client.post(url, {"entry_action": "submitted"}).status_code == 403
    client.force_login(bob)
    assert client.get(url).status_code == 404
    assert not TableResult.objects.exists()


def test_the_seat_links_page_prints_a_qr_code_and_short_code_per_seat(client, table_a, alice):
    client.force_login(alice)
    url = reverse("tournaments:event-seat-links", args=[table_a.round.event_id])
    page = client.get(url).content.decode()
    links = list(SeatLink.objects.filter(seat__table=table_a))
    assert len(links) == 4 and page.count('<svg') == 4
    for link in links:
        assert short_code(link) in page and seat_token(link) in page


def test_revoking_a_link_kills_it_and_gives_the_seat_a_new_one(client, table_a, alice, pat):
    client.force_login(alice)
    event = table_a.round.event_id
    client.get(reverse("tournaments:event-seat-links", args=[event]))
    old = SeatLink.objects.get(seat__table=table_a, seat__position=2)
    client.force_login(pat)
    revoke = reverse("tournaments:seat-link-revoke", args=[event, old.pk])
    assert client.post(revoke).status_code == 403
    client.force_login(alice)
    assert client.post(revoke).status_code == 302
    assert seat_link_by_token(seat_token(old)) is None
    fresh = SeatLink.objects.get(seat=old.seat, revoked_at__isnull=True)
    assert seat_link_by_token(seat_token(fresh)) == fresh
    assert AuditEntry.objects.filter(action="seat-link.revoke", target_id=old.pk).exists()


def test_table_cards_carry_seat_codes_for_organisers_only(client, table_a, alice, pat):
    url = reverse("tournaments:table-cards", args=[table_a.round.event_id])
    client.force_login(alice)
    page = client.get(url).content.decode()
    codes = [short_code(k) for k in SeatLink.objects.filter(seat__table=table_a)]
    assert codes and all(code in page for code in codes)
    assert page.count("<svg") == 4
    table_a.round.published = True
    table_a.round.save()
    client.force_login(pat)
    page = client.get(url).content.decode()
    assert "Round 1 · Table 1" in page and not any(code in page for code in codes)
    assert page.count("<svg") == 1  # the table's entry page, for its players once logged in


def test_the_tables_page_says_who_submitted_and_who_disputed(client, table_a, disputed, sam):
    client.force_login(sam)
    page = client.get(reverse("tournaments:table-scoresheet", args=[table_a.pk])
                      ).content.decode()
    assert 'id="entry-history"' in page
    assert "Submitted by seat 1 (Seat link)" in page and "Disputed by seat 2 (Seat link)" in page


def test_a_seated_player_finds_their_tables_entry_page_on_the_nights_page(
        client, table_a, pat, olga):
    table_a.round.published = True
    table_a.round.save()
    url = reverse("tournaments:event-detail", args=[table_a.round.event_id])
    entry = reverse("tournaments:table-entry", args=[table_a.pk])
    client.force_login(pat)
    assert entry in client.get(url).content.decode()
    client.force_login(olga)  # the owner sees the night but does not sit at the table
    assert entry not in client.get(url).content.decode()


def test_the_organiser_chooses_how_the_clubs_tables_enter_results(client, table_a, alice, sam):
    from tournaments.models import ClubEntrySetting

    url = reverse("tournaments:club-entry-mode", args=[table_a.round.event_id])
    client.force_login(sam)
    assert client.post(url, {"mode": "at-once"}).status_code == 403
    client.force_login(alice)
    assert client.post(url, {"mode": "approve"}).status_code == 302
    assert ClubEntrySetting.objects.get(club=table_a.round.event.club).mode == "approve"
    client.post(url, {"mode": "nonsense"})
    assert ClubEntrySetting.objects.get(club=table_a.round.event.club).mode == "approve"
    assert AuditEntry.objects.filter(action="entry-mode.set").count() == 1


def test_the_organisers_player_cards_carry_a_code_per_round(client, table_a, alice, pat):
    url = reverse("tournaments:player-cards", args=[table_a.round.event_id])
    client.force_login(alice)
    page = client.get(url).content.decode()
    pats = SeatLink.objects.get(seat__table=table_a, seat__player=pat.player)
    assert short_code(pats) in page and page.count("<svg") == 4
    table_a.round.published = True
    table_a.round.save()
    client.force_login(pat)
    page = client.get(url).content.decode()
    assert "<bdi>Pat</bdi>" in page and short_code(pats) not in page and "<svg" not in page


def test_the_queue_leaves_out_a_table_a_scorekeeper_stored_meanwhile(table_a, disputed, sam):
    from tournaments.selectors_entry import entry_queue, open_entry_states
    from tournaments.services.results import result_submit

    event = table_a.round.event
    assert [p.table_id for p in entry_queue(event)] == [table_a.pk]
    result_submit(table=table_a, record=disputed[0], source="form", user=sam)
    assert entry_queue(event) == [] and open_entry_states(event) == {}
