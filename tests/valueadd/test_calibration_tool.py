"""tools/valueadd_calibration.py: box averages per team and where the free throws come from."""

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "valueadd_calibration.py"


def _ft_line(*args: str) -> str:
    out = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, check=True).stdout
    return next(line for line in out.splitlines() if line.startswith("free throws per team and game:"))


def test_free_throw_sources_separate_the_books_intentional_fouls_from_the_cards_rate():
    book = _ft_line("--games", "24", "--seed", "2026")
    clean = _ft_line("--games", "24", "--seed", "2026", "--coach", "by-the-book:intentional_fouls=false")
    trips = float(book.split("intentional fouls ")[1].split()[0])
    assert trips > 0 and "intentional fouls 0.00 trips, 0.00 attempts" in clean
    per_touch = float(clean.split(" = ")[1].split()[0])
    season = float(clean.split("(the season lines: ")[1].rstrip(")"))
    assert season == 0.256 and abs(per_touch - season) < 0.05  # the cards give their season lines' rate
