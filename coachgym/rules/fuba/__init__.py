"""FUBA, the football (soccer) board game, as a coachgym ruleset (basic rules 1-5 and advanced A1-A13
as switches). See docs/rules/fuba.md."""

from __future__ import annotations

from ...core.ruleset import Ruleset, Sport
from .engine import FubaEngine
from .holds import HOLDS
from .options import FubaOptions
from .teams import FubaTeam, parse_team

RULESET = Ruleset(
    name="fuba",
    title="FUBA",
    env_id="coachgym/FUBA-v0",
    engine_cls=FubaEngine,
    options_cls=FubaOptions,
    package=__name__,
    parse_team=parse_team,
    default_teams=("blue", "yellow"),
    aliases=("football", "soccer"),
    fuzz_options=({}, {k: True for k in ("condition_points", "player_roles", "substitutions", "injuries",
                                          "goalkeeper_charge", "aggressive_pressing", "offside_risk", "challenge",
                                          "slowing_play", "weather", "var", "skills", "special_events")},
                  {"condition_points": True, "substitutions": True, "injuries": True}),
    time_variable="game_minutes_left",
    holds=HOLDS,
    sport=Sport(standings="points", cup_court="draw", periods=2),
)

__all__ = ["RULESET", "FubaEngine", "FubaOptions", "FubaTeam", "parse_team"]
