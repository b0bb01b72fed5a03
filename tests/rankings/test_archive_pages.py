"""A player's own data from their profile page: the download and erasing it."""

import json

import pytest
from django.contrib.auth import get_user_model

from league.models import Player
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_a(club_a, players_a, olga):
    return played_season(club_a, players_a)


def _client(client, user):
    client.force_login(user)
    return client


def test_the_profile_offers_the_download_to_the_player_alone(season_a, pat, alice, client,
                                                             plain_http):
    page = f"/players/{pat.player.pk}/"
    assert "Download my data" in _client(client, pat).get(page).content.decode()
    assert "Download my data" not in _client(client, alice).get(page).content.decode()


def test_the_download_is_a_file_of_the_players_own_part(season_a, pat, alice, client,
                                                        plain_http):
    url = f"/players/{pat.player.pk}/data.json"
    answer = _client(client, pat).get(url)
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    data = json.loads(answer.content)
    assert data["player"] == str(pat.player.uid) and data["account"]["username"] == "pat"
    assert _client(client, alice).get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302  # to the login page


def test_erasing_asks_for_the_password_then_erases_and_logs_out(season_a, pat, client,
                                                                plain_http):
    get_user_model().objects.filter(pk=pat.pk).update(password="")
    pat.set_password("pat's own passphrase")
    pat.save()
    client = _client(client, pat)
    url = f"/players/{pat.player.pk}/erase/"
    wrong = client.post(url, {"password": "guess"})
    assert wrong.status_code == 200 and "That is not your password." in wrong.content.decode()
    assert Player.objects.get(pk=pat.player.pk).display_name == "Pat"
    done = client.post(url, {"password": "pat's own passphrase"})
    assert done.status_code == 302
    player = Player.objects.get(pk=pat.player.pk)
    assert player.display_name.startswith("Erased player") and player.user_id is None
    assert client.get(url).status_code == 302  # logged out: to the login page


def test_the_last_owner_is_told_why_not(season_a, olga, client, plain_http):
    answer = _client(client, olga).get(f"/players/{olga.player.pk}/erase/")
    assert "no other owner" in answer.content.decode()
    assert "erase-my-data" not in answer.content.decode()
