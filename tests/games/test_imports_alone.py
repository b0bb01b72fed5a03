"""Every package under games/ imports alone in a fresh interpreter, and loads no Django.

A package that only imports because the test setup happened to import `games.rules`
first hides a circular import; a new interpreter per package shows it.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(".".join(path.parent.relative_to(ROOT).parts)
                  for path in (ROOT / "games").rglob("__init__.py"))
# Django loads these itself; they are the only modules of games/ that may import it.
DJANGO_SIDE = {"games.management", "games.management.commands"}


def test_the_packages_are_found():
    assert {"games", "games.engine", "games.rules", "games.bots"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_imports_alone_in_a_fresh_interpreter(package):
    code = (f"import sys, {package}; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    if package not in DJANGO_SIDE:
        assert done.stdout.strip() == "[]"


def test_the_example_game_of_adding_a_game_imports_alone_in_its_folder():
    code = ("import tests.games.engine.nomination as example; "
            "print(example.RULES[0].name, example.RULES[0]().num_players)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["nomination", "3"]
