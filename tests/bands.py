"""Bands for statistical tests: the figure the current calibration produces, plus or minus a sampling
margin computed from the test's own game count (4 standard errors: seeded series are deterministic,
so a band only has to absorb a change that reshuffles the dice without changing what the game plays
like). A band that fails means the game now plays differently: if that is intended (a recalibration),
measure the new figures and update the test's table; the real-season figure is noted beside each."""

from __future__ import annotations

import math


def band(mean: float, sd: float, n: int, sigmas: float = 4.0) -> tuple[float, float]:
    """``mean`` +- ``sigmas`` standard errors of a mean of ``n`` values with spread ``sd``."""
    half = sigmas * sd / math.sqrt(n)
    return mean - half, mean + half


def check(label: str, value: float, mean: float, sd: float, n: int) -> None:
    lo, hi = band(mean, sd, n)
    assert lo <= value <= hi, (f"{label}: {value:.3f} outside {lo:.3f}-{hi:.3f} (calibrated {mean} +- 4 x {sd}/sqrt({n})); "
                               "if the game was recalibrated on purpose, measure and update the band")
