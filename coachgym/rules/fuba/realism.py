"""FUBA's statistics compared with real seasons (``coachgym realism``, docs/realism.md; the real
figures in evaluation/data/real_seasons.json), registered as the ``realism`` part."""

from __future__ import annotations

from ...core.boxstats import Stat, StatList, col

STATS = StatList([
    Stat("GOALS", "goals per match", col("G")),
    Stat("SH", "goal attempts per match", col("SH")),
    Stat("SOT", "attempts on target (goals and attempts that gave a corner) per match", col("SOT")),
    Stat("YC", "yellow cards per match", col("YC")),
    Stat("RC", "red cards per match", col("RC")),
], per_match=True)
