"""Idempotency-Key leases, original-response replays and pruning (issue 10, point 4)."""

import datetime
from unittest import mock

import pytest
from django.core.management import call_command
from django.utils import timezone

from league import tasks
from league.api import idempotency
from league.models import IdempotencyRecord
from tests.factories import played_record, row_counts
from tournaments.models import TableResult

KEY = "retry-me"


def _post(client, table, record, key=KEY):
    return client.post(f"/api/v1/tables/{table.pk}/result/", record, format="json",
                       HTTP_IDEMPOTENCY_KEY=key)


@pytest.fixture
def sam_client(client_as):
    return client_as("sam")


def _in_flight(sam, lease_left: datetime.timedelta, request_hash="x" * 64):
    """A key held by another request whose lease ends `lease_left` from now."""
    return IdempotencyRecord.objects.create(
        owner=f"user:{sam.pk}", key=KEY, request_hash=request_hash,
        lease="00000000-0000-0000-0000-000000000001",
        locked_until=timezone.now() + lease_left)


def _hash_of(client, table, record):
    """What the server hashes: ask it, by letting one request through and reading its row."""
    _post(client, table, record, key="probe")
    digest = IdempotencyRecord.objects.get(key="probe").request_hash
    IdempotencyRecord.objects.filter(key="probe").delete()
    TableResult.objects.filter(table=table).delete()
    return digest


def test_a_running_request_answers_409_with_retry_after(world, sam_client, sam):
    record = played_record(seed=5)
    _in_flight(sam, datetime.timedelta(seconds=20),
               _hash_of(sam_client, world["free_a"], record))
    response = _post(sam_client, world["free_a"], record)
    assert response.status_code == 409
    assert 1 <= int(response["Retry-After"]) <= 20
    assert not TableResult.objects.filter(table=world["free_a"]).exists()


def test_a_key_whose_request_died_is_free_once_its_lease_is_over(world, sam_client, sam):
    record = played_record(seed=5)
    dead = _in_flight(sam, -datetime.timedelta(seconds=1),
                      _hash_of(sam_client, world["free_a"], record))
    response = _post(sam_client, world["free_a"], record)
    assert response.status_code == 201
    row = IdempotencyRecord.objects.get(pk=dead.pk)
    assert (row.in_flight, row.response_status) == (False, 201)


def test_the_lease_of_a_new_request_lasts_under_a_minute(world, sam_client):
    started = timezone.now()
    with mock.patch.object(idempotency, "_store"):  # the request "dies" before storing
        _post(sam_client, world["free_a"], played_record(seed=5))
    row = IdempotencyRecord.objects.get(key=KEY)
    assert row.in_flight
    assert started < row.locked_until <= started + datetime.timedelta(minutes=1)


def test_a_dead_key_taken_over_with_another_body_runs_that_body(world, sam_client, sam):
    _in_flight(sam, -datetime.timedelta(seconds=1))  # it never committed anything
    response = _post(sam_client, world["free_a"], played_record(seed=6))
    assert response.status_code == 201


def test_only_one_of_two_requests_takes_over_a_dead_key(world, sam, sam_client):
    _in_flight(sam, -datetime.timedelta(seconds=1), "h" * 64)
    first = idempotency._acquire(f"user:{sam.pk}", KEY, "h" * 64, lease="1" * 32)
    second = idempotency._acquire(f"user:{sam.pk}", KEY, "h" * 64, lease="2" * 32)
    assert first.lease.hex == "1" * 32 and second.lease.hex == "1" * 32


def test_a_replay_long_after_the_request_returns_the_original_201(world, sam_client):
    record = played_record(seed=5)
    first = _post(sam_client, world["free_a"], record)
    assert first.status_code == 201
    IdempotencyRecord.objects.update(created_at=timezone.now() - datetime.timedelta(hours=2))
    before = row_counts()
    replay = _post(sam_client, world["free_a"], record)
    assert (replay.status_code, replay.json()) == (201, first.json())
    assert replay["Idempotent-Replayed"] == "true" and row_counts() == before


def test_a_request_that_dies_before_commit_leaves_neither_result_nor_response(
        world, sam_client):
    record = played_record(seed=5)
    with mock.patch.object(idempotency, "_store", side_effect=ConnectionResetError), \
            pytest.raises(ConnectionResetError):
        _post(sam_client, world["free_a"], record)
    assert not TableResult.objects.filter(table=world["free_a"]).exists()
    assert not IdempotencyRecord.objects.filter(key=KEY).exists()  # released for the retry
    assert _post(sam_client, world["free_a"], record).status_code == 201


def test_the_response_is_stored_in_the_transaction_of_the_result(world, sam_client):
    """A worker killed between commit and storing could answer 200 later; here both commit
    together or neither does."""
    record = played_record(seed=5)
    seen = {}

    def store_and_look(record_row, response):
        seen["game_visible"] = TableResult.objects.filter(table=world["free_a"]).exists()
        return original(record_row, response)

    original = idempotency._store
    with mock.patch.object(idempotency, "_store", side_effect=store_and_look):
        _post(sam_client, world["free_a"], record)
    assert seen == {"game_visible": True}
    assert IdempotencyRecord.objects.get(key=KEY).response_status == 201


def test_a_slow_request_that_lost_its_lease_does_not_overwrite_the_new_holder(sam):
    record = played_record(seed=5)

    def taken_over_meanwhile():
        IdempotencyRecord.objects.filter(key=KEY).update(
            lease="00000000-0000-0000-0000-000000000002")
        return original_submit()

    from rest_framework.response import Response

    def original_submit():
        return Response({"ok": True}, status=201)

    request = mock.Mock(headers={"Idempotency-Key": KEY}, auth=None, user=sam,
                        data=record, method="POST")
    request.get_full_path.return_value = "/x/"
    answer = idempotency.idempotent(request, taken_over_meanwhile)
    assert answer.status_code == 201
    row = IdempotencyRecord.objects.get(key=KEY)
    assert row.in_flight and row.lease.hex.endswith("2")


# --- pruning ------------------------------------------------------------------------------------

def _aged(sam, key, hours, in_flight=False):
    row = IdempotencyRecord.objects.create(owner=f"user:{sam.pk}", key=key,
                                           request_hash="h" * 64, in_flight=in_flight,
                                           response_status=None if in_flight else 201)
    IdempotencyRecord.objects.filter(pk=row.pk).update(
        created_at=timezone.now() - datetime.timedelta(hours=hours))


@pytest.mark.parametrize("run", ["command", "task"])
def test_keys_older_than_a_day_are_pruned(sam, run, eager_celery):
    _aged(sam, "old", 25)
    _aged(sam, "old-and-stuck", 30, in_flight=True)
    _aged(sam, "recent", 23)
    if run == "command":
        call_command("prune_idempotency_keys", verbosity=0)
    else:
        tasks.prune_idempotency_keys.apply()
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["recent"]


def test_pruning_is_on_the_beat_schedule(settings):
    entries = {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"league.prune_idempotency_keys", "league.drain_followups"} <= entries
