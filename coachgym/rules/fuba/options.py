"""FUBA rule options: each advanced rule (A1-A13) is a switch; all off = the basic rules (1-5)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...core.errors import ConfigError

ADVANCED = (
    "condition_points",     # A1 team condition and tiredness
    "player_roles",         # A2 advanced formations - player roles
    "substitutions",        # A3 player substitutions
    "injuries",             # A4 injuries
    "goalkeeper_charge",    # A5 goalkeeper charge
    "aggressive_pressing",  # A6 aggressive pressing (spends an A1 condition point)
    "offside_risk",         # A7 offside risk
    "challenge",            # A8 challenge (spends an A1 condition point)
    "slowing_play",         # A9 slowing down game play
    "weather",              # A10 weather
    "var",                  # A11 V.A.R.
    "skills",               # A12 skills
    "special_events",       # A13 special events table
)
NOT_IMPLEMENTED: tuple[str, ...] = ()


@dataclass
class FubaOptions:
    condition_points: bool = False
    player_roles: bool = False
    substitutions: bool = False
    injuries: bool = False
    goalkeeper_charge: bool = False
    aggressive_pressing: bool = False
    offside_risk: bool = False
    challenge: bool = False
    slowing_play: bool = False
    weather: bool = False
    var: bool = False
    skills: bool = False
    special_events: bool = False
    # A12 "the allowed number" of skill choices each team may make (the shot stopper counts as two);
    # agreed by the teams (the rulebook recommends 3-6), None = no limit agreed
    skill_limit: int | None = None

    def validate(self, where: str = "fuba rule options") -> None:
        for name in NOT_IMPLEMENTED:
            if getattr(self, name):
                raise ConfigError(f"{where}: option {name!r} is not implemented yet (see docs/rules/fuba.md)")
        if self.skill_limit is not None and (not isinstance(self.skill_limit, int) or isinstance(self.skill_limit, bool)
                                             or self.skill_limit < 0):
            raise ConfigError(f"{where}: skill_limit must be a non-negative whole number or None")
        for name in ("aggressive_pressing", "challenge", "skills"):
            if getattr(self, name) and not self.condition_points:
                raise ConfigError(f"{where}: option {name!r} spends condition points and needs 'condition_points' (A1)")

    @classmethod
    def all_advanced(cls) -> "FubaOptions":
        """Every implemented advanced rule switched on."""
        return cls(**{n: n not in NOT_IMPLEMENTED for n in ADVANCED})

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
