"""The heuristic beats random play by a margin far outside the 95% intervals."""

import pytest

from games.bots.arena import run_arena


@pytest.mark.parametrize("game, bots, matches", [
    ("bluke", ["heuristic", "random", "random", "random"], 8),
    ("back-alley", ["heuristic", "random", "heuristic", "random"], 4),
    ("back-alley-individual", ["heuristic", "random", "random"], 8),
])
def test_the_heuristic_beats_random_bots_clearly(game, bots, matches):
    stats = run_arena(game, bots, matches, seed=7)
    heuristic = stats[0]
    for other in stats:
        if other.label.startswith("random"):
            assert heuristic.mean - heuristic.ci95 > other.mean + other.ci95
    assert heuristic.win_rate >= 0.75
