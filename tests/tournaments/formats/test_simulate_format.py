"""`manage.py simulate_format`: a dry run of a night in every format, as JSON an organiser
(or a script) can read; and the same properties over all three formats."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import FORMATS, TableSizes
from tournaments.formats.simulate import simulate_night


def run(*args) -> dict:
    out = StringIO()
    call_command("simulate_format", *args, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("form", FORMATS)
def test_it_prints_rounds_sit_outs_and_places_as_json(form):
    night = run("--format", form, "--game", "bluke", "--players", "13", "--rounds", "3",
                "--seed", "5", "--json")
    assert set(night) == {"rounds", "sit_outs", "places"}
    assert len(night["rounds"]) == len(night["sit_outs"]) == len(night["places"]) == 3
    for tables, out, places in zip(night["rounds"], night["sit_outs"], night["places"],
                                   strict=True):
        seated = [p for t in tables for p in t]
        assert sorted(seated + out) == list(range(1, 14))
        assert [sorted(t) for t in tables] == [sorted(p) for p in places]
    again = run("--format", form, "--game", "bluke", "--players", "13", "--rounds", "3",
                "--seed", "5", "--json")
    if form not in ("rotation", "duplicate"):  # the rotation's search (a duplicate night
        # of an individual game is seated by it) may be cut by the clock on a busy machine
        assert again == night, "the same seed plays the same night"


def test_a_two_player_game_is_swiss_pairs_with_one_sitting_out():
    night = run("--format", "swiss", "--game", "california-jack", "--players", "7",
                "--rounds", "4", "--seed", "1", "--json")
    assert all(len(t) == 2 for tables in night["rounds"] for t in tables)
    assert [len(out) for out in night["sit_outs"]] == [1, 1, 1, 1]
    assert len({out[0] for out in night["sit_outs"]}) == 4
    pairs = [frozenset(t) for tables in night["rounds"] for t in tables]
    assert len(pairs) == len(set(pairs))


def test_the_text_form_names_tables_and_sit_outs():
    out = StringIO()
    call_command("simulate_format", "--format", "kings", "--game", "bluke", "--players", "9",
                 "--rounds", "2", "--seed", "1", stdout=out)
    text = out.getvalue()
    assert "Round 2" in text and "table 1:" in text and "places:" in text


@pytest.mark.parametrize(("args", "words"), [
    (["--game", "whist"], "--game: unknown game 'whist'"),
    (["--game", "ribs", "--table-size", "12"], "--table-size: ribs is played 4 to 10"),
    (["--game", "back-alley", "--format", "kings"], "partnership game"),
    (["--players", "2"], "--players: bluke needs at least 3 players"),
    (["--rounds", "0"], "--rounds: give 1 to 50 rounds"),
])
def test_bad_arguments_are_refused_naming_them(args, words):
    base = {"--format": "swiss", "--game": "bluke", "--players": "8", "--rounds": "2"}
    for flag, value in zip(args[::2], args[1::2], strict=True):
        base[flag] = value
    with pytest.raises(CommandError, match=words.replace("(", r"\(")):
        call_command("simulate_format", *[x for pair in base.items() for x in pair])


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(FORMATS), st.integers(3, 14), st.integers(1, 5), st.integers(0, 99))
def test_every_format_seats_everyone_once_and_spreads_the_sit_outs(form, n, rounds, seed):
    night = simulate_night(format=form, players=n, rounds=rounds,
                           sizes=TableSizes(4, (3, 4, 5)), seed=seed, time_budget=0.2)
    sat_out = dict.fromkeys(range(1, n + 1), 0)
    for tables, out in zip(night["rounds"], night["sit_outs"], strict=True):
        seated = [p for t in tables for p in t]
        assert sorted(seated + out) == list(range(1, n + 1)), "nobody seated twice"
        for p in out:
            sat_out[p] += 1
        assert max(sat_out.values()) - min(sat_out.values()) <= 1
