"""Who may export, import and download, and what a broken archive is told."""

import copy
import io
import json

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError

from league.models import Club, Player
from league.permissions import SYSTEM
from rankings.archive.export import club_export, player_export
from rankings.archive.importing import club_import
from tests.factories import row_counts
from tests.rankings.archive_helpers import played_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(club_a, players_a, olga):
    played_season(club_a, players_a)
    return json.loads(json.dumps(club_export(club=club_a, user=SYSTEM)))


def _refusal(archive, **kwargs) -> list[str]:
    before = row_counts()
    with pytest.raises(ValidationError) as caught:
        club_import(archive=archive, user=SYSTEM, **kwargs)
    assert row_counts() == before  # nothing written
    return [message for messages in caught.value.message_dict.values()
            for message in messages]


# --- export and download: who -------------------------------------------------------------


def test_organisers_export_their_club_and_nobody_else_does(club_a, players_a, alice, pat, bob):
    played_season(club_a, players_a)
    assert club_export(club=club_a, user=alice)["clubs"][0]["club"]["slug"] == "club-a"
    for outsider in (pat, bob):
        with pytest.raises(PermissionDenied):
            club_export(club=club_a, user=outsider)


def test_the_archive_names_players_by_stable_ids_and_carries_every_result(archive, club_a):
    part = archive["clubs"][0]
    ids = {player.display_name: str(player.uid)
           for player in Player.objects.filter(memberships__club=club_a)}
    assert {p["name"]: p["id"] for p in part["players"]} == ids
    assert {p["name"]: p["role"] for p in part["players"]}["Olga"] == "owner"
    tables = [t for n in part["nights"] for r in n["rounds"] for t in r["tables"]]
    assert len(tables) == 2 and all(t["result"]["record"]["game"] == "bluke" for t in tables)
    assert all(set(t["seats"]) <= set(ids.values()) for t in tables)
    assert json.dumps(club_export(club=club_a, user=SYSTEM)["clubs"]) == json.dumps(
        archive["clubs"])  # the same ids in every export


def test_a_player_downloads_their_own_part_and_nobody_elses(club_a, players_a, pat, alice):
    played_season(club_a, players_a, nights=3)
    me = pat.player
    data = player_export(player=me, user=pat)
    assert data["scope"] == "player" and data["player"] == str(me.uid)
    assert data["account"]["username"] == "pat"
    part = data["clubs"][0]
    tables = [t for n in part["nights"] for r in n["rounds"] for t in r["tables"]]
    assert tables and all(str(me.uid) in t["seats"] for t in tables)
    assert {row["player"] for row in part["standings"]} == {str(me.uid)}
    assert {row["player"] for row in part["ratings"]} == {str(me.uid)}
    assert all(row["history"] for row in part["ratings"])
    with pytest.raises(PermissionDenied):  # not even an organiser of the player's club
        player_export(player=me, user=alice)


# --- import: what is refused, by place ----------------------------------------------------


def test_a_file_of_another_format_or_version_is_refused(archive):
    assert "version" in _refusal({**archive, "version": 2})[0]
    assert "format" in _refusal({**archive, "format": "something else"})[0]
    assert _refusal([1, 2])


def test_an_unknown_player_at_a_seat_is_named_by_its_place(archive):
    broken = copy.deepcopy(archive)
    broken["clubs"][0]["nights"][1]["rounds"][0]["tables"][0]["seats"][2] = (
        "00000000-0000-4000-8000-000000000000")
    assert _refusal(broken) == [
        "clubs[0].nights[1].rounds[0].tables[0].seats[2]: unknown player "
        "00000000-0000-4000-8000-000000000000"]


def test_a_record_that_breaks_the_rules_is_named_by_its_place(archive):
    broken = copy.deepcopy(archive)
    record = broken["clubs"][0]["nights"][0]["rounds"][0]["tables"][0]["result"]["record"]
    record["hands"][0]["tricks"] = [99, 0, 0, 0]
    problems = _refusal(broken, slug="other")
    assert problems and all(p.startswith("clubs[0].nights[0].rounds[0].tables[0].result.record")
                            for p in problems)


def test_a_wrong_type_and_a_time_without_offset_are_named(archive):
    broken = copy.deepcopy(archive)
    broken["clubs"][0]["players"][0]["name"] = 7
    table = broken["clubs"][0]["nights"][0]["rounds"][0]["tables"][0]
    table["result"]["played_at"] = "2026-03-02T19:00:00"
    problems = _refusal(broken)
    assert any(p.startswith("clubs[0].players[0].name:") for p in problems)
    assert any(p.startswith("clubs[0].nights[0].rounds[0].tables[0].result.played_at:")
               for p in problems)


def test_a_taken_address_is_refused_and_another_one_works(archive, alice):
    assert "club-a" in _refusal(archive)[0]
    report = club_import(archive=archive, user=alice, slug="club-a-copy")
    assert report.club.slug == "club-a-copy" and report.differences == []
    assert report.club.memberships.get(player__user=alice).role == "owner"


def test_a_players_download_is_not_a_club_archive(club_a, players_a, pat):
    played_season(club_a, players_a)
    data = json.loads(json.dumps(player_export(player=pat.player, user=pat)))
    assert _refusal(data)


def test_nobody_logged_out_imports(archive):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PermissionDenied):
        club_import(archive=archive, user=AnonymousUser(), slug="x")


def test_import_club_says_what_is_wrong_and_where(tmp_path, archive):
    broken = copy.deepcopy(archive)
    broken["clubs"][0]["seasons"][0]["game"] = "whist"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(CommandError, match=r"clubs\[0\].seasons\[0\].game: unknown game"):
        call_command("import_club", str(path), "--slug", "x", stdout=io.StringIO(),
                     stderr=io.StringIO())
    path.write_text("{not json")
    with pytest.raises(CommandError, match="is not JSON"):
        call_command("import_club", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert not Club.objects.filter(slug="x").exists()
