"""The admin's erase of players: for superusers, with a confirmation, all or nothing."""

import pytest

from league.models import Player
from tests.factories import UserFactory
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db
URL = "/admin/league/player/"


@pytest.fixture
def root(client, plain_http):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def _erase(client, players, **extra):
    return client.post(URL, {"action": "erase_selected", "_selected_action": [
        p.pk for p in players], **extra})


def test_a_superuser_confirms_then_the_players_are_erased(root, club_a, players_a, olga):
    played_season(club_a, players_a)
    dee = players_a[3]
    asked = _erase(root, [dee])
    assert asked.status_code == 200 and "Erase 1 player" in asked.content.decode()
    assert Player.objects.get(pk=dee.pk).display_name == "Dee"  # not before the confirmation
    done = _erase(root, [dee], post="yes", reason="asked by mail")
    assert done.status_code == 302
    assert Player.objects.get(pk=dee.pk).display_name.startswith("Erased player")


def test_nothing_is_erased_when_one_of_them_cannot_be(root, club_a, players_a, olga):
    _erase(root, [players_a[3], olga.player], post="yes")  # olga owns club A alone
    names = set(Player.objects.filter(pk__in=[players_a[3].pk, olga.player.pk])
                .values_list("display_name", flat=True))
    assert names == {"Dee", "Olga"}


def test_an_organiser_in_the_admin_has_no_such_action(client, plain_http, club_a, alice,
                                                      players_a):
    alice.is_staff = True
    alice.save()
    client.force_login(alice)
    assert "erase_selected" not in client.get(URL).content.decode()
    _erase(client, [players_a[3]], post="yes")
    assert Player.objects.get(pk=players_a[3].pk).display_name == "Dee"
