"""The organiser's pages for a king's table or Swiss night: the format on the night forms,
the Next round panel on the night's page, and who may press it (every persona)."""

import pytest
from django.urls import reverse

from league.permissions import SYSTEM
from tests.factories import EventFactory, SeasonFactory, played_record, row_counts
from tournaments.models import Event
from tournaments.services.results import result_submit
from tournaments.services.seating import event_plan_seating, event_set_attendance

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_http")]
PERSONAS = ["olga", "alice", "sam", "pat", "bob", "anonymous"]
EXPECTED = {"olga": 302, "alice": 302, "sam": 403, "pat": 403, "bob": 404, "anonymous": 302}


def finish(event, number):
    for table in event.rounds.get(number=number).tables.all():
        seats = [s.player.display_name for s in table.seats.order_by("position")]
        result_submit(table=table, record=played_record(players=len(seats), seats=seats),
                      source="import", user=SYSTEM)


@pytest.fixture
def kings(club_a, olga, alice, sam, pat, bob, players_a):
    event = EventFactory(club=club_a, format="kings")
    everyone = [*players_a, olga.player]
    event_set_attendance(event=event, players=everyone, user=alice)
    event_plan_seating(event=event, players=everyone, rounds=3, seed=4, user=alice)
    return event


def _client(client, request, persona):
    if persona != "anonymous":
        client.force_login(request.getfixturevalue(persona))
    return client


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_clubs_organisers_press_next_round(kings, client, request, persona):
    finish(kings, 1)
    before = row_counts()
    response = _client(client, request, persona).post(
        reverse("organiser:night-next-round", args=[kings.pk]))
    assert response.status_code == EXPECTED[persona]
    if persona in ("olga", "alice"):
        assert kings.rounds.count() == 2
    else:
        assert kings.rounds.count() == 1 and row_counts() == before


def test_the_page_says_what_the_night_waits_for_then_offers_the_next_round(kings, client, alice):
    client.force_login(alice)
    url = reverse("tournaments:event-detail", args=[kings.pk])
    page = client.get(url).content.decode()
    assert "King&#x27;s table" in page and 'id="form-next-round"' not in page
    assert "Round 1 is being played: table 1 has no complete result yet" in page
    finish(kings, 1)  # without on-commit callbacks: the organiser forms it
    page = client.get(url).content.decode()
    assert 'id="form-next-round"' in page and "Round 1 is finished." in page
    response = client.post(reverse("organiser:night-next-round", args=[kings.pk]), follow=True)
    assert "Round 2 is seated" in response.content.decode()


def test_pressing_next_round_too_early_says_which_tables_are_missing(kings, client, alice):
    client.force_login(alice)
    response = client.post(reverse("organiser:night-next-round", args=[kings.pk]), follow=True)
    assert "no complete result yet at table 1" in response.content.decode()
    assert kings.rounds.count() == 1


def test_a_new_night_is_created_in_a_format(club_a, alice, client):
    season = SeasonFactory(club=club_a)
    client.force_login(alice)
    url = reverse("organiser:night-new", args=[season.pk])
    assert 'name="format"' in client.get(url).content.decode()
    client.post(url, {"name": "Swiss week", "date": "2026-05-01", "kind": "league-night",
                      "format": "swiss"})
    assert Event.objects.get(name="Swiss week").format == "swiss"


@pytest.mark.parametrize("value", ["knockout", "<script>alert(1)</script>", "kings" * 50])
def test_a_bad_format_on_the_night_form_is_refused(club_a, alice, client, value):
    season = SeasonFactory(club=club_a)
    client.force_login(alice)
    before = row_counts()
    response = client.post(reverse("organiser:night-new", args=[season.pk]), {
        "name": "Odd", "date": "2026-05-01", "kind": "league-night", "format": value})
    assert response.status_code == 200 and "<script>alert" not in response.content.decode()
    assert row_counts() == before


def test_the_format_cannot_change_once_seated(kings, client, alice):
    client.force_login(alice)
    url = reverse("organiser:night-edit", args=[kings.pk])
    assert "disabled" in client.get(url).content.decode().split('name="format"')[1][:200]
    client.post(url, {"name": kings.name, "date": "2026-03-02", "format": "swiss"})
    assert Event.objects.get(pk=kings.pk).format == "kings"


PREVIEW = {"olga": 200, "alice": 200, "sam": 403, "pat": 403, "bob": 404, "anonymous": 302}


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_clubs_organisers_see_the_dry_run(kings, client, request, persona):
    before = row_counts()
    response = _client(client, request, persona).get(
        reverse("organiser:night-preview", args=[kings.pk]))
    assert response.status_code == PREVIEW[persona]
    assert row_counts() == before, "a dry run stores nothing"


def test_the_dry_run_plays_the_nights_rounds_with_whoever_is_here(kings, client, alice):
    client.force_login(alice)
    url = reverse("organiser:night-preview", args=[kings.pk])
    page = client.get(url, {"rounds": 4, "seed": 9}).content.decode()
    assert page.count('class="round"') == 4 and "King&#x27;s table" in page
    assert "Players: those marked present." in page
    assert page.count("place 1") == 4  # one table of five, four rounds
    again = client.get(url, {"rounds": 4, "seed": 9}).content.decode()
    assert again.split("<h1>")[1] == page.split("<h1>")[1], "the same draw"


@pytest.mark.parametrize("query", [{"rounds": "999"}, {"rounds": "abc", "seed": "-1"},
                                   {"seed": "1" * 40}, {"rounds": "<b>3</b>"}])
def test_odd_dry_run_parameters_fall_back_and_say_why(kings, client, alice, query):
    client.force_login(alice)
    response = client.get(reverse("organiser:night-preview", args=[kings.pk]), query)
    assert response.status_code == 200
    page = response.content.decode()
    assert "<b>3</b>" not in page and page.count('class="round"') == 3
    assert 'class="errorlist' in page


def test_a_dry_run_before_anyone_is_marked_present_uses_the_members(club_a, alice, client,
                                                                     players_a):
    event = EventFactory(club=club_a, format="swiss")
    client.force_login(alice)
    page = client.get(reverse("organiser:night-preview", args=[event.pk])).content.decode()
    assert "every member of the club" in page and page.count('class="round"') == 3


def test_the_big_screen_names_the_kings_table(kings, client, alice):
    from tournaments.services.seating import round_set_published

    round_set_published(rnd=kings.rounds.get(number=1), user=alice)
    client.force_login(alice)
    page = client.get(reverse("tournaments:event-screen", args=[kings.pk])).content.decode()
    assert "Table 1 · King's table" in page
