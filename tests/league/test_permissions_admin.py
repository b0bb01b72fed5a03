"""The admin asks the same policy: organisers (staff) see and change only their clubs."""

import json

import pytest
from django.urls import reverse

from league.models import AuditEntry
from tests.factories import UserFactory, played_record, row_counts
from tournaments.models import Event, ResultSource, TableResult

MODELS = ["league.club", "league.player", "league.membership", "league.season",
          "league.apitoken", "league.auditentry", "league.idempotencyrecord",
          "tournaments.event", "tournaments.round", "tournaments.table", "tournaments.tableresult",
          "tournaments.seat"]


pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def staff_alice(alice):
    alice.is_staff = True
    alice.save()
    return alice


def _url(label, view="changelist", *args):
    app, model = label.split(".")
    return reverse(f"admin:{app}_{model}_{view}", args=args)


@pytest.mark.parametrize("label", MODELS)
def test_it_renders_every_model_for_a_superuser(table_a, client, label):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert client.get(_url(label)).status_code == 200


def test_it_shows_an_organiser_only_their_clubs_events(table_a, table_b, client, staff_alice):
    client.force_login(staff_alice)
    page = client.get(_url("tournaments.event"))
    assert page.status_code == 200
    assert list(page.context["cl"].queryset) == [table_a.round.event]
    other = client.get(_url("tournaments.event", "change", table_b.round.event_id))
    assert other.status_code == 302  # the admin's "does not exist" redirect


def test_it_keeps_people_who_are_not_staff_out(table_a, client, pat):
    client.force_login(pat)
    assert client.get(_url("tournaments.event")).status_code == 302


def test_it_offers_only_manageable_clubs_when_adding_an_event(club_a, club_b, client,
                                                              staff_alice):
    client.force_login(staff_alice)
    form = client.get(_url("tournaments.event", "add")).context["adminform"].form
    assert list(form.fields["club"].queryset) == [club_a]


def test_it_enters_a_result_through_result_submit(table_a, client, staff_alice):
    client.force_login(staff_alice)
    record = played_record(seed=2)
    response = client.post(_url("tournaments.table", "result", table_a.pk),
                           {"record": json.dumps(record), "correction_reason": ""})
    game = TableResult.objects.get(table=table_a)
    assert response.status_code == 302
    assert (game.source, game.entered_by, game.hands.count()) == (ResultSource.ADMIN,
                                                                    staff_alice, 25)
    assert AuditEntry.objects.filter(action="result.submit", target_id=game.pk).exists()


def test_it_shows_checker_errors_and_stores_nothing(table_a, client, staff_alice):
    client.force_login(staff_alice)
    record = played_record(seed=2)
    record["hands"][0]["tricks"] = [9, 9, 9, 9]
    before = row_counts()
    response = client.post(_url("tournaments.table", "result", table_a.pk),
                           {"record": json.dumps(record)})
    assert response.status_code == 200 and response.context["record_errors"]
    assert row_counts() == before


def test_it_corrects_a_result_with_a_reason_in_the_admin(table_a, client, staff_alice):
    client.force_login(staff_alice)
    url = _url("tournaments.table", "result", table_a.pk)
    client.post(url, {"record": json.dumps(played_record(seed=2))})
    refused = client.post(url, {"record": json.dumps(played_record(seed=3))})
    assert refused.status_code == 200 and refused.context["form"].errors
    client.post(url, {"record": json.dumps(played_record(seed=3)), "correction_reason": "typo"})
    assert TableResult.objects.get(table=table_a).record == played_record(seed=3)
    assert AuditEntry.objects.get(action="result.correct").reason == "typo"


def test_it_never_adds_or_edits_games_directly(table_a, client, staff_alice):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    assert client.get(_url("tournaments.tableresult", "add")).status_code == 403


def test_it_audits_admin_saves(club_a, client, staff_alice):
    client.force_login(staff_alice)
    response = client.post(_url("tournaments.event", "add"), {
        "club": club_a.pk, "name": "Admin night", "kind": "league-night", "date": "2026-06-01",
        "status": "draft", "game": "bluke", "options": "{}", "seating": "null",
        "rounds-TOTAL_FORMS": 0, "rounds-INITIAL_FORMS": 0})
    assert response.status_code == 302, response.context["adminform"].form.errors
    event = Event.objects.get(name="Admin night")
    assert AuditEntry.objects.filter(target_type="event", target_id=event.pk).exists()
