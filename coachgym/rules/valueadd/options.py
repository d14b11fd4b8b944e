"""Value Add Basketball rule options. Every advanced rule of the text is a switch."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ...core.errors import ConfigError


@dataclass(frozen=True)
class ValueAddOptions:
    # "Choose when (and if) to use reserves": 1 Simple (starters all game), 2 Basic (reserves play
    # possessions 44-38), 3 Advanced (the coach rotates players; stamina penalties apply).
    rotation: int = 3
    # "In most cases, player with 6, 7 or 8 on card gets ball": 1 Simple (numbers as printed),
    # 2 Basic (numbers transferable top to bottom, "20" for players left without one).
    extra_numbers: int = 2
    # Stamina: tired (one step) and doubled (two steps) penalties on every roll (rotation 3 only).
    stamina: bool = True
    # "IMPORTANT - Rolls on 6, 7, 8 are 'Team' defense for Steals or Blocks" (False = SIMPLE game:
    # the defender at the same position defends every roll).
    team_defense: bool = True
    # Steals 11-17..11-22 and blocks 21-27..21-32 reach other opposing players (ADVANCED RULE).
    extended_ranges: bool = True
    # "Defense chooses to switch defenders" (advanced rule; also moves defensive rebounding).
    switches: bool = True
    # "Avoiding Fouls (advanced rules) - Option 2".
    avoid_fouls: bool = True
    # "Call 'attempting 3-pointer' before roll to increase range".
    three_point_mode: bool = True
    # "ADVANCED GAME OPTION - Roll only 3 dice (skip 20-sided) to intentionally foul".
    intentional_fouls: bool = True
    # "ADVANCED GAME OPTION - Roll 8-sided die first, then others" (last four possessions).
    d8_first: bool = True
    # "ADVANCED RULE - Home Court Advantage" (36 / 66). Off = neutral court.
    home_court: bool = False
    # "Advanced rule for 3-point shots for players 1986 or earlier".
    pre_1986_threes: bool = False
    # Personal fouls that foul a player out.
    foul_limit: int = 5
    # Possession boxes in each overtime (reconstruction; the text has no overtime rule).
    overtime_boxes: int = 8
    # Free throws for a missed 2-pointer fouled on a 33-36 roll. The text prints "Missed 2-pointer -
    # gets three free throws" twice (3, the letter); its home-court and stick-back rules give a
    # missed 2 two shots, the reading kept by default (2). docs/rules/value-add-basketball.md 6.
    missed_two_free_throws: int = 2

    def validate(self, where: str = "valueadd rule options") -> None:
        if self.rotation not in (1, 2, 3):
            raise ConfigError(f"{where}: option 'rotation' must be 1, 2 or 3, got {self.rotation!r}")
        if self.extra_numbers not in (1, 2):
            raise ConfigError(f"{where}: option 'extra_numbers' must be 1 or 2, got {self.extra_numbers!r}")
        if not 1 <= self.foul_limit <= 10:
            raise ConfigError(f"{where}: option 'foul_limit' must be 1-10, got {self.foul_limit!r}")
        if self.missed_two_free_throws not in (2, 3):
            raise ConfigError(f"{where}: option 'missed_two_free_throws' must be 2 or 3, got {self.missed_two_free_throws!r}")
        if not 1 <= self.overtime_boxes <= 20:
            raise ConfigError(f"{where}: option 'overtime_boxes' must be 1-20, got {self.overtime_boxes!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def stamina_penalties(self) -> bool:
        return self.stamina and self.rotation == 3
