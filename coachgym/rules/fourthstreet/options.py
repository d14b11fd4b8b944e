"""4th Street Basketball rule options: the optional rules and additional strategies as switches."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import ConfigError


@dataclass(frozen=True)
class FourthStreetOptions:
    # Optional Rules: Fatigue (fat rating, fatigue points up to 3, rest requirements).
    fatigue: bool = True
    # Optional Rules: Assists (last passer), and the white-die-1 make-up for the other 25%.
    assists: bool = True
    assist_makeup: bool = True
    # Injuries ("Injuries", Injury Chart). Off: the injury symbol is read as a blank (missed shot).
    injuries: bool = True
    # Zone defenses. The 1979-80 NBA season did not allow them ("In 1979-80, zone defenses were
    # not allowed in the NBA"), so the season default is off; switch on to allow them.
    zone_defense: bool = False
    # "3-Second Defense": in a zone no player may stay in zone 1B for more than one action.
    three_second_rule: bool = True
    # The press ("Press").
    press: bool = True
    # Additional Strategies (3-point offense, desperation defense, intentionally missed free
    # throws, milk the clock, kick it out; playing it safe in foul trouble).
    strategies: bool = True
    # Shot-clock reset after an offensive rebound (0 = full reset, e.g. 14 for seasons using it).
    offensive_rebound_reset: int = 0
    # Seconds a regular setup play takes (5; 10 for some college seasons).
    setup_seconds: int = 5
    # Level 3 shots are 3-point attempts ("unless the 3-point rule is not in use").
    three_point_line: bool = True

    def validate(self, where: str = "fourthstreet rule options") -> None:
        if self.offensive_rebound_reset not in (0, 14):
            raise ConfigError(f"{where}: option 'offensive_rebound_reset' must be 0 (full reset) or 14, got {self.offensive_rebound_reset!r}")
        if self.setup_seconds not in (5, 10):
            raise ConfigError(f"{where}: option 'setup_seconds' must be 5 or 10, got {self.setup_seconds!r}")
