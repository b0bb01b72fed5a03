"""A real Celery worker process against the configured broker (Redis in CI)."""

import uuid

import pytest
from django.conf import settings
from django.db import connection

from config.celery import ping
from tests.celery_workers import start_worker, stop_worker, wait_for, worker_database_url


@pytest.fixture
def broker():
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("no broker configured (set CELERY_BROKER_URL to run a real worker)")
    return f"test-{uuid.uuid4().hex[:8]}"


@pytest.mark.celery_worker
def test_a_real_worker_runs_a_task_and_returns_its_result(broker):
    worker = start_worker(broker)
    try:
        assert ping.apply_async(queue=broker).get(timeout=60) == "pong"
    finally:
        stop_worker(worker)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_recomputes_standings_from_the_database(broker):
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared database server (PostgreSQL)")
    from league.models import Club, Player, Season
    from rankings.models import StandingRow
    from rankings.tasks import recompute_standings
    from tests.league.played_games import T0, night, record_game, table_at

    club = Club.objects.create(name="Worker Club", slug="worker-club")
    season = Season.objects.create(club=club, name="Spring", game="bluke", starts_on=T0.date())
    people = [Player.objects.create(display_name=n) for n in ("Ann", "Bob", "Cy", "Di")]
    record_game(table_at(night(club, season), people), totals=[40, 30, 20, 10])
    worker = start_worker(broker, DATABASE_URL=worker_database_url())
    try:
        assert recompute_standings.apply_async((season.pk,), queue=broker).get(timeout=90) == 4
    finally:
        stop_worker(worker)
    ranks = dict(StandingRow.objects.filter(season=season)
                 .values_list("player__display_name", "rank"))
    assert ranks == {"Ann": 1, "Bob": 2, "Cy": 3, "Di": 4}


def _wait_until_drained(seconds: float = 90) -> None:
    """Poll the outbox until the worker has emptied it."""
    from league.models import PendingRecompute

    wait_for(lambda: not PendingRecompute.objects.exists(), seconds,
             "the worker did not drain the owed recomputes")


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_drains_what_results_owe_through_redis(broker):
    """Results write their owed recomputes; the after-commit kick goes through Redis to a
    worker, which lands on the numbers of a from-scratch recompute."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared database server (PostgreSQL)")
    from functools import partial
    from unittest import mock

    from league.models import Club, PendingRecompute, Player, Season
    from league.permissions import SYSTEM
    from rankings import tasks
    from rankings.models import PlayerRating, StandingRow
    from rankings.services.ratings import ratings_recompute
    from rankings.services.standings import standings_recompute
    from tests.factories import played_record
    from tests.league.played_games import T0, night, table_at
    from tournaments.services.results import result_submit

    club = Club.objects.create(name="Outbox Club", slug="outbox-club")
    season = Season.objects.create(club=club, name="Spring", game="bluke", starts_on=T0.date())
    people = [Player.objects.create(display_name=n) for n in ("Ann", "Bob", "Cy", "Di", "Ed")]
    event = night(club, season)
    tables = [table_at(event, people[:4]), table_at(event, people[1:], round_number=2)]

    def stored():
        rows = sorted(StandingRow.objects.filter(season=season)
                      .values_list("player_id", "rank", "points", "games"))
        return rows, sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma"))

    worker = start_worker(broker, DATABASE_URL=worker_database_url())
    kick = partial(tasks.drain_followups.apply_async, queue=broker)
    try:
        with mock.patch.object(tasks.drain_followups, "apply_async", side_effect=kick):
            for seed, table in enumerate(tables, start=1):
                names = [s.player.display_name for s in table.seats.order_by("position")]
                result_submit(table=table, record=played_record(seed=seed, seats=names),
                              source="import", user=SYSTEM)
        assert PendingRecompute.objects.exists() or StandingRow.objects.exists()
        _wait_until_drained()
    finally:
        stop_worker(worker)
    drained = stored()
    assert len(drained[0]) == 5 and len(drained[1]) == 5
    standings_recompute(season_id=season.pk)
    ratings_recompute(club_id=club.pk)
    assert stored() == drained
