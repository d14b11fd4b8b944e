"""4th Street Basketball (board version 1.01) as a coachgym ruleset.

Rule text: shared/rules/4th-street-basketball-1.01.md; reconstructions and interpretations:
docs/rules/4th-street-basketball.md.
"""

from __future__ import annotations

from ...core.ruleset import Ruleset, Sport
from .cards import parse_team
from .engine import FourthStreetEngine
from .holds import HOLDS
from .options import FourthStreetOptions

RULESET = Ruleset(
    name="fourthstreet",
    title="4th Street Basketball",
    env_id="coachgym/FourthStreetBasketball-v0",
    engine_cls=FourthStreetEngine,
    options_cls=FourthStreetOptions,
    package=__name__,
    parse_team=parse_team,
    default_teams=("harbor-city", "mesa-verde"),
    aliases=("4th-street", "fourth-street", "4thstreet", "fourthstreetbasketball"),
    box_formulas={"pts": "2*fgm+tpm+ftm", "reb": "orb+drb"},
    fuzz_options=({}, {"zone_defense": True},
                  {"fatigue": False, "assists": False, "injuries": False, "strategies": False, "press": False},
                  {"zone_defense": True, "three_second_rule": False, "offensive_rebound_reset": 14,
                   "setup_seconds": 10, "three_point_line": False}),
    time_variable="game_minutes_left",
    holds=HOLDS,
    sport=Sport(periods=4),
)

__all__ = ["RULESET", "FourthStreetEngine", "FourthStreetOptions", "parse_team"]
