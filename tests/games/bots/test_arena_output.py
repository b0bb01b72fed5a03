"""The arena: seats rotate, stats add up, and bot_arena prints a readable table."""

import json

import pytest
from django.core.management import CommandError, call_command

from games.bots.arena import format_table, play_arena_match, run_arena


def test_bots_rotate_through_the_seats_from_match_to_match():
    bots = ["heuristic", "random", "random"]
    first = play_arena_match("bluke", {"players": 3, "max_cards": 2}, bots, 1, 0, {})
    second = play_arena_match("bluke", {"players": 3, "max_cards": 2}, bots, 1, 1, {})
    assert len(first) == len(second) == 3
    assert sum(share for _, share, _, _ in first) in (999, 1000, 1002)


def test_run_arena_returns_one_line_of_stats_per_bot():
    stats = run_arena("bluke", ["heuristic", "random", "random"], 6, seed=2,
                      options={"max_cards": 3})
    assert [s.label for s in stats] == ["heuristic", "random#2", "random#3"]
    assert all(len(s.scores) == 6 and s.decisions > 0 for s in stats)
    assert sum(s.wins for s in stats) == pytest.approx(6, abs=0.01)
    table = format_table(stats)
    assert "95% CI" in table and "win rate" in table and "random#3" in table


def test_the_command_prints_mean_ci_and_win_rate_per_bot(capsys):
    call_command("bot_arena", "--game", "bluke", "--players", "4",
                 "--bots", "search,heuristic,random,random", "--matches", "4", "--seed", "1",
                 "--option", "max_cards=2", "--samples", "2", "--time-budget-ms", "0",
                 "--no-progress")
    out = capsys.readouterr().out
    assert "4 matches from 0, seed 1" in out
    for label in ("search", "heuristic", "random#3", "random#4"):
        assert label in out
    assert "mean score" in out and "95% CI" in out and "win rate" in out


def test_the_command_can_print_json(capsys):
    call_command("bot_arena", "--game", "back-alley-individual", "--bots", "heuristic,random",
                 "--matches", "2", "--json", "--no-progress")
    rows = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in rows] == ["heuristic", "random"]
    assert {"mean", "ci95", "win_rate", "ms_per_decision"} <= set(rows[0])


@pytest.mark.parametrize("args, message", [
    (["--bots", "genius,random"], "unknown bot"),
    (["--bots", "random,random", "--players", "3"], "2 bots given for 3 players"),
    (["--bots", "random,random", "--option", "colour=red"], "unknown option"),
    (["--bots", "random,random", "--option", "nonsense"], "key=value"),
])
def test_the_command_refuses_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("bot_arena", "--matches", "1", "--no-progress", *args)


def test_an_arena_run_in_ranges_and_combined_equals_one_whole_run(tmp_path, capsys):
    common = ["--game", "bluke", "--bots", "heuristic,random,random", "--seed", "3",
              "--option", "max_cards=2", "--json", "--no-progress"]
    call_command("bot_arena", *common, "--matches", "6")
    whole = json.loads(capsys.readouterr().out)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    call_command("bot_arena", *common, "--matches", "4", "--save", str(first))
    call_command("bot_arena", *common, "--matches", "2", "--first-match", "4",
                 "--save", str(second))
    capsys.readouterr()
    assert len(first.read_text().splitlines()) == 4
    call_command("bot_arena", "--combine", str(first), str(second), str(second), "--json")
    combined = json.loads(capsys.readouterr().out)
    keep = ("bot", "matches", "mean", "ci95", "win_rate", "decisions")
    assert [{k: row[k] for k in keep} for row in combined] == \
        [{k: row[k] for k in keep} for row in whole]


def test_only_ranges_of_the_same_arena_combine(tmp_path):
    one, other = tmp_path / "one.jsonl", tmp_path / "other.jsonl"
    for path, seed in ((one, "1"), (other, "2")):
        call_command("bot_arena", "--game", "bluke", "--bots", "random,random", "--seed", seed,
                     "--option", "max_cards=2", "--matches", "1", "--save", str(path),
                     "--no-progress")
    with pytest.raises(CommandError, match="different arenas"):
        call_command("bot_arena", "--combine", str(one), str(other))
