"""Closing a night and submitting a result are serialised (issue 10 point 3).

The race, made deterministic: the close has taken its lock and listed the open tables when
a submission for one of those tables starts. The submission must wait for the close and
then be refused; it must never be stored into a night whose close listed its table open.
"""

import threading

import pytest
from django.db import connection, connections

from league.models import AuditEntry
from tests.factories import played_record, seated_table
from tournaments.models import EventStatus, TableResult
from tournaments.services import events as event_services
from tournaments.services.results import ResultRejected, result_submit

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks (select_for_update) exist on PostgreSQL only; SQLite "
                              "serialises writers with immediate transactions instead"),
]

PATIENCE = 60  # seconds before a stuck thread fails the test instead of hanging it


def _in_thread(target, outcome: dict, name: str) -> threading.Thread:
    def run():
        try:
            outcome[name] = target()
        except Exception as problem:  # noqa: BLE001 - handed to the test thread
            outcome[name] = problem
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND datname = current_database()")
        return cursor.fetchone()[0] > 0


def test_a_submission_waits_for_a_close_that_listed_its_table_and_is_refused(
        monkeypatch, club_a, alice, sam, players_a):
    table = seated_table(club_a, players_a)
    event = table.round.event
    record = played_record(seed=3, seats=["Alice", "Sam", "Pat", "Dee"])
    listed, go = threading.Event(), threading.Event()
    list_open = event_services.event_open_tables

    def list_then_pause(evt):
        tables = list_open(evt)
        listed.set()
        assert go.wait(PATIENCE)
        return tables

    monkeypatch.setattr(event_services, "event_open_tables", list_then_pause)
    outcome: dict = {}
    closer = _in_thread(lambda: event_services.event_close(
        event=event, user=alice, force=True, reason="late table"), outcome, "close")
    assert listed.wait(PATIENCE)
    submitter = _in_thread(lambda: result_submit(table=table, record=record, source="form",
                                                 user=sam), outcome, "submit")
    # Let the close go on once the submission is either done or queued behind its lock.
    for _ in range(PATIENCE * 20):
        if not submitter.is_alive() or _someone_waits_for_a_lock():
            break
        submitter.join(0.05)
    go.set()
    closer.join(PATIENCE)
    submitter.join(PATIENCE)

    event.refresh_from_db()
    assert event.status == EventStatus.CLOSED
    close_entry = AuditEntry.objects.get(action="event.close")
    assert close_entry.after["open_tables"] == [table.pk]
    assert isinstance(outcome["submit"], ResultRejected), outcome["submit"]
    assert [e["code"] for e in outcome["submit"].errors] == ["event-closed"]
    assert not TableResult.objects.filter(table=table).exists()


def test_a_close_after_a_submission_sees_its_result(monkeypatch, club_a, alice, sam,
                                                    players_a):
    """The other order: the stored result counts, so the close needs no force."""
    table = seated_table(club_a, players_a)
    record = played_record(seed=3, seats=["Alice", "Sam", "Pat", "Dee"])
    result_submit(table=table, record=record, source="form", user=sam)
    event = event_services.event_close(event=table.round.event, user=alice)
    assert event.status == EventStatus.CLOSED
    assert AuditEntry.objects.get(action="event.close").after["open_tables"] == []
