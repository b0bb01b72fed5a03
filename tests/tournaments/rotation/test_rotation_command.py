"""The plan_rotation management command prints the engine's plan."""

import io
import json

import pytest

django = pytest.importorskip("django")


@pytest.fixture
def call():
    from django.conf import settings

    if not settings.configured:
        pytest.skip("Django settings not configured")
    from django.core.management import call_command

    def run(*args):
        out = io.StringIO()
        call_command("plan_rotation", *args, stdout=out)
        return out.getvalue()

    return run


def test_json_output(call):
    data = json.loads(call("--players", "9", "--table-size", "3", "--rounds", "4",
                           "--seed", "2", "--format", "json", "--time-budget", "0.2"))
    assert len(data["rounds"]) == 4
    assert sorted(p for t in data["rounds"][0] for p in t) == list(range(9))
    assert data["report"]["repeat_count"] == 0


def test_text_output_partnership(call):
    text = call("--players", "8", "--partnership", "--rounds", "7", "--format", "text",
                "--time-budget", "0.2")
    assert "Round 7" in text and "partners_everyone_once: True" in text
