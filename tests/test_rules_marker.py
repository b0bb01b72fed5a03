"""The rules suite (`pytest -m rules`, `make test-games`) is every test under tests/games/, and
nothing else: the mark comes from the folder (tests/conftest.py), so a moved test keeps it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _collected(marker_expression):
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "--continue-on-collection-errors", "-m", marker_expression,
         "tests/games/engine", "tests/test_layers.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        # The caller's PYTEST_ADDOPTS (a -v, say) would change the listing read below.
        env={**os.environ, "PYTEST_ADDOPTS": ""},
    )
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_rules_mark_takes_every_test_under_tests_games_and_nothing_else():
    in_suite = _collected("rules")
    outside = _collected("not rules")

    assert in_suite and all(node.startswith("tests/games/") for node in in_suite)
    assert outside and all(node.startswith("tests/test_layers.py::") for node in outside)
