"""The toy's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a contest has no coaching settings (a shooter is chosen shot by shot, held for its decision only)
and no periods or halves, so its scopes are ``decision``, ``game``, ``situation`` and ``rounds:N``."""

from __future__ import annotations

from typing import Any

from coachgym.core.holds import HoldRules


def settings(game: Any, side: int) -> dict[Any, Any]:
    """None: nothing a choice sets lasts beyond its shot."""
    return {}


HOLDS = HoldRules.load(__package__, settings)
