"""Value Add Basketball's carry-over between the games of a season or tournament (the ADVANCED RULE Home Court Advantage): its registered
``carry_over`` part (``parts.py``), a :class:`coachgym.series.carryover.CarryOver`. A module of the
series layer in the ruleset's folder (tests/test_layers.py), as its vocabulary is of the strategy layer."""

from __future__ import annotations

from typing import Any

from ...series.carryover import CarryOver, Context


class ValueAddCarryOver(CarryOver):
    ruleset = "valueadd"

    def game_options(self, options: dict[str, Any], neutral: bool, ctx: Context, teams: list[dict[str, Any]]) -> dict[str, Any]:
        # "ADVANCED RULE - Home Court Advantage": a season or NIT game has one team at home; a March
        # Madness game is played as a neutral court game. An optional rule: a competition created
        # with home_court false plays every game on a neutral court
        return {**options, "home_court": bool(options.get("home_court", True)) and not neutral}
