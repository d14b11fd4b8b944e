"""Moved to :mod:`coachgym.present.plots` (plots are what a person sees); importable here too."""

from ..present.plots import MISSING, PlotsUnavailable, _pyplot, plot_match, require_matplotlib  # noqa: F401
