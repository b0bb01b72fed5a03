"""The API's club import runs in the background, whatever the archive's size: 202 and a
status URL with progress, all or nothing, the same request sent again imported once, a
redelivered task harmless, a lost one resumed. Run on PostgreSQL too (DATABASE_URL)."""

import copy
import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from league.models import Club, Player
from rankings.archive import jobs
from rankings.models import ClubImport, ImportState
from rankings.tasks import import_club
from tests.rankings.archive_helpers import played_season
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/clubs/import/"
MANY = 260  # past the 250 results the API used to import on a request


@pytest.fixture
def archive(club_a, players_a, olga, client_as):
    played_season(club_a, players_a)
    return client_as("alice").get(f"/api/v1/clubs/{club_a.pk}/archive/").json()


def grown(archive: dict, results: int) -> dict:
    """The archive with its nights repeated week after week until it holds `results`
    results (each night has one table with a complete game)."""
    archive = copy.deepcopy(archive)
    part = archive["clubs"][0]
    first = part["nights"]
    nights = []
    for n in range(results):
        night = copy.deepcopy(first[n % len(first)])
        shift = datetime.timedelta(days=7 * (n // len(first)))
        night["date"] = (datetime.date.fromisoformat(night["date"]) + shift).isoformat()
        night["name"] = f"Night {n + 1}"
        for round in night["rounds"]:
            for table in round["tables"]:
                if table["result"]:
                    played = datetime.datetime.fromisoformat(table["result"]["played_at"])
                    table["result"]["played_at"] = (played + shift).isoformat()
                    table["result"]["order"] = n
        nights.append(night)
    part["nights"] = nights
    return archive


def post(client, archive, slug, capture, *, execute=True, **headers):
    with capture(execute=execute):
        return client.post(IMPORT, {"archive": archive, "slug": slug}, format="json", **headers)


def test_an_archive_of_more_than_250_results_is_imported_in_the_background(
        archive, client_as, eager_celery, django_capture_on_commit_callbacks):
    client = client_as("alice")
    answer = post(client, grown(archive, MANY), "big", django_capture_on_commit_callbacks)
    assert answer.status_code == 202, answer.content
    task = answer.json()["task"]
    assert task["state"] == "PENDING" and task["progress"] == {"done": 0, "total": MANY}
    assert answer["Location"] == answer.json()["status_url"]
    status = client.get(answer.json()["status_url"]).json()
    assert status["state"] == "SUCCESS" and status["ready"]
    assert status["progress"] == {"done": MANY, "total": MANY}
    assert status["result"]["results"] == MANY and status["result"]["slug"] == "big"
    club = Club.objects.get(slug="big")
    assert TableResult.objects.filter(table__round__event__club=club).count() == MANY
    assert club.memberships.get(player__user__username="alice").role == "owner"
    assert ClubImport.objects.get().archive == {}  # not kept once imported


def test_the_progress_is_seen_while_the_import_runs(archive, alice, monkeypatch,
                                                    django_capture_on_commit_callbacks):
    from rankings.archive import importing

    seen, submit = [], importing.result_submit
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.club_import_request(archive=grown(archive, 12), user=alice, slug="seen")

    def watched(**kwargs):
        seen.append(jobs.club_import_status(ClubImport.objects.get(pk=job.pk)))
        return submit(**kwargs)

    monkeypatch.setattr(importing, "result_submit", watched)
    jobs.club_import_run(import_id=job.pk)
    assert [s["state"] for s in seen] == ["STARTED"] * 12
    assert [s["progress"]["done"] for s in seen] == list(range(12))
    assert jobs.club_import_status(ClubImport.objects.get(pk=job.pk))["state"] == "SUCCESS"


def test_a_result_refused_at_the_end_leaves_nothing_and_the_status_names_its_place(
        archive, client_as, eager_celery, django_capture_on_commit_callbacks):
    big = grown(archive, MANY)
    last = big["clubs"][0]["nights"][-1]["rounds"][0]["tables"][0]["result"]
    last["record"]["totals"] = [1, 2, 3, 4]  # not what the hands score: the rules core refuses
    clubs, players = Club.objects.count(), Player.objects.count()
    client = client_as("alice")
    answer = post(client, big, "broken", django_capture_on_commit_callbacks)
    assert answer.status_code == 202
    status = client.get(answer.json()["status_url"]).json()
    assert status["state"] == "FAILURE" and status["ready"] and status["result"] is None
    assert f"clubs[0].nights[{MANY - 1}].rounds[0].tables[0].result.record" in status["error"]
    assert status["errors"]["archive"]
    assert (Club.objects.count(), Player.objects.count()) == (clubs, players)  # all or nothing
    assert not Club.objects.filter(slug="broken").exists()


def test_the_same_request_sent_again_is_imported_once(
        archive, client_as, eager_celery, django_capture_on_commit_callbacks):
    client = client_as("alice")
    big = grown(archive, 8)
    first = post(client, big, "twice", django_capture_on_commit_callbacks, execute=False)
    again = post(client, big, "twice", django_capture_on_commit_callbacks, execute=False)
    assert again.json()["task"]["id"] == first.json()["task"]["id"]  # pending: the same one
    import_club.delay(first.json()["task"]["id"])
    after = post(client, big, "twice", django_capture_on_commit_callbacks)
    assert after.status_code == 202 and after.json()["task"]["id"] == first.json()["task"]["id"]
    assert after.json()["task"]["state"] == "SUCCESS"  # done: still the same one
    assert Club.objects.filter(slug="twice").count() == 1 and ClubImport.objects.count() == 1


def test_an_idempotency_key_replays_the_first_answer(
        archive, client_as, eager_celery, django_capture_on_commit_callbacks):
    client = client_as("alice")
    big = grown(archive, 4)
    first = post(client, big, "keyed", django_capture_on_commit_callbacks,
                 HTTP_IDEMPOTENCY_KEY="import-1")
    again = post(client, big, "keyed", django_capture_on_commit_callbacks,
                 HTTP_IDEMPOTENCY_KEY="import-1")
    assert again.status_code == 202 and again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Club.objects.filter(slug="keyed").count() == 1


def test_another_archive_for_an_address_being_imported_is_refused(
        archive, client_as, django_capture_on_commit_callbacks):
    client = client_as("alice")
    assert post(client, grown(archive, 4), "taken", django_capture_on_commit_callbacks,
                execute=False).status_code == 202
    answer = post(client, grown(archive, 6), "taken", django_capture_on_commit_callbacks,
                  execute=False)
    assert answer.status_code == 400 and "being imported" in str(answer.json())
    assert ClubImport.objects.count() == 1


def test_a_redelivered_task_does_nothing_more(archive, alice, eager_celery,
                                              django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.club_import_request(archive=grown(archive, 4), user=alice, slug="once")
    assert import_club.delay(str(job.pk)).get() == ImportState.DONE
    assert Club.objects.filter(slug="once").count() == 1


def test_a_lost_or_abandoned_import_is_resumed(archive, alice, eager_celery,
                                               django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # the message is lost
        job = jobs.club_import_request(archive=grown(archive, 4), user=alice, slug="lost")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("resume_club_imports", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert ClubImport.objects.get(pk=job.pk).state == ImportState.QUEUED  # too recent
    long_ago = timezone.now() - jobs.STALE - datetime.timedelta(minutes=1)
    ClubImport.objects.filter(pk=job.pk).update(state=ImportState.RUNNING, started_at=long_ago)
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs.club_imports_resume() == 1  # its worker died two hours ago
    assert ClubImport.objects.get(pk=job.pk).state == ImportState.DONE
    assert Club.objects.filter(slug="lost").count() == 1


def test_a_running_import_is_not_taken_from_its_worker(archive, alice,
                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        job = jobs.club_import_request(archive=grown(archive, 4), user=alice, slug="busy")
    ClubImport.objects.filter(pk=job.pk).update(state=ImportState.RUNNING,
                                                started_at=timezone.now())
    assert jobs.club_import_run(import_id=job.pk).state == ImportState.RUNNING
    assert not Club.objects.filter(slug="busy").exists()


def test_only_the_sender_sees_an_import(archive, client_as, django_capture_on_commit_callbacks):
    answer = post(client_as("alice"), grown(archive, 4), "mine",
                  django_capture_on_commit_callbacks, execute=False)
    url = answer.json()["status_url"]
    assert client_as("alice").get(url).status_code == 200
    for persona in ("bob", "pat", "anonymous", "token_b"):  # not confirmed to exist
        assert client_as(persona).get(url).status_code == 404
    assert client_as("alice").get(IMPORT + "not-a-uuid/").status_code == 404
