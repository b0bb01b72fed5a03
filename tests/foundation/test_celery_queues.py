"""Queues by kind (issue 25 point 4): the recompute drain and the bot tables go to
different queues, served by different worker pools, so one club's long bot tables do not
hold up another club's standings."""

from functools import partial
from unittest import mock

import pytest
from django.db import connection

from config.celery import app
from tests.celery_workers import start_worker, wait_for, worker_database_url
from tests.foundation.test_celery_worker import broker  # noqa: F401 (a fixture)
from tests.foundation.test_compose import load_compose


def _queue_of(task_name: str) -> str:
    return app.amqp.router.route({}, task_name)["queue"].name


def test_recomputes_bots_and_the_rest_are_routed_to_their_own_queues():
    assert _queue_of("league.drain_followups") == "followups"
    assert _queue_of("league.update_ratings") == "followups"
    assert _queue_of("league.recompute_standings") == "followups"
    assert _queue_of("tournaments.play_bot_table") == "bots"
    assert _queue_of("tournaments.plan_event_seating") == "bots"
    assert _queue_of("tournaments.online_bot_moves") == "online"
    assert _queue_of("tournaments.online_sweep") == "online"
    assert _queue_of("league.prune_idempotency_keys") == "celery"


def test_each_queue_has_its_own_worker_pool_in_the_compose_file():
    services = load_compose()["services"]
    consumed = {}
    for name, service in services.items():
        command = service.get("command", "")
        if "worker" in command and "-Q" in command:
            queues = command.split("-Q", 1)[1].split()[0]
            for queue in queues.split(","):
                consumed.setdefault(queue, []).append(name)
    assert consumed == {"followups": ["worker-followups"], "bots": ["worker-bots"],
                        "online": ["worker-online"], "celery": ["worker"]}


def _bot_tables(club, count: int):
    """`count` Ribs tables of ten search bots each: minutes of work per table."""
    from league.models import Role
    from tests.factories import EventFactory, RoundFactory, TableFactory
    from tournaments.models import Seat
    from tournaments.services.bots import table_fill_with_bots

    organiser = club.memberships.get(role=Role.ORGANISER).player.user
    round_ = RoundFactory(event=EventFactory(club=club, game="ribs"))
    tables = []
    for number in range(1, count + 1):
        table = TableFactory(round=round_, number=number, game="ribs")
        Seat.objects.bulk_create(Seat(table=table, position=i) for i in range(10))
        table_fill_with_bots(table=table, user=organiser, strength="search")
        tables.append(table)
    return tables


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_one_clubs_bot_tables_do_not_hold_up_another_clubs_standings(broker):  # noqa: F811
    if connection.vendor != "postgresql":
        pytest.skip("the worker processes need a shared database server (PostgreSQL)")
    from league.models import Club, Membership, PendingRecompute, Player, Role, Season
    from league.permissions import SYSTEM
    from rankings import tasks as rankings_tasks
    from rankings.models import StandingRow
    from tests.factories import UserFactory, played_record
    from tests.league.played_games import T0, night, table_at
    from tournaments import tasks as tournament_tasks
    from tournaments.models import BotPlay, TableResult
    from tournaments.services.results import result_submit

    bot_club = Club.objects.create(name="Bot Club", slug="bot-club")
    Membership.objects.create(club=bot_club, role=Role.ORGANISER,
                              player=Player.objects.create(display_name="Org",
                                                           user=UserFactory()))
    bot_tables = _bot_tables(bot_club, 3)
    club = Club.objects.create(name="Busy Night", slug="busy-night")
    season = Season.objects.create(club=club, name="Spring", game="bluke",
                                   starts_on=T0.date())
    people = [Player.objects.create(display_name=n) for n in ("Ann", "Bob", "Cy", "Di")]
    table = table_at(night(club, season), people)

    # One single-process worker per queue the routes name, as in the compose file; the
    # queue names get this run's prefix so no other worker on the broker takes them.
    bot_queue = f"{broker}-{_queue_of('tournaments.play_bot_table')}"
    drain_queue = f"{broker}-{_queue_of('league.drain_followups')}"
    env = {"DATABASE_URL": worker_database_url()}
    workers = [start_worker(queue, **env) for queue in sorted({bot_queue, drain_queue})]
    try:
        for bot_table in bot_tables:
            tournament_tasks.play_bot_table.apply_async((bot_table.pk,), queue=bot_queue)
        wait_for(BotPlay.objects.exists, 90, "the bot worker never started a table")
        kick = partial(rankings_tasks.drain_followups.apply_async, queue=drain_queue)
        with mock.patch.object(rankings_tasks.drain_followups, "apply_async",
                               side_effect=kick):
            result_submit(table=table, record=played_record(seed=4, seats=[
                p.display_name for p in people]), source="import", user=SYSTEM)
        wait_for(lambda: not PendingRecompute.objects.exists(), 60,
                  "the standings waited for the bot tables")
        assert StandingRow.objects.filter(season=season).count() == 4
        # The bot club's tables were still being played: the standings did not wait.
        assert TableResult.objects.filter(table__in=bot_tables).count() < 3
    finally:
        for worker in workers:
            worker.kill()  # a search table plays for minutes; its messages are this test's
            worker.wait(timeout=30)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_followups_worker_drains_what_is_owed_without_beat_or_a_kick(broker):  # noqa: F811
    """A result stored while the kick was lost (broker down, no beat running): the worker
    serving the followups queue drains it by itself."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared database server (PostgreSQL)")
    from league.models import Club, PendingRecompute, Player, Season
    from league.permissions import SYSTEM
    from rankings.models import StandingRow
    from tests.factories import played_record
    from tests.league.played_games import T0, night, table_at
    from tournaments.services.results import result_submit

    club = Club.objects.create(name="No Beat", slug="no-beat")
    season = Season.objects.create(club=club, name="Spring", game="bluke",
                                   starts_on=T0.date())
    people = [Player.objects.create(display_name=n) for n in ("Ann", "Bob", "Cy", "Di")]
    with mock.patch("rankings.services.followups_drain.followups_kick"), \
            mock.patch("rankings.tasks.drain_followups.apply_async"):
        result_submit(table=table_at(night(club, season), people),
                      record=played_record(seed=6, seats=[p.display_name for p in people]),
                      source="import", user=SYSTEM)
    assert PendingRecompute.objects.exists()
    worker = start_worker(f"{broker}-followups", DATABASE_URL=worker_database_url())
    try:
        wait_for(lambda: not PendingRecompute.objects.exists(), 60,
                  "the owed recomputes waited for beat")
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert StandingRow.objects.filter(season=season).count() == 4
