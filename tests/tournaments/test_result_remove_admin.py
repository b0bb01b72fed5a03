"""Deleting games in the admin goes through result_remove: a reason, and standings follow."""

import pytest
from django.urls import reverse

from league.models import AuditEntry
from league.permissions import SYSTEM
from rankings.models import StandingRow
from tests.factories import SeasonFactory, UserFactory, played_record, row_counts, seated_table
from tournaments.models import EventStatus, TableResult
from tournaments.services.results import result_submit

pytestmark = pytest.mark.usefixtures("plain_http")


@pytest.fixture
def root(db):
    return UserFactory(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def two_games(club_b, players_b, eager_celery, django_capture_on_commit_callbacks):
    """Two results of one league night of club B's season, standings computed."""
    season = SeasonFactory(club=club_b)
    first = seated_table(club_b, players_b)
    first.round.event.season = season
    first.round.event.save()
    second = seated_table(club_b, players_b, round=first.round)
    games = []
    for seed, table in enumerate([first, second], start=1):
        with django_capture_on_commit_callbacks(execute=True):
            games.append(result_submit(table=table, record=played_record(seed=seed),
                                       source="bot", user=SYSTEM).game)
    assert {r.games for r in StandingRow.objects.filter(season=season)} == {2}
    return games


def delete_url(game):
    return reverse("admin:tournaments_tableresult_delete", args=[game.pk])


def test_the_delete_page_asks_for_a_reason(client, root, two_games):
    client.force_login(root)
    page = client.get(delete_url(two_games[0])).content.decode()
    assert 'name="reason"' in page and "Remove this result" in page


def test_a_delete_without_a_reason_removes_nothing(client, root, two_games):
    client.force_login(root)
    before = row_counts()
    response = client.post(delete_url(two_games[0]), {"post": "yes"}, follow=True)
    assert "Not removed: Removing a result needs a reason." in response.content.decode()
    assert row_counts() == before


def test_a_delete_with_a_reason_removes_through_the_service(
        client, root, two_games, django_capture_on_commit_callbacks):
    client.force_login(root)
    gone, kept = two_games
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(delete_url(gone), {"post": "yes", "reason": "test entry"})
    assert response.status_code == 302
    assert list(TableResult.objects.values_list("pk", flat=True)) == [kept.pk]
    entry = AuditEntry.objects.get(action="result.remove")
    assert (entry.actor, entry.reason, entry.target_id) == (root, "test entry", gone.pk)
    season = gone.table.round.event.season
    assert {r.games for r in StandingRow.objects.filter(season=season)} == {1}


def test_a_closed_nights_game_is_not_deleted(client, root, two_games):
    event = two_games[0].table.round.event
    event.status = EventStatus.CLOSED
    event.save()
    client.force_login(root)
    before = row_counts()
    response = client.post(delete_url(two_games[0]), {"post": "yes", "reason": "x"},
                           follow=True)
    assert "is closed" in response.content.decode()
    assert row_counts() == before


def test_the_bulk_action_asks_for_a_reason_then_removes_all(
        client, root, two_games, django_capture_on_commit_callbacks):
    client.force_login(root)
    url = reverse("admin:tournaments_tableresult_changelist")
    actions = client.get(url).context["action_form"].fields["action"].choices
    assert "delete_selected" not in [name for name, _ in actions]
    selected = {"action": "remove_selected_results", "_selected_action": [
        g.pk for g in two_games]}
    page = client.post(url, selected).content.decode()
    assert 'name="reason"' in page and "Remove 2 results" in page
    before = row_counts()
    client.post(url, {**selected, "post": "yes"}, follow=True)
    assert row_counts() == before  # no reason: nothing removed
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {**selected, "post": "yes", "reason": "test night"},
                               follow=True)
    assert "Removed 2 results" in response.content.decode()
    assert not TableResult.objects.exists()
    assert AuditEntry.objects.filter(action="result.remove").count() == 2
    season = two_games[0].table.round.event.season
    assert not StandingRow.objects.filter(season=season).exists()


def test_the_bulk_action_removes_nothing_if_one_game_may_not_go(client, root, two_games,
                                                                club_a, players_a):
    closed = seated_table(club_a, players_a)
    game = result_submit(table=closed, record=played_record(seed=4, seats=[
        "Alice", "Sam", "Pat", "Dee"]), source="bot", user=SYSTEM).game
    closed.round.event.status = EventStatus.CLOSED
    closed.round.event.save()
    client.force_login(root)
    before = row_counts()
    response = client.post(reverse("admin:tournaments_tableresult_changelist"), {
        "action": "remove_selected_results", "post": "yes", "reason": "cleanup",
        "_selected_action": [two_games[0].pk, game.pk]}, follow=True)
    assert "Nothing removed" in response.content.decode()
    assert row_counts() == before


def test_organisers_still_cannot_delete_games_in_the_admin(client, alice, table_a):
    alice.is_staff = True
    alice.save()
    game = result_submit(table=table_a, record=played_record(seed=3, seats=[
        "Alice", "Sam", "Pat", "Dee"]), source="bot", user=SYSTEM).game
    client.force_login(alice)
    assert client.post(delete_url(game), {"post": "yes", "reason": "x"}).status_code == 403
    assert TableResult.objects.filter(pk=game.pk).exists()


# --- deletes that take results with them ------------------------------------------------------


def standings_games(season):
    return sorted(StandingRow.objects.filter(season=season).values_list("games", flat=True))


def test_deleting_a_table_recomputes_its_seasons_standings(
        client, root, two_games, django_capture_on_commit_callbacks):
    client.force_login(root)
    gone = two_games[0]
    season = gone.table.round.event.season
    url = reverse("admin:tournaments_table_delete", args=[gone.table_id])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"post": "yes"}).status_code == 302
    assert standings_games(season) == [1, 1, 1, 1]
    assert AuditEntry.objects.get(action="result.remove").target_id == gone.pk


def test_deleting_events_in_bulk_empties_their_seasons_standings(
        client, root, two_games, django_capture_on_commit_callbacks):
    client.force_login(root)
    event = two_games[0].table.round.event
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("admin:tournaments_event_changelist"), {
            "action": "delete_selected", "post": "yes", "_selected_action": [event.pk]})
    assert not TableResult.objects.exists()
    assert standings_games(event.season) == []
    assert AuditEntry.objects.filter(action="result.remove").count() == 2


def test_deleting_a_table_row_of_a_round_recomputes_the_standings(
        client, root, two_games, django_capture_on_commit_callbacks):
    client.force_login(root)
    rnd = two_games[0].table.round
    url = reverse("admin:tournaments_round_change", args=[rnd.pk])
    data = {"event": rnd.event_id, "number": rnd.number, "published": "",
            "tables-TOTAL_FORMS": "2", "tables-INITIAL_FORMS": "2",
            "tables-MIN_NUM_FORMS": "0", "tables-MAX_NUM_FORMS": "1000"}
    for i, game in enumerate(two_games):
        table = game.table
        data.update({f"tables-{i}-id": table.pk, f"tables-{i}-round": rnd.pk,
                     f"tables-{i}-number": table.number, f"tables-{i}-game": table.game,
                     f"tables-{i}-options": "{}", f"tables-{i}-first_dealer": "0"})
    data["tables-1-DELETE"] = "on"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, data)
    assert response.status_code == 302, response.context["errors"] if response.context else ""
    assert list(TableResult.objects.values_list("pk", flat=True)) == [two_games[0].pk]
    assert standings_games(rnd.event.season) == [1, 1, 1, 1]


def test_a_closed_nights_round_page_offers_no_table_deletes(client, root, two_games):
    rnd = two_games[0].table.round
    url = reverse("admin:tournaments_round_change", args=[rnd.pk])
    client.force_login(root)
    assert "-DELETE" in client.get(url).content.decode()  # open night: rows may go
    rnd.event.status = EventStatus.CLOSED
    rnd.event.save()
    assert "-DELETE" not in client.get(url).content.decode()
