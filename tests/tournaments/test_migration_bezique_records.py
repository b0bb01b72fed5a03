"""tournaments 0006: Six-Pack Bezique results stored before the meld rules were corrected
check again with their totals, and their hash follows the record."""

import datetime
import importlib
import json
import pathlib

import pytest
from django.apps import apps

from games import rules
from tests.factories import seated_table
from tournaments.models import ResultSource, ResultStatus, TableResult
from tournaments.services.records import record_hash

pytestmark = pytest.mark.django_db
STORED = pathlib.Path(__file__).parent.parent / "games" / "six_pack_bezique" / "stored"


def store(club, players, record) -> TableResult:
    table = seated_table(club, players, game="six-pack-bezique")
    return TableResult.objects.create(
        table=table, status=ResultStatus.COMPLETE, source=ResultSource.BOT, record=record,
        record_hash=record_hash(record), totals=record["totals"], ranks=[1, 2],
        played_at=datetime.datetime(2026, 11, 20, 20, tzinfo=datetime.UTC))


def test_stored_bezique_results_check_again_with_their_totals(club_b, players_b):
    refused = json.loads((STORED / "six-pack-bezique-unscored-restore.json").read_text())
    accepted = json.loads((STORED / "six-pack-bezique-short-melds.json").read_text())["record"]
    old, kept = store(club_b, players_b[:2], refused), store(club_b, players_b[2:4], accepted)
    migration = importlib.import_module(
        "tournaments.migrations.0006_six_pack_bezique_records_corrected_melds")
    migration.upgrade_records(apps, None)
    old.refresh_from_db()
    report = rules.check_record(old.record)
    assert report.valid and report.totals == refused["totals"] == old.totals
    assert old.record_hash == record_hash(old.record) != record_hash(refused)
    kept_before = kept.record_hash
    kept.refresh_from_db()
    assert kept.record == accepted and kept.record_hash == kept_before
