"""Recomputes owed by a result are written with it and drained later, whatever the broker does."""

import datetime
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError, transaction
from django.utils import timezone

from league.models import PendingRecompute
from league.permissions import SYSTEM
from league.services.followups import followups_request
from rankings import tasks
from rankings.models import PlayerRating, RatingHistory, StandingRow
from rankings.services import followups_drain as drain_module
from rankings.services.followups_drain import followups_drain
from rankings.services.ratings import ratings_recompute
from rankings.services.standings import standings_recompute
from tests.factories import played_record
from tests.league.played_games import T0, night, table_at
from tournaments.models import ResultSource
from tournaments.services.results import result_remove, result_submit


def _reset_broker_pools(app):
    # The producer pool keeps connections to the broker it first saw.
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def broker_down(monkeypatch):
    """Celery publishes for real, to a port where nothing listens."""
    from config.celery import app

    nowhere = "redis://127.0.0.1:9/0"
    saved = {name: app.conf[name] for name in ("task_always_eager", "broker_url")}
    monkeypatch.setenv("CELERY_BROKER_URL", nowhere)  # Celery reads it before its settings
    app.conf.update(task_always_eager=False, broker_url=nowhere)
    _reset_broker_pools(app)
    yield app
    app.conf.update(**saved)
    _reset_broker_pools(app)
    drain_module._broker_failed_at = None  # the pause after a broker error is per process


@pytest.fixture
def tables(club, season, people):
    event = night(club, season)
    return [table_at(event, people[:4]), table_at(event, people[2:], round_number=2)]


def submit(table, seed):
    names = [s.player.display_name for s in table.seats.order_by("position")]
    return result_submit(table=table, record=played_record(seed=seed, seats=names),
                         source=ResultSource.IMPORT, user=SYSTEM,
                         played_at=T0 + datetime.timedelta(hours=seed)).game


def snapshot(season):
    standings = sorted(StandingRow.objects.filter(season=season).values_list(
        "player_id", "rank", "points", "games"))
    ratings = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games"))
    return standings, ratings, RatingHistory.objects.count()


def from_scratch(club, season):
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    return snapshot(season)


def owed():
    return sorted(PendingRecompute.objects.values_list("kind", "target_id"))


# --- written with the result ------------------------------------------------------------------

def test_a_result_writes_what_it_owes_in_its_own_transaction(season, tables):
    game = submit(tables[0], 1)
    assert owed() == [("ratings", game.pk), ("standings", season.pk)]


def test_a_result_rolled_back_owes_nothing(tables):
    with pytest.raises(RuntimeError), transaction.atomic():
        submit(tables[0], 1)
        raise RuntimeError("the caller's transaction fails after the result")
    assert owed() == []


def test_a_removal_owes_the_season_captured_before_the_delete(season, tables, club):
    from league.models import Role
    from tests.factories import MembershipFactory, PlayerFactory, UserFactory

    game = submit(tables[0], 1)
    PendingRecompute.objects.all().delete()
    organiser = UserFactory(username="olga")
    MembershipFactory(club=club, player=PlayerFactory(user=organiser), role=Role.ORGANISER)
    result_remove(actor=organiser, table=tables[0], reason="another night's sheet")
    assert owed() == [("ratings", game.pk), ("standings", season.pk)]


# --- the broker is down -------------------------------------------------------------------------

def test_the_api_answers_201_while_the_broker_is_unreachable_and_the_reconciler_catches_up(
        club, season, tables, token_for_club, broker_down, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    client = APIClient(HTTP_X_FORWARDED_PROTO="https",
                       HTTP_AUTHORIZATION=f"Token {token_for_club}")
    for seed, table in enumerate(tables, start=1):
        names = [s.player.display_name for s in table.seats.order_by("position")]
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/api/v1/tables/{table.pk}/result/",
                                   played_record(seed=seed, seats=names), format="json")
        assert response.status_code == 201
    assert ("standings", season.pk) in owed() and len(owed()) == 4
    assert not StandingRow.objects.exists() and not RatingHistory.objects.exists()

    call_command("drain_followups", verbosity=0)

    assert owed() == []
    drained = snapshot(season)
    assert drained[0] and drained[2] == 8
    assert from_scratch(club, season) == drained


@pytest.fixture
def token_for_club(club):
    from tests.factories import api_token

    return api_token(club)[1]


def test_a_failed_publish_is_logged_not_raised(tables, broker_down, caplog,
                                               django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        submit(tables[0], 1)
    assert broker_down.pool.connection.as_uri().endswith(":9/0")
    assert "periodic drain will pick it up" in caplog.text
    assert len(owed()) == 2


def test_after_a_broker_error_the_next_results_do_not_wait_for_the_broker(
        tables, broker_down, django_capture_on_commit_callbacks):
    with mock.patch.object(tasks.drain_followups, "apply_async",
                           wraps=tasks.drain_followups.apply_async) as publish:
        for seed, table in enumerate(tables, start=1):
            with django_capture_on_commit_callbacks(execute=True):
                submit(table, seed)
    assert publish.call_count == 1  # the second result's kick was skipped
    assert len(set(owed())) == 3  # both results' recomputes are owed all the same


# --- the drain -------------------------------------------------------------------------------

def test_the_drain_coalesces_many_requests_for_one_season(season, tables):
    for table_index, seed in ((0, 1), (1, 2)):
        submit(tables[table_index], seed)
    followups_request(season_ids=[season.pk, season.pk])
    with mock.patch.object(drain_module, "standings_recompute",
                           wraps=standings_recompute) as recompute:
        report = followups_drain()
    assert recompute.call_count == 1
    assert (report.done, report.failed, owed()) == (3, 0, [])


def test_a_request_made_during_the_recompute_stays_owed(season, tables):
    submit(tables[0], 1)

    def recompute_while_a_result_arrives(*, season_id):
        followups_request(season_ids=[season_id])
        return standings_recompute(season_id=season_id)

    with mock.patch.object(drain_module, "standings_recompute",
                           side_effect=recompute_while_a_result_arrives):
        followups_drain(limit=2)
    assert owed() == [("standings", season.pk)]


def test_a_drain_that_hits_a_database_error_retries_and_lands_on_the_numbers(
        club, season, tables, eager_celery):
    submit(tables[0], 1)
    submit(tables[1], 2)
    failures = iter([OperationalError("server closed the connection unexpectedly")])

    def flaky(*, season_id):
        for failure in failures:
            raise failure
        return standings_recompute(season_id=season_id)

    with mock.patch.object(drain_module, "standings_recompute", side_effect=flaky) as call:
        tasks.drain_followups.apply(throw=False)
    assert call.call_count == 2  # the first attempt failed, the task's retry succeeded
    assert owed() == []
    assert from_scratch(club, season) == snapshot(season)


def test_a_database_error_gives_the_rows_back_for_the_retry(tables):
    submit(tables[0], 1)
    broken = OperationalError("the database is gone")
    with mock.patch.object(drain_module, "standings_recompute", side_effect=broken), \
            pytest.raises(OperationalError):
        followups_drain()
    assert ("standings", tables[0].round.event.season_id) in owed()
    assert not PendingRecompute.objects.exclude(claimed_by=None).exists()


def test_another_failure_postpones_only_that_target_with_backoff(season, tables):
    game = submit(tables[0], 1)
    with mock.patch.object(drain_module, "standings_recompute",
                           side_effect=ValueError("a bug")):
        report = followups_drain()
    assert (report.done, report.failed) == (1, 1)
    row = PendingRecompute.objects.get()
    assert (row.kind, row.target_id, row.attempts) == ("standings", season.pk, 1)
    assert "a bug" in row.last_error and row.due_at > timezone.now()
    assert RatingHistory.objects.filter(game=game).count() == 4  # ratings went ahead

    PendingRecompute.objects.update(due_at=timezone.now())  # the backoff is over
    assert followups_drain().done == 1 and owed() == []


def test_rows_claimed_by_a_killed_drain_come_back_when_the_claim_runs_out(season, tables):
    submit(tables[0], 1)
    now = timezone.now()
    PendingRecompute.objects.update(claimed_by="00000000-0000-0000-0000-000000000001",
                                    claimed_until=now + datetime.timedelta(minutes=4))
    assert followups_drain().done == 0 and len(owed()) == 2  # still someone else's
    PendingRecompute.objects.update(claimed_until=now - datetime.timedelta(seconds=1))
    assert followups_drain().done == 2 and owed() == []
    assert StandingRow.objects.filter(season=season).count() == 4


def test_batched_results_ask_for_one_drain_at_the_end(tables, eager_celery,
                                                      django_capture_on_commit_callbacks):
    from league.services.followups import followups_batched

    with mock.patch.object(tasks.drain_followups, "apply_async") as publish:
        with django_capture_on_commit_callbacks(execute=True), followups_batched():
            with django_capture_on_commit_callbacks(execute=True):
                submit(tables[0], 1)
                submit(tables[1], 2)
            assert publish.call_count == 0
    assert publish.call_count == 1 and len(set(owed())) == 3  # 2 games, 1 season
