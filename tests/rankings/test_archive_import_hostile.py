"""Hostile input to the API's club import (POST /api/v1/clubs/import/, GET …/import/<id>/):
wrong types, NUL characters, oversized fields, broken JSON, another person's import, and a
replayed request. Each is refused with a 4xx that names the place, and nothing is queued."""

import copy
import json

import pytest

from league.models import Club
from rankings.models import ClubImport
from tests.factories import row_counts
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/clubs/import/"


@pytest.fixture
def archive(club_a, players_a, olga, client_as):
    played_season(club_a, players_a, nights=1)
    return client_as("alice").get(f"/api/v1/clubs/{club_a.pk}/archive/").json()


def _with(archive, path, value):
    """A copy of the archive with the value at `path` (keys and indexes) replaced."""
    archive = copy.deepcopy(archive)
    place = archive
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return archive


BODIES = {
    # name: (body built from a good archive, a word the refusal names)
    "archive a string": (lambda a: {"archive": "everything"}, "archive"),
    "archive a list": (lambda a: {"archive": [a]}, "archive"),
    "archive a number": (lambda a: {"archive": 12}, "archive"),
    "archive missing": (lambda a: {"slug": "x"}, "archive"),
    "slug a list": (lambda a: {"archive": a, "slug": ["x"]}, "slug"),
    "slug with a NUL": (lambda a: {"archive": a, "slug": "ab\x00cd"}, "slug"),
    "slug too long": (lambda a: {"archive": a, "slug": "s" * 61}, "slug"),
    "slug not a slug": (lambda a: {"archive": a, "slug": "../admin"}, "slug"),
    "name with a NUL": (lambda a: {"archive": a, "name": "Club\x00"}, "name"),
    "name too long": (lambda a: {"archive": a, "name": "n" * 121}, "name"),
    "name an object": (lambda a: {"archive": a, "name": {"x": 1}}, "name"),
    "a club's name with a NUL": (
        lambda a: {"archive": _with(a, ["clubs", 0, "name"], "A\x00B")}, "clubs[0]"),
    "a club's nights an object": (
        lambda a: {"archive": _with(a, ["clubs", 0, "nights"], {"0": {}})}, "clubs[0]"),
    "a night's date not a date": (
        lambda a: {"archive": _with(a, ["clubs", 0, "nights", 0, "date"], "yesterday")},
        "clubs[0].nights[0]"),
    "a seat a number": (
        lambda a: {"archive": _with(a, ["clubs", 0, "nights", 0, "rounds", 0, "tables", 0,
                                        "seats", 0], 7)},
        "clubs[0].nights[0].rounds[0].tables[0].seats[0]"),
    "a player's name huge": (
        lambda a: {"archive": _with(a, ["clubs", 0, "players", 0, "name"], "P" * 100_000)},
        "clubs[0].players[0]"),
    "the format unknown": (lambda a: {"archive": _with(a, ["format"], "zip")}, "format"),
    "the top level a list": (lambda a: [a], ""),
}


@pytest.mark.parametrize("name", sorted(BODIES))
def test_a_hostile_body_is_refused_by_name_and_queues_nothing(archive, client_as, name):
    body, place = BODIES[name]
    before = row_counts()
    answer = client_as("alice").post(IMPORT, body(archive), format="json")
    assert answer.status_code == 400, answer.content[:300]
    assert place in json.dumps(answer.json()), answer.json()
    assert row_counts() == before


RAW = {
    "broken JSON": b'{"archive": {',
    "not UTF-8": b'{"archive": "\xff\xfe"}',
    "a NUL escape in a key": b'{"arch\\u0000ive": {}}',
    "nested too deep": b'{"archive": ' + b"[" * 5000 + b"]" * 5000 + b"}",
}


@pytest.mark.parametrize("name", sorted(RAW))
def test_a_body_that_is_not_safe_json_is_refused(archive, client_as, name):
    before = row_counts()
    answer = client_as("alice").post(IMPORT, RAW[name], content_type="application/json")
    assert answer.status_code == 400, answer.content[:300]
    assert answer.json()["detail"]
    assert row_counts() == before


def test_a_form_encoded_body_is_refused_as_the_wrong_media_type(archive, client_as):
    answer = client_as("alice").post(IMPORT, {"archive": "x"}, format="multipart")
    assert answer.status_code == 415
    assert not ClubImport.objects.exists()


def test_a_replayed_request_and_a_replayed_key_give_the_same_import(
        archive, client_as, django_capture_on_commit_callbacks):
    client = client_as("alice")
    body = {"archive": archive, "slug": "replayed"}
    with django_capture_on_commit_callbacks(execute=False):
        first = client.post(IMPORT, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
        again = client.post(IMPORT, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
        plain = client.post(IMPORT, body, format="json")
        other = client.post(IMPORT, {**body, "slug": "other"}, format="json",
                            HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == plain.status_code == 202
    assert again.json() == first.json()
    assert plain.json()["task"]["id"] == first.json()["task"]["id"]
    assert other.status_code == 422  # the same key with another body
    assert ClubImport.objects.count() == 1 and not Club.objects.filter(slug="other").exists()


@pytest.mark.parametrize("import_id", ["0", "not-a-uuid", "%00", "A" * 500,
                                       "00000000-0000-0000-0000-000000000000"])
def test_a_hostile_import_id_is_not_found(archive, client_as, import_id):
    answer = client_as("alice").get(f"{IMPORT}{import_id}/")
    assert answer.status_code == 404


def test_another_persons_import_is_not_found_even_to_the_clubs_owner(
        archive, client_as, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        sent = client_as("alice").post(IMPORT, {"archive": archive, "slug": "alices"},
                                       format="json")
    url = sent.json()["status_url"]
    for persona in ("olga", "sam", "pat", "bob", "token_b", "anonymous"):
        assert client_as(persona).get(url).status_code in (401, 403, 404), persona
