"""The recompute drain under faults (issue 25 point 7): a connection cut seen as the
driver's own error is retried in seconds, and a long recompute keeps its claim while a
killed worker's claim runs out in seconds."""

import threading
from unittest import mock

import psycopg
import pytest
from django.utils import timezone

from league.models import PendingRecompute
from league.permissions import SYSTEM
from rankings import tasks
from rankings.services import followups_drain as drain_module
from rankings.services.followups_drain import LEASE, followups_drain
from rankings.services.ratings import ratings_update_for_game
from tests.factories import played_record
from tests.league.played_games import night, table_at
from tournaments.models import ResultSource
from tournaments.services.results import result_submit

CUT = psycopg.OperationalError("terminating connection due to administrator command")


@pytest.fixture
def owed(season, people):
    table = table_at(night(season.club, season), people[:4])
    names = [p.display_name for p in people[:4]]
    with mock.patch.object(tasks.drain_followups, "apply_async"):  # no kick: stays owed
        return result_submit(table=table, record=played_record(seed=1, seats=names),
                             source=ResultSource.IMPORT, user=SYSTEM).game


def test_a_raw_driver_error_in_a_ratings_replay_gives_the_rows_back_and_propagates(owed):
    with mock.patch.object(drain_module, "ratings_update_for_game", side_effect=CUT), \
            pytest.raises(psycopg.OperationalError):
        followups_drain()
    rows = PendingRecompute.objects.filter(kind="ratings")
    assert rows.exists()
    assert not rows.exclude(claimed_by=None).exists()  # given back at once
    assert not rows.exclude(attempts=0).exists()  # not postponed like a bug
    assert not rows.filter(due_at__gt=timezone.now()).exists()


def test_the_drain_task_retries_a_raw_driver_error_and_finishes(owed, eager_celery):
    failures = iter([CUT])

    def flaky(*, game_id):
        for failure in failures:
            raise failure
        return ratings_update_for_game(game_id=game_id)

    with mock.patch.object(drain_module, "ratings_update_for_game", side_effect=flaky) as call:
        tasks.drain_followups.apply(throw=False)
    assert call.call_count == 2  # the task's retry, not the 10 s postponement
    assert not PendingRecompute.objects.exists()


def test_a_killed_drains_claim_runs_out_within_half_a_minute():
    assert LEASE.total_seconds() <= 30


@pytest.mark.django_db(transaction=True)
def test_a_long_recompute_renews_its_claim_so_no_other_drain_takes_it(owed, monkeypatch):
    monkeypatch.setattr(drain_module, "RENEW_EVERY", 0.01)
    first_claim = {}
    renewed = threading.Event()

    def slow(*, game_id):
        row = PendingRecompute.objects.filter(kind="ratings").first()
        first_claim.setdefault("until", row.claimed_until)
        for _ in range(500):  # until the other thread has moved the claim on
            if PendingRecompute.objects.filter(
                    kind="ratings", claimed_until__gt=first_claim["until"]).exists():
                renewed.set()
                break
            renewed.wait(0.01)
        return ratings_update_for_game(game_id=game_id)

    with mock.patch.object(drain_module, "ratings_update_for_game", side_effect=slow):
        followups_drain()
    assert renewed.is_set()
    assert not PendingRecompute.objects.exists()
