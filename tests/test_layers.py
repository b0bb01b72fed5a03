"""The apps stand in layers: each imports only the ones below it, never one above.

    games (rules core)  <  league (clubs, people, seasons)  <  tournaments (nights, results)
    <  rankings (standings, ratings, statistics, the public pages)

`config` wires them together and may import all of them. Every module is read with `ast`,
so imports inside functions count as much as those at the top, and so do
`importlib.import_module("...")` calls and lazy model references ("app.Model" strings).
A lower layer tells a higher one what happened through hooks the higher one connects
(`league.signals`, `tournaments.hooks`), never by importing it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["games", "league", "tournaments", "rankings"]
LEVEL = {app: level for level, app in enumerate(LAYERS)}


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted name) for every import, wherever it is, and every lazy reference."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                node.func, "id", None)) in ("import_module", "__import__") and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.append((node.lineno, node.args[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            app, dot, model = node.value.partition(".")
            # "rankings.RatingPool" in a ForeignKey or get_model: a model of that app.
            if dot and app in LEVEL and model.isidentifier() and model[:1].isupper():
                found.append((node.lineno, app))
    return found


def upward_imports(app: str, source: str) -> list[str]:
    """What `source`, a module of `app`, takes from a layer above it."""
    return [f"line {line}: {name}" for line, name in _imported(ast.parse(source))
            if LEVEL.get(name.split(".")[0], -1) > LEVEL[app]]


def _modules(app: str) -> list[Path]:
    return sorted((ROOT / app).rglob("*.py"))


@pytest.mark.parametrize("app", LAYERS)
def test_no_app_imports_a_layer_above_it(app):
    found = {str(path.relative_to(ROOT)): upward
             for path in _modules(app)
             if (upward := upward_imports(app, path.read_text(encoding="utf-8")))}
    assert found == {}


def test_every_app_with_code_has_a_layer():
    apps = {path.parent.name for path in ROOT.glob("*/apps.py")}
    assert apps == set(LAYERS)


@pytest.mark.parametrize(("app", "source", "expected"), [
    ("league", "import tournaments.models\n", ["line 1: tournaments.models"]),
    ("tournaments", "def f():\n    from rankings.tasks import drain_followups\n",
     ["line 2: rankings.tasks"]),
    ("league", "import importlib\nimportlib.import_module('rankings.views')\n",
     ["line 2: rankings.views"]),
    ("league", "x = models.ForeignKey('tournaments.TableResult', on_delete=None)\n",
     ["line 1: tournaments"]),
    ("games", "from league import permissions\n", ["line 1: league"]),
    ("rankings", "from tournaments.models import Event\nfrom league import access\n", []),
    ("tournaments", "from .models import Event\nx = 'league.services.followups'\n", []),
])
def test_the_check_sees_upward_imports_wherever_they_are(app, source, expected):
    assert upward_imports(app, source) == expected


# --- Layers inside games/ -----------------------------------------------------------------
# The engine at the bottom, then the named shared modules, then one package per game, then
# the catalogue (the list of packages, the rules core's public face, the bot registry). A
# game package imports only the engine, the shared modules and itself.
GAMES_BELOW_PACKAGES = {"engine": 0, "shared": 1}
GAMES_CATALOGUE = {"catalogue", "rules", "bots", "management", "apps", "__init__"}


def games_part(path: Path) -> str:
    """The part of games/ a module belongs to: engine, shared, a game package or the catalogue."""
    parts = path.relative_to(ROOT / "games").parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def games_level(part: str) -> int:
    if part in GAMES_BELOW_PACKAGES:
        return GAMES_BELOW_PACKAGES[part]
    return 3 if part in GAMES_CATALOGUE else 2


def games_targets(path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """(line, part of games/) for every import of games/ in a module, relative ones resolved."""
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names = [f"{module}.{alias.name}" for alias in node.names] \
                if module == "games" else [module]
        found += [(node.lineno, name.split(".")[1]) for name in names
                  if name.startswith("games.")]
    return found


def games_layer_breaks(path: Path, source: str) -> list[str]:
    part = games_part(path)
    breaks = []
    for line, target in games_targets(path, ast.parse(source)):
        if target == part:
            continue
        upward = games_level(target) > games_level(part)
        sideways = games_level(part) == games_level(target) == 2
        if upward or sideways:
            breaks.append(f"line {line}: games.{target}")
    return breaks


def test_inside_games_the_engine_is_below_the_game_packages_and_the_catalogue_above():
    found = {str(path.relative_to(ROOT)): breaks for path in _modules("games")
             if (breaks := games_layer_breaks(path, path.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize(("path", "source", "expected"), [
    ("games/engine/game.py", "from games.rules import errors\n", ["line 1: games.rules"]),
    ("games/engine/game.py", "from games.shared import wording\n", ["line 1: games.shared"]),
    ("games/pitch/rules.py", "from games.shared.all_fours import POINTS\n", []),
    ("games/california_jack/heuristic.py", "def f():\n    from games.pitch import heuristic\n",
     ["line 2: games.pitch"]),
    ("games/pitch/search.py", "from ..joker import rules\n", ["line 1: games.joker"]),
    ("games/pitch/search.py", "from games import rules\n", ["line 1: games.rules"]),
    ("games/pitch/search.py", "from . import heuristic\nfrom games.engine import Bot\n", []),
    ("games/catalogue.py", "from games import bluke, pitch\n", []),
])
def test_the_games_check_sees_sideways_and_upward_imports(path, source, expected):
    assert games_layer_breaks(ROOT / path, source) == expected


def test_above_games_the_rules_core_is_reached_only_through_its_catalogue():
    """The league asks every game the same contract (`games.rules`, `games.bots`); no
    module above games/ names the engine a game runs on or a game's own package. (A
    frozen migration keeps the code it ran, engine checker included.)"""
    reached = {}
    for app in LAYERS[1:] + ["config"]:
        for path in _modules(app):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = [name for _, name in _imported(tree)
                     if name.split(".")[0] == "games" and name != "games"]
            names += [f"games.{alias.name}" for node in ast.walk(tree)
                      if isinstance(node, ast.ImportFrom) and node.module == "games"
                      for alias in node.names]
            names += [node.id for node in ast.walk(tree)
                      if isinstance(node, ast.Name) and node.id == "is_engine_game"]
            wrong = [name for name in names if name == "is_engine_game"
                     or name.split(".")[1:2] not in (["rules"], ["bots"], ["catalogue"])]
            if wrong:
                reached[str(path.relative_to(ROOT))] = wrong
    assert reached == {}
