"""The permission matrix of table entry's pages (issue 27), as the organiser pages' matrix
(tests/tournaments/test_organiser_permissions.py) has it: every page and action, every
persona, and a refusal changes nothing.

Club A is private: olga owns it, alice organises, sam keeps score, pat plays at the table;
bob organises club B. Outsiders and anonymous visitors get a 404, as on the night's page (a
private club's night stays invisible); members without the role a 403. A seat's link is a
persona of its own here: it opens its own seat's page and nothing of the organisers'.
"""

import pytest
from django.urls import reverse

from league.permissions import SYSTEM
from tests.factories import played_record, row_counts, seated_table
from tournaments.models import ClubEntrySetting, PendingResult, SeatLink, WayIn
from tournaments.services.seat_links import seat_links_for_event, seat_token
from tournaments.services.table_entry import SeatActor, pending_submit

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
PERSONAS = ["olga", "alice", "sam", "pat", "bob", "anonymous"]
MANAGERS = {"olga", "alice"}
EXPECTED = {"olga": 200, "alice": 200, "sam": 403, "pat": 403, "bob": 404, "anonymous": 404}


@pytest.fixture
def world(club_a, olga, alice, sam, pat, bob, players_a):
    table = seated_table(club_a, players_a)
    links = {k.seat.position: k for k in
             seat_links_for_event(event=table.round.event, user=SYSTEM)}
    names = [s.player.display_name for s in table.seats.order_by("position")]
    pending_submit(table=table, record=played_record(seed=3, seats=names),
                   actor=SeatActor(seat=links[0].seat, via=WayIn.SEAT_LINK))
    return {"table": table, "event": table.round.event, "links": links}


def _client(client, request, persona):
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


PAGES = {
    "the night's seat links": lambda w: reverse("tournaments:event-seat-links",
                                                args=[w["event"].pk]),
    "compare and decide": lambda w: reverse("tournaments:table-entry-decide",
                                            args=[w["table"].pk]),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_table_entry_organiser_page_opens_only_for_the_clubs_organisers(
        world, client, request, persona, page):
    response = _client(client, request, persona).get(PAGES[page](world))
    assert response.status_code == EXPECTED[persona]


ACTIONS = {
    # name: (url, body, what changes when it is allowed)
    "revoke a seat link": (
        lambda w: reverse("tournaments:seat-link-revoke",
                          args=[w["event"].pk, w["links"][2].pk]),
        lambda w: {},
        lambda w: SeatLink.objects.filter(revoked_at__isnull=False).count()),
    "choose how tables enter results": (
        lambda w: reverse("tournaments:club-entry-mode", args=[w["event"].pk]),
        lambda w: {"mode": "approve"},
        lambda w: ClubEntrySetting.objects.count()),
    "approve the submitted version": (
        PAGES["compare and decide"],
        lambda w: {"entry_action": "submitted", "decide_reason": "checked"},
        lambda w: PendingResult.objects.get().state),
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_each_table_entry_organiser_action_works_only_for_the_clubs_organisers(
        world, client, request, persona, action):
    url, body, effect = ACTIONS[action]
    before, counts = effect(world), row_counts()
    response = _client(client, request, persona).post(url(world), body(world))
    assert response.status_code == (302 if persona in MANAGERS else EXPECTED[persona]), (
        response.content[:300])
    if persona in MANAGERS:
        assert effect(world) != before
    else:
        assert (effect(world), row_counts()) == (before, counts)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_seat_link_opens_no_organiser_page(world, client, page):
    # Whoever holds a link holds no login: the seat's page opens, the organisers' do not.
    own = reverse("tournaments:seat-entry", args=[seat_token(world["links"][1])])
    assert client.get(own).status_code == 200
    assert client.get(PAGES[page](world)).status_code == 404


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_a_seat_link_changes_nothing_of_the_organisers(world, client, action):
    url, body, effect = ACTIONS[action]
    client.get(reverse("tournaments:seat-entry", args=[seat_token(world["links"][1])]))
    before, counts = effect(world), row_counts()
    assert client.post(url(world), body(world)).status_code == 404
    assert (effect(world), row_counts()) == (before, counts)
