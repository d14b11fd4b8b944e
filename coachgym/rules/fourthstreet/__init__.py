"""4th Street Basketball (board version 1.01) as a coachgym ruleset.

Rule text: shared/rules/4th-street-basketball-1.01.md; reconstructions and interpretations:
docs/rules/4th-street-basketball.md.
"""

from __future__ import annotations

from ...core.ruleset import Ruleset
from .cards import parse_team
from .engine import FourthStreetEngine
from .options import FourthStreetOptions

RULESET = Ruleset(
    name="fourthstreet",
    title="4th Street Basketball",
    env_id="coachgym/FourthStreetBasketball-v0",
    engine_cls=FourthStreetEngine,
    options_cls=FourthStreetOptions,
    package=__name__,
    parse_team=parse_team,
    coaches={"by-the-book": "coachgym.agents.fourthstreet:ByTheBookCoach"},
    default_teams=("harbor-city", "mesa-verde"),
)

__all__ = ["RULESET", "FourthStreetEngine", "FourthStreetOptions", "parse_team"]
