"""tools/strategy_sweep.py: variants of a coach against a reference in mirror matches, as a table."""

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "strategy_sweep.py"


def test_strategy_sweep_prints_a_row_per_variant():
    out = subprocess.run([sys.executable, str(TOOL), "valueadd", "--games", "8", "--jobs", "1",
                          "by-the-book:fast_break=never", "by-the-book"],
                         capture_output=True, text=True, check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("| by-the-book")]
    assert len(rows) == 2
    assert rows[0].startswith("| by-the-book:fast_break=never | 8 |")
    # a rate is a share of the 8 games (a draw counts half) and lies inside its own interval
    rate = float(rows[1].split("|")[3].split()[0])
    lo, hi = (float(x) for x in rows[1].split("|")[3].split()[1].strip("()").split("-"))
    assert 0 <= lo <= rate <= hi <= 1 and abs(rate * 16 - round(rate * 16)) < 0.02
