"""How many games a statistical series of the tests plays.

The default run (``python -m pytest -q -n auto --dist worksteal``, what ``.ci/run`` runs) plays a shorter series of each
(enough to meet every kind of event the checks look for), so the whole suite fits its time on two
cores; ``COACHGYM_FULL_SERIES=1 python -m pytest -q -m slow`` plays every series at its full length
(docs/results.md "The test suite")."""

from __future__ import annotations

import os

FULL = os.environ.get("COACHGYM_FULL_SERIES") == "1"


def series(full: int, default: int) -> int:
    """``full`` games under ``COACHGYM_FULL_SERIES=1``, else ``default``."""
    return full if FULL else default
