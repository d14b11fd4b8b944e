"""FUBA, the football (soccer) board game, as a coachgym ruleset (basic rules 1-5 and advanced A1-A13
as switches). See docs/rules/fuba.md."""

from __future__ import annotations

from ...core.ruleset import Ruleset
from .engine import FubaEngine
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
    coaches={"by-the-book": "coachgym.agents.fuba:ByTheBookCoach"},
    default_teams=("blue", "yellow"),
)

__all__ = ["RULESET", "FubaEngine", "FubaOptions", "FubaTeam", "parse_team"]
