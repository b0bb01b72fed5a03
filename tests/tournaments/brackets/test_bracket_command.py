"""`manage.py bracket`: the organiser's dry run of a knockout, as JSON or text."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> str:
    out = StringIO()
    call_command("bracket", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_matches_by_round_with_seeds_and_byes():
    plan = json.loads(run("--entrants", "5", "--format", "single", "--consolation", "--json"))
    assert plan["byes"] == [1, 2, 3]
    first = plan["rounds"][0]["matches"]
    assert [(m["top"], m["bottom"], m["bye"]) for m in first] == [
        ({"seed": 1}, None, True), ({"seed": 4}, {"seed": 5}, False),
        ({"seed": 2}, None, True), ({"seed": 3}, None, True)]
    assert [m["match"] for m in plan["rounds"][-1]["matches"]] == ["W3-1", "3P"]
    assert plan["rounds"][-1]["matches"][1]["top"] == {"loser_of": "W2-1"}


def test_a_double_elimination_ends_with_the_grand_final_and_its_reset():
    plan = json.loads(run("--entrants", "16", "--format", "double", "--json"))
    assert plan["byes"] == []
    keys = [m["match"] for r in plan["rounds"] for m in r["matches"]]
    assert keys[-2:] == ["GF", "GF2"]
    assert sum(k.startswith("W") for k in keys) == 15
    assert sum(k.startswith("L") for k in keys) == 14


def test_void_matches_are_left_out_and_text_is_the_default():
    text = run("--entrants", "5", "--format", "double")
    assert "byes: seed 1, seed 2, seed 3" in text
    listed = [line.split()[0] for line in text.splitlines() if line.startswith("  ")]
    assert "L1-1" in listed
    assert "L1-2" not in listed  # both its players would be byes' losers: nobody


@pytest.mark.parametrize("args, message", [
    (["--entrants", "1"], "at least two entrants"),
    (["--entrants", "8", "--format", "double", "--consolation"], "third place"),
])
def test_it_refuses_a_bracket_that_cannot_be_played(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
