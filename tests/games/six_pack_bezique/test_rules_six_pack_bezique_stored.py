"""Six-Pack Bezique records stored before the meld rules were corrected
(the data migration tournaments 0006, whose code is frozen in it): each checks again with
the totals it was stored with.
The files in tests/games/six_pack_bezique/stored were written by random play under the earlier rules."""

import importlib
import json
import pathlib

import pytest

from games import rules

upgrade_record = importlib.import_module(
    "tournaments.migrations.0006_six_pack_bezique_records_corrected_melds").upgrade_record

STORED = pathlib.Path(__file__).parent / "stored"


def stored(name):
    return json.loads((STORED / f"six-pack-bezique-{name}.json").read_text())


@pytest.mark.parametrize("name", ["stray-done", "unscored-restore"])
def test_a_record_the_corrected_rules_refuse_is_upgraded_with_its_totals(name):
    record = stored(name)
    assert not rules.check_record(record).valid
    upgraded = upgrade_record(record)
    report = rules.check_record(upgraded)
    assert report.errors == [] and report.complete and report.totals == record["totals"]


def test_a_meld_turn_no_longer_opened_only_loses_its_done():
    record = stored("stray-done")
    events = record["hands"][0]["events"]
    upgraded = upgrade_record(record)["hands"][0]
    assert len(upgraded["events"]) == len(events) - 1 and upgraded["deal"] == \
        record["hands"][0]["deal"]


def test_a_restore_of_a_meld_that_never_scored_becomes_the_scoresheet_line():
    record = stored("unscored-restore")
    upgraded = upgrade_record(record)["hands"][0]
    assert "events" not in upgraded and "deal" not in upgraded
    assert upgraded["summary"] == record["hands"][0]["summary"]


def test_a_record_the_rules_still_accept_is_left_alone():
    record = stored("short-melds")["record"]
    assert upgrade_record(record) is None
    assert upgrade_record({"game": "bluke", "hands": []}) is None
