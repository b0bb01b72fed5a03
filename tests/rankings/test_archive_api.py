"""The archive's API: /clubs/{id}/archive/, /clubs/import/, /players/{id}/data/."""

import pytest

from league.models import Club
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_a(club_a, players_a, olga):
    return played_season(club_a, players_a)


def test_an_organiser_gets_the_archive_and_others_do_not(club_a, season_a, client_as):
    url = f"/api/v1/clubs/{club_a.pk}/archive/"
    answer = client_as("alice").get(url)
    assert answer.status_code == 200
    assert answer.json()["clubs"][0]["club"]["slug"] == "club-a"
    assert client_as("pat").get(url).status_code == 403  # a member, not an organiser
    assert client_as("bob").get(url).status_code == 404  # a private club he cannot see
    assert client_as("anonymous").get(url).status_code == 404


def test_a_club_token_does_not_export_its_own_club(club_b, players_b, client_as):
    played_season(club_b, players_b)
    assert client_as("token_b").get(f"/api/v1/clubs/{club_b.pk}/archive/").status_code == 403


def test_an_archive_posted_back_makes_a_new_club_its_importer_owns(
        club_a, season_a, alice, client_as, eager_celery, django_capture_on_commit_callbacks):
    client = client_as("alice")
    archive = client.get(f"/api/v1/clubs/{club_a.pk}/archive/").json()
    body = {"archive": archive, "slug": "club-a-2", "name": "Club A again"}
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/api/v1/clubs/import/", body, format="json",
                             HTTP_IDEMPOTENCY_KEY="import-1")
    assert answer.status_code == 202, answer.content
    report = client.get(answer.json()["status_url"]).json()["result"]
    assert report["slug"] == "club-a-2" and report["results"] == 2
    assert report["differences"] == []
    again = client.post("/api/v1/clubs/import/", body, format="json",
                        HTTP_IDEMPOTENCY_KEY="import-1")
    assert again.status_code == 202 and again.json() == answer.json()  # replayed
    assert Club.objects.filter(name="Club A again").count() == 1
    club = Club.objects.get(slug="club-a-2")
    assert club.memberships.get(player__user=alice).role == "owner"


def test_a_broken_archive_gets_400_naming_the_place(club_a, season_a, client_as):
    client = client_as("alice")
    archive = client.get(f"/api/v1/clubs/{club_a.pk}/archive/").json()
    archive["clubs"][0]["nights"][0]["rounds"][0]["tables"][0]["seats"][0] = "nobody"
    answer = client.post("/api/v1/clubs/import/", {"archive": archive, "slug": "x"},
                         format="json")
    assert answer.status_code == 400
    assert "clubs[0].nights[0].rounds[0].tables[0].seats[0]" in str(answer.json())
    assert not Club.objects.filter(slug="x").exists()


def test_import_needs_a_login_and_no_token(club_a, season_a, client_as):
    for persona in ("anonymous", "token_b"):
        answer = client_as(persona).post("/api/v1/clubs/import/", {"archive": {}},
                                         format="json")
        assert answer.status_code in (401, 403)


def test_a_player_downloads_their_own_data_only(club_a, season_a, pat, client_as):
    url = f"/api/v1/players/{pat.player.pk}/data/"
    answer = client_as("pat").get(url)
    assert answer.status_code == 200
    assert answer.json()["player"] == str(pat.player.uid)
    assert client_as("alice").get(url).status_code == 403
    assert client_as("bob").get(url).status_code == 404


def test_a_large_archive_is_read_past_the_usual_body_limit(club_a, season_a, client_as,
                                                           settings):
    client = client_as("alice")
    archive = client.get(f"/api/v1/clubs/{club_a.pk}/archive/").json()
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000  # far below the archive's size
    body = {"archive": archive, "slug": "big-copy"}
    assert client.post("/api/v1/clubs/import/", body, format="json").status_code == 202
    assert client.post("/api/v1/clubs/", {"name": "x" * 2000}, format="json"
                       ).status_code == 413  # other endpoints keep the usual limit


def test_an_archive_past_its_own_limit_gets_413(club_a, season_a, client_as, monkeypatch):
    from rankings.api import archive as api

    monkeypatch.setattr(api, "ARCHIVE_BYTES", 1000)
    client = client_as("alice")
    archive = client.get(f"/api/v1/clubs/{club_a.pk}/archive/").json()
    answer = client.post("/api/v1/clubs/import/", {"archive": archive}, format="json")
    assert answer.status_code == 413 and "1000 bytes" in answer.json()["detail"]
