import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_engine_imports_no_django():
    code = (
        "import sys, rankings.ratings as r; "
        "r.make_rater('elo'); r.make_rater('plackett_luce'); r.make_rater('thurstone_mosteller'); "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
