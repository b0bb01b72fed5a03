"""games.bots is pure Python like the rules core: importing it loads no Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_it_imports_without_django():
    code = ("import sys, games.bots, games.bots.arena, games.bluke.bots.search; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "[]"
