"""check_record FILE|-: the report as JSON; exit 0 valid, 1 invalid, 2 unreadable."""

import io
import json

import pytest
from django.core.management import call_command

from games.bots import play_match


@pytest.fixture(scope="module")
def record():
    return play_match("bluke", ["heuristic", "random", "random", "heuristic"], seed=9)


def run(path, capsys, monkeypatch=None, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        call_command("check_record", str(path))
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(capsys.readouterr().out)


def write(tmp_path, content) -> str:
    path = tmp_path / "record.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_a_valid_record_exits_0(tmp_path, capsys, record):
    status, report = run(write(tmp_path, record), capsys)
    assert status == 0
    assert report["valid"] and report["complete"] and report["errors"] == []


def test_a_record_with_a_wrong_score_exits_1_and_names_the_hand(tmp_path, capsys, record):
    bad = json.loads(json.dumps(record))
    bad["hands"][2]["scores"][1] += 10
    status, report = run(write(tmp_path, bad), capsys)
    assert status == 1
    assert not report["valid"] and report["readable"]
    assert any(error["hand"] == 3 for error in report["errors"])


def test_an_illegal_play_exits_1(tmp_path, capsys, record):
    bad = json.loads(json.dumps(record))
    plays = bad["hands"][0]["plays"]
    plays[0], plays[1] = plays[1], plays[0]
    status, report = run(write(tmp_path, bad), capsys)
    assert status == 1 and report["errors"]


@pytest.mark.parametrize("content", [
    "{not json",
    {"game": "snap", "options": {}, "seats": ["A", "B"], "hands": []},
    {"game": "bluke", "options": {"players": 99}, "seats": ["A", "B"], "hands": []},
])
def test_unreadable_input_exits_2(tmp_path, capsys, content):
    status, report = run(write(tmp_path, content), capsys)
    assert status == 2
    assert report["readable"] is False and report["errors"]


def test_a_missing_file_exits_2(tmp_path, capsys):
    status, report = run(tmp_path / "nope.json", capsys)
    assert status == 2 and report["errors"][0]["code"] == "unreadable-file"


def test_it_reads_standard_input_for_a_dash(capsys, monkeypatch, record):
    status, report = run("-", capsys, monkeypatch, stdin=json.dumps(record))
    assert status == 0 and report["valid"]
